package io.liveharness.engine;

/**
 * The engine refused a request because it is too busy to serve it in time: try again later, or
 * answer without the model. {@link #reason()} says which limit refused it.
 */
public final class EngineBusyException extends EngineException {
    private final ShedReason reason;

    public EngineBusyException(ShedReason reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** {@link ShedReason#OVERLOAD} or {@link ShedReason#ADMISSION}. */
    public ShedReason reason() { return reason; }
}
