package io.liveharness.engine;

/**
 * The engine refused a request because it is too busy to serve it in time: try again later, or
 * answer without the model. {@link #reason()} says which limit refused it.
 */
public final class EngineBusyException extends EngineException {
    /** The backlog ahead of the request would finish it past its deadline: refused at once, not at the deadline. */
    public static final String OVERLOAD = "overload";
    /** A guest request got no sequence by its {@link CompletionRequest#admitByNanos()}. */
    public static final String ADMISSION = "admission";

    private final String reason;

    public EngineBusyException(String reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** {@link #OVERLOAD} or {@link #ADMISSION}. */
    public String reason() { return reason; }
}
