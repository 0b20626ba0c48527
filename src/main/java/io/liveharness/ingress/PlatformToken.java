package io.liveharness.ingress;

import io.liveharness.config.NodeConfig.PlatformConfig;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The commerce platform's bearer token, which room state pushes need: from {@code platform.token},
 * else {@code LIVEHARNESS_PLATFORM_TOKEN}, else made at start and written to
 * {@code platform.tokenFile} with mode 600. It is never logged; {@link #toString()} hides it.
 */
public final class PlatformToken {
    private final byte[] token;
    private final String source;

    private PlatformToken(String token, String source) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.source = source;
    }

    public static PlatformToken of(String token) { return new PlatformToken(token, "given"); }

    public static PlatformToken resolve(PlatformConfig config) {
        if (config.token() != null) return new PlatformToken(config.token(), "conf platform.token");
        String env = System.getenv(PlatformConfig.TOKEN_ENV);
        if (env != null && !env.isBlank()) return new PlatformToken(env.trim(), "env " + PlatformConfig.TOKEN_ENV);
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        String made = HexFormat.of().formatHex(random);
        Path file = Path.of(config.tokenFile()).toAbsolutePath();
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, made + "\n", StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the platform token to " + file, e);
        }
        System.out.println("platform token written to " + file + " (mode 600)");
        return new PlatformToken(made, "file " + file);
    }

    /** Whether {@code candidate} is the token, in time that does not depend on where they differ. */
    public boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A route handler that lets a request through only with {@code Authorization: Bearer <platform
     * token>}: 401 without one, 403 with any other (the operator's included). The token is never echoed.
     */
    public Handler<RoutingContext> guard() {
        return ctx -> {
            String header = ctx.request().getHeader("Authorization");
            if (header == null || header.isBlank()) {
                ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"liveharness-platform\"");
                Responses.error(ctx, new ApiError(401, "Authorization",
                        "room state comes from the commerce platform: send 'Authorization: Bearer <platform token>'"));
            } else if (!header.regionMatches(true, 0, "Bearer ", 0, 7) || !matches(header.substring(7).trim())) {
                Responses.error(ctx, new ApiError(403, "Authorization", "that is not the platform token"));
            } else {
                ctx.next();
            }
        };
    }

    /**
     * {@code Bearer <token>}, for this node's own loopback replay of a command another cluster node
     * relayed (io.liveharness.kafka.ClusterPlacement): it never leaves the process and is never logged.
     */
    public String bearer() { return "Bearer " + new String(token, StandardCharsets.UTF_8); }

    /** Where the token came from (never the token). */
    public String source() { return source; }

    @Override
    public String toString() { return "PlatformToken[" + source + "]"; }
}
