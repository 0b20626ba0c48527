package io.liveharness.training.rl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.rubric.ReplyClaims;
import io.liveharness.eval.rubric.ReplyText;
import io.liveharness.eval.run.Transcript;
import io.liveharness.training.expert.Bilingual;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reward of one sampled reply, after the eval's rubric idea but with the expert's own run of
 * the same case, on the same harness, as the rubric (training cases have none): partial credit
 * for each thing the rubric would check, weighted, over the parts that apply.
 * <ul>
 *   <li>{@code tools} (0.3, when the expert or the sample called one): the tools called, by the
 *   name this harness gives them (a variant's name, not the default's), as the overlap of the
 *   sample's set with the expert's;</li>
 *   <li>{@code arguments} (0.2, when the expert called a tool): the share of the expert's argument
 *   values, under this harness's argument names, that the sample's call of the same tool has;</li>
 *   <li>{@code facts} (0.3, when the expert's reply states any): the share of its facts (numbers,
 *   ids such as {@code link-12}) the sample's reply states, {@code link-1} not matching {@code link-10};</li>
 *   <li>{@code words} (0.2, when the expert's reply has any): the share of the expert reply's
 *   character pairs (letters, digits, Han; case and punctuation ignored) that the sample's reply
 *   has. Without it, a reply in the right language that called no tool and stated nothing scored
 *   full marks wherever the expert did the same (small talk);</li>
 *   <li>{@code language} (0.1): the reply is in the language the expert answered in;</li>
 *   <li>{@code refusal} (0.1): it declines exactly when the expert declines.</li>
 * </ul>
 * A sample the model did not answer (fallback or silence) while the expert did gets 0, and so does
 * one the strict checks fail ({@code claims}: the eval's claim reader finds a false claim or a
 * disfluency in it, judged against the sample's own turn facts): partial credit for a reply that
 * says one wrong colour would teach the model to say it.
 */
public final class ReplyReward {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FACT = Pattern.compile("[A-Za-z]+-\\d+|\\d+(?:\\.\\d+)?");
    static final Map<String, Double> WEIGHTS = Map.of("tools", 0.3, "arguments", 0.2, "facts", 0.3, "words", 0.2,
            "language", 0.1, "refusal", 0.1);

    /** The total in [0, 1] and each part that applied. */
    public record Reward(double total, Map<String, Double> parts) { }

    public static Reward of(DevCase c, Transcript expert, Transcript sample) {
        Map<String, Double> parts = new LinkedHashMap<>();
        if (!Transcript.MODEL.equals(sample.outcome()) || sample.reply() == null) return new Reward(0, parts);
        if (!ReplyClaims.of(c, sample).clean()) {
            parts.put("claims", 0.0);
            return new Reward(0, parts);
        }
        parts.put("claims", 1.0); // a gate, not a weight: the mean over samples is the share that pass
        Set<String> e = names(expert), s = names(sample);
        Set<String> union = new HashSet<>(e);
        union.addAll(s);
        Set<String> both = new HashSet<>(e);
        both.retainAll(s);
        if (!union.isEmpty()) parts.put("tools", (double) both.size() / union.size());
        if (!expert.toolCalls().isEmpty()) parts.put("arguments", arguments(expert, sample));
        List<String> facts = facts(expert.reply());
        if (!facts.isEmpty()) parts.put("facts", (double) facts.stream().filter(f -> states(sample.reply(), f)).count() / facts.size());
        Set<String> pairs = pairs(expert.reply());
        if (!pairs.isEmpty()) {
            Set<String> mine = pairs(sample.reply());
            parts.put("words", (double) pairs.stream().filter(mine::contains).count() / pairs.size());
        }
        parts.put("language", ReplyText.inLanguage(sample.reply(), Bilingual.languageOf(expert.reply())) ? 1.0 : 0.0);
        parts.put("refusal", ReplyText.refuses(expert.reply()) == ReplyText.refuses(sample.reply()) ? 1.0 : 0.0);
        double sum = 0, weight = 0;
        for (var p : parts.entrySet()) {
            double w = WEIGHTS.getOrDefault(p.getKey(), 0.0);
            sum += w * p.getValue();
            weight += w;
        }
        return new Reward(sum / weight, parts);
    }

    /** The reply's adjacent character pairs, over letters, digits and Han only, lower-cased. */
    static Set<String> pairs(String reply) {
        Set<String> out = new HashSet<>();
        if (reply == null) return out;
        int[] cps = reply.toLowerCase(java.util.Locale.ROOT).codePoints().filter(Character::isLetterOrDigit).toArray();
        for (int i = 0; i + 1 < cps.length; i++) out.add(new String(cps, i, 2));
        return out;
    }

    /** The numbers and ids a reply states, in order, once each. */
    static List<String> facts(String reply) {
        Set<String> out = new LinkedHashSet<>();
        if (reply == null) return List.of();
        for (Matcher m = FACT.matcher(reply); m.find(); ) out.add(m.group());
        return new ArrayList<>(out);
    }

    /** Whether the text states the fact as a whole: not as part of a longer number or id. */
    static boolean states(String text, String fact) {
        return Pattern.compile("(?<![0-9A-Za-z.\\-])" + Pattern.quote(fact) + "(?![0-9]|\\.[0-9])").matcher(text).find();
    }

    private static Set<String> names(Transcript t) {
        Set<String> out = new HashSet<>();
        t.toolCalls().forEach(c -> out.add(c.tool()));
        return out;
    }

    /** Per expert call, the share of its argument values the sample's call of that tool has; the mean over calls. */
    private static double arguments(Transcript expert, Transcript sample) {
        double sum = 0;
        for (var call : expert.toolCalls()) {
            JsonNode want = json(call.arguments());
            double best = 0;
            for (var mine : sample.toolCalls()) {
                if (!mine.tool().equals(call.tool())) continue;
                JsonNode got = json(mine.arguments());
                int n = 0, same = 0;
                for (var f : want.properties()) {
                    n++;
                    if (f.getValue().equals(got.get(f.getKey()))) same++;
                }
                best = Math.max(best, n == 0 ? 1.0 : (double) same / n);
            }
            sum += best;
        }
        return sum / expert.toolCalls().size();
    }

    private static JsonNode json(String text) {
        try {
            JsonNode n = JSON.readTree(text == null ? "{}" : text);
            return n == null || !n.isObject() ? JSON.createObjectNode() : n;
        } catch (Exception e) {
            return JSON.createObjectNode();
        }
    }

    private ReplyReward() { }
}
