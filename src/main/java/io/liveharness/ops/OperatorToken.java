package io.liveharness.ops;

import io.liveharness.config.NodeConfig.OpsConfig;

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
 * The operator API's bearer token: from {@code ops.token}, else {@code LIVEHARNESS_OPERATOR_TOKEN},
 * else made at start and written to {@code ops.tokenFile} with mode 600. It is never logged;
 * {@link #toString()} hides it.
 */
public final class OperatorToken {
    private final byte[] token;
    private final String source;

    private OperatorToken(String token, String source) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.source = source;
    }

    public static OperatorToken of(String token) { return new OperatorToken(token, "given"); }

    public static OperatorToken resolve(OpsConfig config) {
        if (config.token() != null) return new OperatorToken(config.token(), "conf ops.token");
        String env = System.getenv(OpsConfig.TOKEN_ENV);
        if (env != null && !env.isBlank()) return new OperatorToken(env.trim(), "env " + OpsConfig.TOKEN_ENV);
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
            throw new UncheckedIOException("could not write the operator token to " + file, e);
        }
        System.out.println("operator token written to " + file + " (mode 600)");
        return new OperatorToken(made, "file " + file);
    }

    /** Whether {@code candidate} is the token, in time that does not depend on where they differ. */
    public boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.UTF_8));
    }

    /** Where the token came from (never the token). */
    public String source() { return source; }

    @Override
    public String toString() { return "OperatorToken[" + source + "]"; }
}
