package io.liveharness.api;

/** What the avatar says in a room, after the emit stage: clean text, ready for TTS. */
public record AvatarReply(String roomId, String messageId, String text, String intent, double confidence,
                          String harnessVersion, boolean fallback, long emittedAtMs) {
}
