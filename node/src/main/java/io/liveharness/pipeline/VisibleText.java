package io.liveharness.pipeline;

import java.util.regex.Pattern;

/**
 * What of a model's output a viewer may hear: no {@code <think>} reasoning, no tool-call or
 * tool-response markup, no stray control characters, no U+FFFD (the decoder's stand-in for bytes
 * a small model put in a wrong order: nothing a voice can say). A block whose closing tag is missing runs to
 * the end of the text, because a model cut off mid-thought must not broadcast the rest of it.
 */
public final class VisibleText {
    private static final String[] BLOCKS = {"think", "tool_call", "tool_response", "tools"};
    private static final Pattern BLOCK_TAG = Pattern.compile(
            "<\\s*(/?)\\s*(think|tool_call|tool_response|tools)\\s*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern SPECIAL_TOKEN = Pattern.compile("<\\|[^|<>]{1,40}\\|>");
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cc}\\x{FFFD}&&[^\\n]]");
    private static final Pattern SPACES = Pattern.compile("[ \\t\\x0B\\f\\r]+");

    public static String of(String output) {
        // Removing a block can join the pieces around it into a new tag ("<t" + block + "hink>"),
        // so clean until nothing changes; each pass that changes the text makes it shorter.
        String text = output;
        while (true) {
            String cleaned = cleanOnce(text);
            if (cleaned.equals(text)) return cleaned;
            text = cleaned;
        }
    }

    private static String cleanOnce(String output) {
        // Canonical tags first ("< THINK >" -> "<think>"), so spacing or case cannot hide a block.
        String text = BLOCK_TAG.matcher(output).replaceAll(m -> "<" + m.group(1) + m.group(2).toLowerCase(java.util.Locale.ROOT) + ">");
        for (String block : BLOCKS) text = removeBlocks(text, block);
        // An orphan closing tag (e.g. "</think>" when the opening one was in the prompt) means
        // everything before it was reasoning.
        int orphanClose = lastIndexOfIgnoreCase(text, "</think>");
        if (orphanClose >= 0) text = text.substring(orphanClose + "</think>".length());
        text = BLOCK_TAG.matcher(text).replaceAll("");
        text = SPECIAL_TOKEN.matcher(text).replaceAll("");
        text = CONTROL.matcher(text).replaceAll("");
        text = SPACES.matcher(text).replaceAll(" ");
        return text.strip();
    }

    private static String removeBlocks(String text, String tag) {
        String open = "<" + tag + ">";
        String close = "</" + tag + ">";
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        while (true) {
            int start = indexOfIgnoreCase(text, open, from);
            if (start < 0) {
                out.append(text, from, text.length());
                return out.toString();
            }
            out.append(text, from, start);
            int end = indexOfIgnoreCase(text, close, start + open.length());
            if (end < 0) return out.toString();
            from = end + close.length();
        }
    }

    private static int indexOfIgnoreCase(String text, String needle, int from) {
        for (int i = Math.max(0, from); i + needle.length() <= text.length(); i++) {
            if (text.regionMatches(true, i, needle, 0, needle.length())) return i;
        }
        return -1;
    }

    private static int lastIndexOfIgnoreCase(String text, String needle) {
        for (int i = text.length() - needle.length(); i >= 0; i--) {
            if (text.regionMatches(true, i, needle, 0, needle.length())) return i;
        }
        return -1;
    }

    private VisibleText() { }
}
