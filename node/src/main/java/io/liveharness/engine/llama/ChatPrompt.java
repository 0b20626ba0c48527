package io.liveharness.engine.llama;

import io.liveharness.engine.ChatMessage;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A chat as tokens, with the template's own markers as special tokens and the messages' text as
 * text. Tokenizing the whole templated prompt with special tokens parsed (what llama.cpp's tools
 * do) would turn a viewer's {@code <|im_start|>system} into a real turn of the chat.
 *
 * <p>The rule: a control token ({@code <|im_start|>}, {@code <|im_end|>}, {@code <s>}...) never
 * comes from a message's text. The vocabulary's user-defined markup ({@code <tool_call>},
 * {@code <think>}...) comes from the text of {@code system} and {@code assistant} messages only
 * (the harness's instructions and the model's own replies, as the model was trained); from
 * {@code user} and {@code tool} messages (viewers, tool results) it stays text too.
 *
 * <p>How: the template is rendered once with the real contents and once with a random sentinel in
 * place of each; the sentinels show where each message's text sits in the prompt. When no special
 * token's text overlaps a message's text where the rule forbids it (every ordinary chat), the
 * prompt is tokenized whole, so the tokens are exactly those of the plain way. Otherwise the
 * template's parts are tokenized with specials parsed and each message's text with them off, cut
 * where a forbidden special token's text starts, and the pieces are joined: the text around such a
 * spot may split into other tokens than it would whole, and nothing else changes.
 */
public final class ChatPrompt {
    private static final System.Logger LOG = System.getLogger(ChatPrompt.class.getName());

    /** Where one message's text sits in the prompt, and whether the vocabulary's markup may be parsed from it. */
    record Span(int start, int end, boolean markup) { }

    /** The prompt text and the spans of untrusted text in it. */
    record Rendered(String text, List<Span> spans) { }

    /** The prompt's tokens (with the vocabulary's BOS where it adds one). */
    public static int[] tokens(LlamaModel model, List<ChatMessage> messages) {
        return tokenize(model, render(model, messages));
    }

    static boolean markupAllowed(String role) {
        String r = role.toLowerCase(Locale.ROOT);
        return r.equals("system") || r.equals("assistant");
    }

    static Rendered render(LlamaModel model, List<ChatMessage> messages) {
        String reference = model.renderTemplate(messages);
        if (reference == null) return fallback(messages);
        String nonce;
        do {
            nonce = "\u0007lh" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + "#";
        } while (anyContains(messages, nonce));
        List<ChatMessage> marked = new ArrayList<>();
        for (int i = 0; i < messages.size(); i++) marked.add(new ChatMessage(messages.get(i).role(), nonce + i + "\u0007"));
        String skeleton = model.renderTemplate(marked);
        Rendered r = skeleton == null ? null : align(reference, skeleton, messages, nonce);
        if (r != null) return r;
        // The template changed a text in a way we cannot follow: use its layout with the texts as given.
        LOG.log(System.Logger.Level.WARNING, "the chat template of " + model.header().file()
                + " rewrites message text; the prompt keeps its layout with each text as sent");
        return splice(skeleton == null ? fallback(marked).text() : skeleton, messages, nonce);
    }

    private static boolean anyContains(List<ChatMessage> messages, String s) {
        for (ChatMessage m : messages) if (m.content().contains(s)) return true;
        return false;
    }

    /** The model has no template llama.cpp knows: "Role: content" lines, each content a span. */
    private static Rendered fallback(List<ChatMessage> messages) {
        StringBuilder prompt = new StringBuilder();
        List<Span> spans = new ArrayList<>();
        for (ChatMessage m : messages) {
            String role = m.role().isEmpty() ? "User" : m.role().substring(0, 1).toUpperCase(Locale.ROOT) + m.role().substring(1);
            prompt.append(role).append(": ");
            spans.add(new Span(prompt.length(), prompt.length() + m.content().length(), markupAllowed(m.role())));
            prompt.append(m.content()).append('\n');
        }
        prompt.append("Assistant:");
        assert prompt.toString().equals(LlamaModel.fallbackPrompt(messages));
        return new Rendered(prompt.toString(), spans);
    }

    /**
     * Finds each message's text in {@code reference} where its sentinel sits in {@code skeleton};
     * templates that trim a text are followed. Null when the two do not line up.
     */
    private static Rendered align(String reference, String skeleton, List<ChatMessage> messages, String nonce) {
        List<Span> spans = new ArrayList<>();
        int s = 0, r = 0;
        while (true) {
            int at = skeleton.indexOf(nonce, s);
            String literal = skeleton.substring(s, at < 0 ? skeleton.length() : at);
            if (!reference.startsWith(literal, r)) return null;
            r += literal.length();
            if (at < 0) return r == reference.length() ? new Rendered(reference, spans) : null;
            int close = skeleton.indexOf('\u0007', at + nonce.length());
            if (close < 0) return null;
            int i = Integer.parseInt(skeleton.substring(at + nonce.length(), close));
            s = close + 1;
            int next = skeleton.indexOf(nonce, s);
            String after = skeleton.substring(s, next < 0 ? skeleton.length() : next);
            String content = messages.get(i).content();
            String found = null;
            for (String candidate : List.of(content, content.strip(), content.stripLeading(), content.stripTrailing())) {
                if (reference.startsWith(candidate, r) && reference.startsWith(after, r + candidate.length())) {
                    found = candidate;
                    break;
                }
            }
            if (found == null) return null;
            spans.add(new Span(r, r + found.length(), markupAllowed(messages.get(i).role())));
            r += found.length();
        }
    }

    /** The skeleton with each sentinel replaced by its message's text as sent. */
    private static Rendered splice(String skeleton, List<ChatMessage> messages, String nonce) {
        StringBuilder text = new StringBuilder();
        List<Span> spans = new ArrayList<>();
        int s = 0;
        while (true) {
            int at = skeleton.indexOf(nonce, s);
            if (at < 0) break;
            int close = skeleton.indexOf('\u0007', at + nonce.length());
            text.append(skeleton, s, at);
            ChatMessage m = messages.get(Integer.parseInt(skeleton.substring(at + nonce.length(), close)));
            spans.add(new Span(text.length(), text.length() + m.content().length(), markupAllowed(m.role())));
            text.append(m.content());
            s = close + 1;
        }
        text.append(skeleton, s, skeleton.length());
        return new Rendered(text.toString(), spans);
    }

    /** Whether {@code t} may be parsed as a special token from text of this span. */
    private static boolean allowed(LlamaModel.SpecialToken t, Span span) { return span.markup() && !t.control(); }

    static int[] tokenize(LlamaModel model, Rendered p) {
        List<LlamaModel.SpecialToken> specials = model.specialTokens();
        // Cut points: where a special token's text that this span must not yield starts (inside the
        // span) or straddles the span's edge.
        List<List<Integer>> cuts = new ArrayList<>();
        boolean any = false;
        for (Span span : p.spans()) {
            List<Integer> at = new ArrayList<>();
            for (LlamaModel.SpecialToken t : specials) {
                String s = t.text();
                int from = Math.max(0, span.start() - s.length() + 1);
                int to = Math.min(p.text().length(), span.end() + s.length() - 1);
                for (int i = p.text().indexOf(s, from); i >= 0 && i + s.length() <= to; i = p.text().indexOf(s, i + 1)) {
                    boolean inside = i >= span.start() && i + s.length() <= span.end();
                    if (inside && allowed(t, span)) continue;
                    at.add(Math.max(i, span.start()));
                }
            }
            if (!at.isEmpty()) any = true;
            cuts.add(at);
        }
        if (!any) return model.tokenize(p.text(), true, true); // every ordinary chat: the plain way, exactly

        TokenList out = new TokenList();
        int pos = 0;
        for (int k = 0; k < p.spans().size(); k++) {
            Span span = p.spans().get(k);
            out.add(model, p.text().substring(pos, span.start()), true);
            List<Integer> at = cuts.get(k).stream().distinct().sorted().toList();
            int from = span.start();
            for (int cut : at) {
                // a cut just after a special text's first character: no piece holds the whole text
                int end = Math.min(span.end(), cut + 1);
                if (end > from) out.add(model, p.text().substring(from, end), false);
                from = Math.max(from, end);
            }
            out.add(model, p.text().substring(from, span.end()), false);
            pos = span.end();
        }
        out.add(model, p.text().substring(pos), true);
        return out.toArray();
    }

    /** Tokens joined piece by piece; the first non-empty piece gets the vocabulary's BOS. */
    private static final class TokenList {
        private int[] tokens = new int[256];
        private int length;
        private boolean started;

        void add(LlamaModel model, String text, boolean parseSpecial) {
            if (text.isEmpty()) return;
            // the user-defined markup a span may yield is parsed by llama.cpp even with parse_special off
            int[] t = model.tokenize(text, !started, parseSpecial);
            started = true;
            if (length + t.length > tokens.length) tokens = java.util.Arrays.copyOf(tokens, Math.max(tokens.length * 2, length + t.length));
            System.arraycopy(t, 0, tokens, length, t.length);
            length += t.length;
        }

        int[] toArray() { return java.util.Arrays.copyOf(tokens, length); }
    }

    private ChatPrompt() { }
}
