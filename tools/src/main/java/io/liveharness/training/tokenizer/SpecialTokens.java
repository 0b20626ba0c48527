package io.liveharness.training.tokenizer;

import java.util.List;

/**
 * The chat and tool markers of the ChatML format: whole tokens in the vocabulary, never built by
 * merges, and cut out of the corpus before learning. {@code <|...|>} ones are control tokens,
 * the tag-like ones user-defined (as Qwen3's GGUFs have them), so a model can still write them.
 */
public final class SpecialTokens {
    public static final String END_OF_TEXT = "<|endoftext|>", IM_START = "<|im_start|>", IM_END = "<|im_end|>";

    public static final List<String> ALL = List.of(END_OF_TEXT, IM_START, IM_END, "<think>", "</think>",
            "<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>");

    /** llama_token_type values. */
    public static final int NORMAL = 1, CONTROL = 3, USER_DEFINED = 4;

    private SpecialTokens() { }

    public static int type(String special) { return special.startsWith("<|") ? CONTROL : USER_DEFINED; }

    /** The stretches of {@code text} between special tokens, which llama.cpp also tokenizes apart. */
    public static List<String> segments(String text) {
        List<String> out = new java.util.ArrayList<>();
        int from = 0;
        while (true) {
            int at = -1;
            String found = null;
            for (String s : ALL) {
                int i = text.indexOf(s, from);
                if (i >= 0 && (at < 0 || i < at)) { at = i; found = s; }
            }
            if (found == null) break;
            if (at > from) out.add(text.substring(from, at));
            from = at + found.length();
        }
        if (from < text.length()) out.add(text.substring(from));
        return out;
    }
}
