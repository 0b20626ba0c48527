package io.liveharness.engine;

/** Receives decoded text as it streams. Called on the backend's decode thread. */
@FunctionalInterface
public interface TokenSink {
    void onPiece(String piece);

    TokenSink NONE = piece -> { };
}
