package io.liveharness.training.data;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.export.Trajectory;
import io.liveharness.training.tokenizer.BpeEncoder;
import io.liveharness.training.tokenizer.GgufVocabulary;
import io.liveharness.training.tokenizer.SpecialTokens;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A trajectory as the model sees it when it serves: the ChatML text llama.cpp's template renders
 * ({@code <|im_start|>role\ncontent<|im_end|>\n} per message), tokenized as llama.cpp tokenizes it
 * (special tokens cut out first, BPE between them), with a mask on what the avatar wrote in this
 * turn: its tool calls and its reply, each with the {@code <|im_end|>} that ends it, so the model
 * learns to stop. Earlier turns of the conversation are context, unless a message's {@code weight}
 * says to learn it (a room's earlier answer that the same prompt would have produced).
 *
 * <p>A target token is also marked <em>key</em> when the answer turns on it, so {@code model encode
 * --key-weight} can weigh it more in the loss:
 * <ul>
 *   <li>a fact copied from the context: a stretch of the avatar's text (at least {@value #MIN_COPY}
 *   characters, two with a digit) that appears earlier in the conversation and holds a digit (a
 *   price, a stock count, a product or link id, a delivery time), or that a tool result says (a
 *   colour, a courier, a material), or that the context says only in lines naming a product id (a
 *   product's name). Words the prompt and every reply share are not facts;</li>
 *   <li>a tool call: which tool, and with what arguments;</li>
 *   <li>the first {@value #OPENING} characters of a reply, which choose its language.</li>
 * </ul>
 * Those are the tokens a small model gets wrong by writing a typical value instead of reading one.
 */
public final class ChatEncoder {
    private static final ObjectMapper JSON = Json.MAPPER;
    private final GgufVocabulary vocab;
    private final BpeEncoder bpe;

    public ChatEncoder(GgufVocabulary vocab) {
        this.vocab = vocab;
        this.bpe = new BpeEncoder(vocab.bpe());
    }

    /** Shortest stretch of the avatar's text counted as copied from the context; two when it holds a digit ("36" left in stock). */
    static final int MIN_COPY = 3;
    /** How much of a reply's opening is key: enough for its first word, which sets the language. */
    static final int OPENING = 2;
    /** An id such as {@code dress-101} or {@code kora-6504}: a line that names one states a product's data. */
    private static final Pattern PRODUCT_ID = Pattern.compile("(?<![\\w-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*-\\d+(?![\\w-])");

    /** Tokens; per token, whether predicting it counts toward the loss, and whether the answer turns on it. */
    public record Encoded(int[] tokens, boolean[] mask, boolean[] key, String text) {
        public int targets() {
            int n = 0;
            for (boolean b : mask) if (b) n++;
            return n;
        }
    }

    /** The ChatML text, the spans (UTF-16 offsets) the avatar wrote, and the key stretches of those. */
    record Rendered(String text, List<int[]> targets, List<int[]> keys) { }

    public Encoded encode(Trajectory t) {
        Rendered r = render(t);
        return tokenize(r);
    }

    /** The replies the loss learns, as the avatar wrote them (tool calls left out). */
    public static List<String> learnedReplies(Trajectory t) {
        boolean[] learned = learned(t);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < learned.length; i++) {
            String c = t.messages().get(i).content();
            if (learned[i] && c != null && !c.isEmpty()) out.add(c);
        }
        return out;
    }

    /** Which messages are targets: the avatar's turns after the last user turn, or those whose weight says to learn them. */
    private static boolean[] learned(Trajectory t) {
        int lastUser = -1;
        for (int i = 0; i < t.messages().size(); i++) if (t.messages().get(i).role().equals("user")) lastUser = i;
        boolean[] out = new boolean[t.messages().size()];
        for (int i = 0; i < out.length; i++) {
            Trajectory.Message m = t.messages().get(i);
            out[i] = m.role().equals("assistant") && (m.weight() != null ? m.weight() == 1 : i > lastUser);
        }
        return out;
    }

    static Rendered render(Trajectory t) {
        StringBuilder s = new StringBuilder();
        List<int[]> targets = new ArrayList<>();
        boolean[] learned = learned(t);
        for (int i = 0; i < t.messages().size(); i++) {
            Trajectory.Message m = t.messages().get(i);
            s.append(SpecialTokens.IM_START).append(m.role()).append('\n');
            int from = s.length();
            s.append(content(m));
            s.append(SpecialTokens.IM_END);
            if (learned[i]) targets.add(new int[]{from, s.length()});
            s.append('\n');
        }
        String text = s.toString();
        StringBuilder toolResults = new StringBuilder();
        for (Trajectory.Message m : t.messages()) if (m.role().equals("tool") && m.content() != null) toolResults.append(m.content()).append('\n');
        List<int[]> keys = new ArrayList<>();
        for (int[] span : targets) {
            keys.addAll(copies(text, span[0], span[1], toolResults.toString()));
            keys.addAll(decisions(text, span[0], span[1]));
        }
        return new Rendered(text, targets, keys);
    }

    /** The tool calls in {@code text[from, to)}, or, in a reply without any, its opening. */
    static List<int[]> decisions(String text, int from, int to) {
        List<int[]> out = new ArrayList<>();
        int at = text.indexOf("<tool_call>", from);
        while (at >= 0 && at < to) {
            int end = text.indexOf("</tool_call>", at);
            end = end < 0 || end > to ? to : end + "</tool_call>".length();
            out.add(new int[]{at, end});
            at = text.indexOf("<tool_call>", end);
        }
        if (out.isEmpty()) out.add(new int[]{from, Math.min(to, from + OPENING)});
        return out;
    }

    /**
     * The stretches of {@code text[from, to)} found in {@code text[0, from)}, greedily longest
     * first from left to right, of at least {@link #MIN_COPY} characters, that are facts: they hold
     * a digit, or they hold a letter and the tool results say them or only a product's lines do.
     */
    static List<int[]> copies(String text, int from, int to, String toolResults) {
        String context = text.substring(0, from);
        List<int[]> out = new ArrayList<>();
        int p = from;
        while (p < to) {
            int len = 0;
            while (p + len < to && context.contains(text.substring(p, p + len + 1))) len++;
            String stretch = text.substring(p, p + len);
            boolean digit = stretch.codePoints().anyMatch(Character::isDigit);
            boolean fact = digit ? len >= 2
                    : len >= MIN_COPY && stretch.codePoints().anyMatch(Character::isLetter)
                      && (toolResults.contains(stretch) || onlyInProductLines(context, stretch));
            if (fact) {
                out.add(new int[]{p, p + len});
                p += len;
            } else {
                p++;
            }
        }
        return out;
    }

    /** Whether every line of the context that says {@code stretch} names an id: a product's name or material, not the prompt's own words. */
    static boolean onlyInProductLines(String context, String stretch) {
        for (int at = context.indexOf(stretch); at >= 0; at = context.indexOf(stretch, at + 1)) {
            int start = context.lastIndexOf('\n', at) + 1, end = context.indexOf('\n', at + stretch.length());
            if (!PRODUCT_ID.matcher(context.substring(start, end < 0 ? context.length() : end)).find()) return false;
        }
        return true;
    }

    /** What the model wrote: its text, or its tool calls as the markup the agent loop parses. */
    static String content(Trajectory.Message m) {
        if (m.toolCalls() == null) return m.content() == null ? "" : m.content();
        StringBuilder out = new StringBuilder(m.content() == null ? "" : m.content());
        for (Trajectory.Call c : m.toolCalls()) {
            ObjectNode call = JSON.createObjectNode().put("name", c.name());
            try {
                call.set("arguments", JSON.readTree(c.arguments()));
            } catch (Exception e) {
                throw new IllegalArgumentException("tool call " + c.name() + " has arguments that are not JSON: " + c.arguments(), e);
            }
            out.append("<tool_call>").append(call).append("</tool_call>");
        }
        return out.toString();
    }

    private Encoded tokenize(Rendered r) {
        String text = r.text();
        List<Integer> tokens = new ArrayList<>();
        List<Integer> starts = new ArrayList<>(); // UTF-16 offset where each token starts
        int from = 0;
        while (from < text.length()) {
            int at = -1;
            String found = null;
            for (String sp : SpecialTokens.ALL) {
                int i = text.indexOf(sp, from);
                if (i >= 0 && (at < 0 || i < at)) { at = i; found = sp; }
            }
            int end = found == null ? text.length() : at;
            if (end > from) plain(text.substring(from, end), from, tokens, starts);
            if (found == null) break;
            tokens.add(vocab.specials().get(found));
            starts.add(at);
            from = at + found.length();
        }
        int[] ids = tokens.stream().mapToInt(Integer::intValue).toArray();
        boolean[] mask = new boolean[ids.length], key = new boolean[ids.length];
        for (int i = 1; i < ids.length; i++) {
            int start = starts.get(i);
            for (int[] span : r.targets()) if (start >= span[0] && start < span[1]) mask[i] = true;
            for (int[] span : r.keys()) if (start >= span[0] && start < span[1]) key[i] = true;
        }
        return new Encoded(ids, mask, key, text);
    }

    /** BPE tokens of a stretch without special tokens, with where each starts in the whole text. */
    private void plain(String piece, int offset, List<Integer> tokens, List<Integer> starts) {
        byte[] utf8 = piece.getBytes(StandardCharsets.UTF_8);
        int bytePos = 0, charPos = 0, tokenEnd = 0;
        for (int id : bpe.encode(piece)) {
            tokens.add(id);
            starts.add(offset + charPos);
            tokenEnd += vocab.bpe().tokens().get(id).length;
            while (bytePos < tokenEnd) { // walk whole characters: a token may end inside one, the next starts there
                int b = utf8[bytePos] & 0xFF;
                int len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
                bytePos += len;
                charPos += len == 4 ? 2 : 1;
            }
        }
    }
}
