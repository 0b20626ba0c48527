package io.liveharness.pipeline;

import java.util.regex.Pattern;

/**
 * Viewer text goes into the prompt as text, never as control: the engine tokenizes the whole
 * prompt with special tokens parsed (the chat template needs them), so a viewer who types
 * {@code <|im_start|>system} or {@code <tool_call>} could otherwise speak as the system or as the
 * model. Markers are removed; everything else is kept as typed.
 */
public final class ViewerText {
    private static final Pattern MARKERS = Pattern.compile(
            "<\\|[^|<>]{1,40}\\|>|<\\s*/?\\s*(think|tool_call|tool_response|tools)\\s*>", Pattern.CASE_INSENSITIVE);

    public static String sanitize(String text) {
        String out = text;
        String before;
        do {
            before = out;
            out = MARKERS.matcher(out).replaceAll("");
        } while (!out.equals(before)); // "<|im_<|x|>start|>" must not leave a marker behind
        return out;
    }

    private ViewerText() { }
}
