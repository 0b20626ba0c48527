package io.liveharness.engine;

/** A model or native-library failure, with a message a human can act on. */
public class EngineException extends RuntimeException {
    public EngineException(String message) { super(message); }
    public EngineException(String message, Throwable cause) { super(message, cause); }
}
