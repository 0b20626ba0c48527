package io.liveharness.pipeline;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The streaming form of {@link VisibleText}: takes a model's output piece by piece and gives back
 * only what a viewer may hear. {@code <think>}, {@code <tool_call>}, {@code <tool_response>} and
 * {@code <tools>} blocks are dropped with what is inside them (an unclosed one to the end), chat
 * special tokens ({@code <|im_end|>}) are dropped, and a tag split across pieces ("{@code <thi}" +
 * "{@code nk>}") is held back until it is whole, so what comes out does not depend on where the
 * tokens were cut. Tags are matched as {@link VisibleText} matches them: any case, spaces inside.
 */
final class MarkupFilter {
    private static final Pattern TAG = Pattern.compile(
            "<\\s*(/?)\\s*(think|tool_call|tool_response|tools)\\s*>|<\\|[^|<>]{1,40}\\|>", Pattern.CASE_INSENSITIVE);
    /** What the end of the text may be the start of: a block tag or a special token, not yet closed. */
    private static final Pattern OPEN_END = Pattern.compile(
            "<\\s*/?\\s*[a-z_]{0,13}\\s*$|<\\|[^|<>]{0,40}\\|?$", Pattern.CASE_INSENSITIVE);
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cc}&&[^\\n]]");

    /**
     * Text not yet given out: visible text, then (inside a block) the block from its opening tag on.
     * What is removed is cut out in place, so the text around it joins as {@link VisibleText} joins
     * it: "<t" + block + "hink>" becomes a tag again, not speech.
     */
    private final StringBuilder pending = new StringBuilder();
    /** Where the block being skipped starts in {@code pending}, or -1 outside one. */
    private int blockStart = -1;
    private String block;

    /** The visible text that {@code piece} makes certain now (possibly empty). */
    String push(String piece) {
        pending.append(piece);
        return drain(false);
    }

    /** The visible text still held back at the end of the output; an unclosed block is dropped. */
    String finish() {
        String out = drain(true);
        pending.setLength(0);
        blockStart = -1;
        block = null;
        return out;
    }

    private String drain(boolean end) {
        while (removeNextTag()) { }
        if (blockStart >= 0) {
            if (end) pending.setLength(blockStart); // an unclosed block runs to the end
            else {
                // inside the block keep only what may start its closing tag; before it, what may start a tag
                int keepInside = heldBack(blockStart);
                pending.delete(blockStart, pending.length() - keepInside);
            }
        }
        int visibleEnd = blockStart >= 0 && !end ? blockStart : pending.length();
        int keep = end ? 0 : heldBack(0, visibleEnd);
        String out = pending.substring(0, visibleEnd - keep);
        pending.delete(0, visibleEnd - keep);
        if (blockStart >= 0) blockStart -= visibleEnd - keep;
        if (end) { blockStart = -1; block = null; }
        return CONTROL.matcher(out).replaceAll("");
    }

    /** Cuts out the next tag (and, for a block's closing tag, the block); false when there is none. */
    private boolean removeNextTag() {
        Matcher m = TAG.matcher(pending);
        int from = blockStart >= 0 ? blockStart : 0;
        while (m.find(from)) {
            String name = m.group(2) == null ? null : m.group(2).toLowerCase(Locale.ROOT);
            boolean closing = "/".equals(m.group(1));
            if (blockStart < 0) {
                if (name != null && !closing) {
                    blockStart = m.start();
                    block = name;
                    return true; // the tag stays until the block closes, so nothing inside is given out
                }
                pending.delete(m.start(), m.end()); // an orphan closing tag or a special token
                return true;
            }
            if (m.start() >= blockStart && closing && block.equals(name)) {
                pending.delete(blockStart, m.end());
                blockStart = -1;
                block = null;
                return true;
            }
            from = m.start() + 1; // inside a block only its own closing tag counts
            if (from > pending.length()) break;
        }
        return false;
    }

    private int heldBack(int from) { return heldBack(from, pending.length()); }

    /**
     * How much of the end of {@code pending[from, to)} could still become a tag when more text comes:
     * an unfinished tag, and any unfinished tag just before it ("<t" + "</t"), since removing the later
     * one when it completes joins the earlier one to what follows.
     */
    private int heldBack(int from, int to) {
        int start = to;
        while (true) {
            int lt = start == 0 ? -1 : pending.lastIndexOf("<", start - 1);
            if (lt < from || start - lt > 48 || !OPEN_END.matcher(pending.subSequence(lt, start)).matches()) return to - start;
            start = lt;
        }
    }
}
