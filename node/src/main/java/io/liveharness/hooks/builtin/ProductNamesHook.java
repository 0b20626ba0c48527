package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A product's name in a reply is one the turn gives: a run of name words (Latin words with a
 * capital, "Kovi S", "220000mAh") where a product's name stands, after "the", "our", "this"...,
 * must be in the turn's facts (product data, tool results) or the viewer's words. A small model
 * that cannot copy a brand invents one; the hook rewrites the reply without it ("the
 * noise-cancelling earbuds"), so what is left says nothing the data does not. It reads the reply as
 * it would be heard with the new segment, and a run after its "the" is whole in the new segment, or
 * ends the text, so the rewrite is honoured. Not a run just before Chinese text ("Kovi S降噪耳机"):
 * the Chinese may come a segment after the run was said, and the rewrite would then block the
 * reply. A run checked has a word of three letters or more, so sizes (S, XL) are left alone.
 */
public record ProductNamesHook() implements FastHook {
    public static final String TYPE = "product-names";
    private static final Pattern RUN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9'+.-]*(?: [A-Za-z0-9][A-Za-z0-9'+.-]*)*");
    private static final Pattern PARTS = Pattern.compile("[a-z0-9]+");
    private static final Pattern LONG_WORD = Pattern.compile("[A-Za-z]{3,}");
    /** The words after which a product's name stands. */
    private static final Set<String> DETERMINERS = Set.of("the", "our", "this", "these", "that", "those", "your", "a", "an");

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        Set<String> known = null;
        List<int[]> invented = new ArrayList<>();
        List<String> said = new ArrayList<>();
        Matcher m = RUN.matcher(reply);
        while (m.find()) {
            List<int[]> words = words(reply, m.start(), m.end());
            for (int i = 0; i < words.size(); i++) {
                if (!nameWord(reply, words.get(i)) || determiner(reply, words.get(i))) continue;
                boolean afterDeterminer = i > 0 && determiner(reply, words.get(i - 1));
                int j = i;
                while (j + 1 < words.size() && nameWord(reply, words.get(j + 1)) && !determiner(reply, words.get(j + 1))) j++;
                int start = words.get(i)[0], end = words.get(j)[1];
                String run = reply.substring(start, end);
                i = j;
                if (!afterDeterminer || !LONG_WORD.matcher(run).find()) continue;
                if (known == null) known = known(context);
                if (!known.containsAll(parts(run))) {
                    invented.add(new int[] {start, end});
                    said.add(run);
                }
            }
        }
        if (invented.isEmpty()) return HookVerdict.allow(TYPE, reply);
        StringBuilder out = new StringBuilder(reply);
        for (int i = invented.size() - 1; i >= 0; i--) {
            int end = invented.get(i)[1];
            while (end < out.length() && out.charAt(end) == ' ') end++;
            out.delete(invented.get(i)[0], end);
        }
        return HookVerdict.rewrite(TYPE, "'" + String.join("', '", said) + "' is in no product's data nor the viewer's words: left out",
                out.toString());
    }

    /** Where each space-separated word of the run starts and ends. */
    private static List<int[]> words(String text, int from, int to) {
        List<int[]> words = new ArrayList<>();
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i == to || text.charAt(i) == ' ') {
                if (i > start) words.add(new int[] {start, i});
                start = i + 1;
            }
        }
        return words;
    }

    private static boolean determiner(String text, int[] word) {
        return DETERMINERS.contains(text.substring(word[0], word[1]).toLowerCase(Locale.ROOT));
    }

    private static boolean nameWord(String text, int[] word) {
        for (int i = word[0]; i < word[1]; i++) if (Character.isUpperCase(text.charAt(i))) return true;
        return false;
    }

    /** The lower-cased letter and digit runs of the turn's facts and of the viewer's message. */
    private static Set<String> known(HookContext context) {
        Set<String> known = new HashSet<>(parts(context.message() == null ? "" : context.message()));
        for (String fact : context.backedFacts()) known.addAll(parts(fact));
        return known;
    }

    private static List<String> parts(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = PARTS.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) out.add(m.group());
        return out;
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams.of(params).allowOnly();
            return new ProductNamesHook();
        }
    }
}
