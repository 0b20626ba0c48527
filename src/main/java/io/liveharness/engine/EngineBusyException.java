package io.liveharness.engine;

/** A guest request that got no sequence by its {@link CompletionRequest#admitByNanos()}: try again later. */
public final class EngineBusyException extends EngineException {
    public EngineBusyException(String message) { super(message); }
}
