package io.liveharness.control;

/** A change asked of a node that has not read the control plane to its end: it could check it only against old state. */
public final class NotCaughtUpException extends IllegalStateException {
    public NotCaughtUpException(String message) { super(message); }
}
