package io.liveharness.router;

import java.nio.file.Path;

/** The router model file is missing, unreadable or not a router model. The message names the file. */
public final class RouterModelException extends RuntimeException {
    private final Path file;

    public RouterModelException(Path file, String problem, Throwable cause) {
        super("router model file " + file.toAbsolutePath() + ": " + problem, cause);
        this.file = file;
    }

    public Path file() { return file; }
}
