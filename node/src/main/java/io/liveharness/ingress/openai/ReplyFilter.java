package io.liveharness.ingress.openai;

import io.liveharness.engine.ToolCallParser;

/**
 * Turns a reply's raw text, piece by piece, into what OpenAI clients see as {@code content}:
 * {@code <think>…</think>} blocks are dropped (an unclosed one to the end), and with tools active
 * everything from the first {@code <tool_call>} on is held as the tool section instead of being
 * shown. A tag split across pieces is held back until it is whole, so the concatenated output is
 * the same however the text was cut into pieces.
 */
final class ReplyFilter {
    static final String THINK_OPEN = "<think>";
    static final String THINK_CLOSE = "</think>";

    private final boolean tools;
    private final StringBuilder pending = new StringBuilder();
    private final StringBuilder toolSection = new StringBuilder();
    private boolean inThink;
    private boolean inTools;

    ReplyFilter(boolean tools) { this.tools = tools; }

    /** The content that {@code piece} makes visible now (possibly empty). */
    String push(String piece) {
        pending.append(piece);
        return drain(false);
    }

    /** The content still held back at the end of the reply. */
    String finish() { return drain(true); }

    /** The text from the first {@code <tool_call>} on, think blocks removed; empty when there is none. */
    String toolSection() { return toolSection.toString(); }

    private String drain(boolean end) {
        StringBuilder out = new StringBuilder();
        while (true) {
            if (inThink) {
                int close = pending.indexOf(THINK_CLOSE);
                if (close >= 0) {
                    pending.delete(0, close + THINK_CLOSE.length());
                    inThink = false;
                    continue;
                }
                int keep = end ? 0 : heldPrefix(THINK_CLOSE);
                pending.delete(0, pending.length() - keep);
                return out.toString();
            }
            StringBuilder target = inTools ? toolSection : out;
            int think = pending.indexOf(THINK_OPEN);
            int call = tools && !inTools ? pending.indexOf(ToolCallParser.OPEN) : -1;
            if (think >= 0 && (call < 0 || think < call)) {
                target.append(pending, 0, think);
                pending.delete(0, think + THINK_OPEN.length());
                inThink = true;
                continue;
            }
            if (call >= 0) {
                out.append(pending, 0, call);
                pending.delete(0, call);
                inTools = true;
                continue;
            }
            int keep = end ? 0 : Math.max(heldPrefix(THINK_OPEN), tools && !inTools ? heldPrefix(ToolCallParser.OPEN) : 0);
            target.append(pending, 0, pending.length() - keep);
            pending.delete(0, pending.length() - keep);
            return out.toString();
        }
    }

    /** The length of the longest end of {@code pending} that could be the start of {@code tag}. */
    private int heldPrefix(String tag) {
        for (int n = Math.min(tag.length() - 1, pending.length()); n > 0; n--) {
            if (tag.regionMatches(0, pending.substring(pending.length() - n), 0, n)) return n;
        }
        return 0;
    }
}
