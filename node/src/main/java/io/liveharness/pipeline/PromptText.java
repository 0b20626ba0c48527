package io.liveharness.pipeline;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text from outside (viewers, the platform's room state, catalog entries) goes into the prompt as
 * text, never as control. The engine's chat template is built from special tokens; text that
 * spells one ({@code <|im_start|>system}, {@code <start_of_turn>}, {@code [INST]}, {@code <tool_call>})
 * could otherwise speak as the system or as the model, and a value that starts a new line with
 * {@code ## Rules} would open a prompt section of its own. One place knows the markers of every
 * template family the engine may run, for every caller.
 */
public final class PromptText {
    /**
     * Chat-template markers: {@code <|...|>} (ChatML, Llama 3, Phi, ...), DeepSeek's full-width
     * {@code <｜...｜>}, tag-shaped ones (Gemma's turns, Qwen's tool and think tags, Llama 2's
     * {@code <s>}), Mistral's {@code [INST]} family and Llama 2's {@code <<SYS>>}.
     */
    private static final Pattern MARKER = Pattern.compile(String.join("|",
            "<\\|[^|<>\\n]{0,64}\\|>",
            "<｜[^｜<>\\n]{0,64}｜>",
            "<\\s*/?\\s*(?:start_of_turn|end_of_turn|start_of_image|end_of_image|bos|eos|pad|unk|s|im_start|im_end|endoftext"
                    + "|think|tool_call|tool_calls|tool_response|tools|function_call|function_calls|tool_code|tool_output)\\s*>",
            "\\[\\s*/?\\s*(?:INST|SYS|SYSTEM_PROMPT|TOOL_CALLS|AVAILABLE_TOOLS|TOOL_RESULTS|TOOL_CONTENT|THINK|IMG|IMG_BREAK|IMG_END)\\s*]",
            "<<\\s*/?\\s*SYS\\s*>>"), Pattern.CASE_INSENSITIVE);

    /** Viewer text, multi-line as typed: every marker removed, the words kept. */
    public static String clean(String text) {
        String out = text;
        String before;
        do {
            before = out;
            out = MARKER.matcher(out).replaceAll("");
        } while (!out.equals(before)); // "<|im_<|x|>start|>" must not leave a marker behind
        return out;
    }

    /**
     * A value interpolated into a line of the system prompt: control and line-breaking characters
     * become spaces (so it cannot start a section), markers go, and it is cut to {@code maxChars}.
     */
    public static String line(String text, int maxChars) {
        if (text == null) return "";
        StringBuilder flat = new StringBuilder(text.length());
        text.codePoints().forEach(c -> flat.appendCodePoint(isControl(c) ? ' ' : c));
        String out = clean(flat.toString()).strip();
        if (out.codePointCount(0, out.length()) > maxChars) out = out.substring(0, out.offsetByCodePoints(0, maxChars));
        return out;
    }

    /**
     * Why a one-line value from a client cannot go into the prompt as sent, or null when it can:
     * longer than {@code maxChars}, a control character (a line break included), or a marker.
     */
    public static String problem(String text, int maxChars) {
        int length = text.codePointCount(0, text.length());
        if (length > maxChars) return "is " + length + " characters long; the limit is " + maxChars;
        int bad = text.codePoints().filter(PromptText::isControl).findFirst().orElse(-1);
        if (bad >= 0) return String.format("contains the control character U+%04X; send one line of plain text", bad);
        Matcher m = MARKER.matcher(text);
        if (m.find()) return "contains the chat-template marker '" + m.group() + "'; send plain text";
        return null;
    }

    /**
     * Control characters, line and paragraph separators, and invisible format characters (bidi
     * overrides among them) except the zero-width joiners that emoji sequences need.
     */
    private static boolean isControl(int c) {
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || (type == Character.FORMAT && c != 0x200C && c != 0x200D);
    }

    private PromptText() { }
}
