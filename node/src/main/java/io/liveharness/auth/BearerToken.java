package io.liveharness.auth;

import io.liveharness.config.NodeConfig.OpsConfig;
import io.liveharness.config.NodeConfig.PlatformConfig;

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
 * The bearer token of one permission: the operator's (rooms, routing), the publisher's (new
 * harness versions) or the commerce platform's (room state). Each comes from conf, else its
 * environment variable, else is made at start and written to its file with mode 600. It is never
 * logged; {@link #toString()} hides it.
 */
public final class BearerToken {
    private final String name;
    private final byte[] token;
    private final String source;

    private BearerToken(String name, String token, String source) {
        this.name = name;
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.source = source;
    }

    public static BearerToken of(String name, String token) { return new BearerToken(name, token, "given"); }

    /** The operator token: {@code ops.token}, else {@code LIVEHARNESS_OPERATOR_TOKEN}, else made into {@code ops.tokenFile}. */
    public static BearerToken operator(OpsConfig config) {
        return resolve("operator", config.token(), "conf ops.token", OpsConfig.TOKEN_ENV, config.tokenFile());
    }

    /**
     * The publisher token: {@code ops.publisherToken}, else {@code LIVEHARNESS_PUBLISHER_TOKEN}, else
     * made into {@code ops.publisherTokenFile}. Refused when it is the operator's: one token for both
     * would make every operator a publisher.
     */
    public static BearerToken publisher(OpsConfig config, BearerToken operator) {
        BearerToken publisher = resolve("publisher", config.publisherToken(), "conf ops.publisherToken",
                OpsConfig.PUBLISHER_TOKEN_ENV, config.publisherTokenFile());
        if (MessageDigest.isEqual(operator.token, publisher.token)) {
            throw new IllegalArgumentException("the publisher token (" + publisher.source + ") equals the operator token ("
                    + operator.source + "): give each its own");
        }
        return publisher;
    }

    /** The platform token: {@code platform.token}, else {@code LIVEHARNESS_PLATFORM_TOKEN}, else made into {@code platform.tokenFile}. */
    public static BearerToken platform(PlatformConfig config) {
        return resolve("platform", config.token(), "conf platform.token", PlatformConfig.TOKEN_ENV, config.tokenFile());
    }

    private static BearerToken resolve(String name, String configured, String configuredSource, String envName, String fileName) {
        if (configured != null) return new BearerToken(name, configured, configuredSource);
        String env = System.getenv(envName);
        if (env != null && !env.isBlank()) return new BearerToken(name, env.trim(), "env " + envName);
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        String made = HexFormat.of().formatHex(random);
        Path file = Path.of(fileName).toAbsolutePath();
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, made + "\n", StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the " + name + " token to " + file, e);
        }
        System.out.println(name + " token written to " + file + " (mode 600)");
        return new BearerToken(name, made, "file " + file);
    }

    /** Whether {@code candidate} is the token, in time that does not depend on where they differ. */
    public boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether an {@code Authorization} header value is {@code Bearer <this token>}. */
    public boolean authorizes(String header) {
        return header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) && matches(header.substring(7).trim());
    }

    /**
     * {@code Bearer <token>}, for this node's own loopback replay of a command another cluster node
     * relayed (io.liveharness.kafka.ClusterPlacement): it never leaves the process and is never logged.
     */
    public String bearer() { return "Bearer " + new String(token, StandardCharsets.UTF_8); }

    /** Where the token came from (never the token). */
    public String source() { return source; }

    @Override
    public String toString() { return "BearerToken[" + name + ", " + source + "]"; }
}
