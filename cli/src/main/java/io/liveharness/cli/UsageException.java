package io.liveharness.cli;

/** Bad command-line arguments: the message says which and what was expected. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) { super(message); }
}
