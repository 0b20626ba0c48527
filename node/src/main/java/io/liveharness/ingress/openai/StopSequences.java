package io.liveharness.ingress.openai;

import java.util.List;

/**
 * The request's {@code stop} strings over streamed text: text is passed on once it cannot be the
 * start of a stop string, and the first match ends the reply there (the stop string itself is not
 * part of the reply, as with OpenAI).
 */
final class StopSequences {
    private final List<String> stops;
    private final StringBuilder pending = new StringBuilder();
    private boolean matched;

    StopSequences(List<String> stops) { this.stops = stops; }

    boolean matched() { return matched; }

    /** The text that is safe to pass on after {@code piece}; nothing once a stop string matched. */
    String push(String piece) {
        if (matched) return "";
        if (stops.isEmpty()) return piece;
        pending.append(piece);
        int first = -1;
        for (String s : stops) {
            int i = pending.indexOf(s);
            if (i >= 0 && (first < 0 || i < first)) first = i;
        }
        if (first >= 0) {
            matched = true;
            String out = pending.substring(0, first);
            pending.setLength(0);
            return out;
        }
        int keep = 0;
        for (String s : stops) {
            for (int n = Math.min(s.length() - 1, pending.length()); n > keep; n--) {
                if (s.regionMatches(0, pending.substring(pending.length() - n), 0, n)) { keep = n; break; }
            }
        }
        String out = pending.substring(0, pending.length() - keep);
        pending.delete(0, pending.length() - keep);
        return out;
    }

    /** What is still held back when the reply ends without a match. */
    String finish() {
        String out = matched ? "" : pending.toString();
        pending.setLength(0);
        return out;
    }
}
