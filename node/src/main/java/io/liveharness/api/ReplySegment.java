package io.liveharness.api;

/**
 * One piece of a reply a TTS engine can speak (a clause or a sentence), checked by the output hooks
 * before it was released. Published on {@code segment.<roomId>} in order; once released it is
 * spoken and cannot be taken back.
 *
 * @param index         its place in the reply, from 0
 * @param source        whether the model said it or the skill's fallback finished the reply with it
 * @param speechSeconds how long it is estimated to take to say (rooms.speech rates)
 * @param releasedAtMs  when the room released it to viewers (0 before release)
 * @param speaksAtMs    when the avatar is estimated to start saying it: after whatever it was still saying
 */
public record ReplySegment(String roomId, String messageId, int index, String text, Source source,
                           double speechSeconds, long releasedAtMs, long speaksAtMs) {

    public enum Source {
        MODEL, FALLBACK;

        @com.fasterxml.jackson.annotation.JsonValue
        public String label() { return name().toLowerCase(java.util.Locale.ROOT); }
    }

    /** The same segment as released now, to be spoken from {@code speaksAtMs}. */
    public ReplySegment released(long atMs, long speaksAtMs) {
        return new ReplySegment(roomId, messageId, index, text, source, speechSeconds, atMs, speaksAtMs);
    }

    /** When the avatar is estimated to have finished saying it. */
    public long speechEndsAtMs() { return speaksAtMs + Math.round(speechSeconds * 1000); }
}
