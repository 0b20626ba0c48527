package io.liveharness.room;

/**
 * When a room's avatar is estimated to stop speaking: each released segment is said after the one
 * before it, taking its estimated seconds. Owned by one room verticle; not thread-safe.
 */
final class SpeechClock {
    private long speakingUntilMs;
    private long segments;
    private double seconds;

    SpeechClock(RoomSnapshot.Speech restored) {
        this.segments = restored.segmentsReleased();
        this.seconds = restored.speechSeconds();
        this.speakingUntilMs = restored.speakingUntilMs();
    }

    /** A segment released at {@code nowMs}: returns when the avatar starts saying it. */
    long release(double speechSeconds, long nowMs) {
        long start = Math.max(nowMs, speakingUntilMs);
        speakingUntilMs = start + Math.round(speechSeconds * 1000);
        segments++;
        seconds += speechSeconds;
        return start;
    }

    /** When everything released so far is estimated to have been said. */
    long speakingUntilMs() { return speakingUntilMs; }

    RoomSnapshot.Speech state() { return new RoomSnapshot.Speech(segments, seconds, speakingUntilMs); }
}
