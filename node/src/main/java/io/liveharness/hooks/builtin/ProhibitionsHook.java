package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The harness's global prohibitions as checkable phrases: named categories with built-in phrase
 * lists (medical claims, off-platform payment, absolute advertising claims) plus the version's
 * own {@code phrases} (literal) and {@code patterns} (regular expressions).
 */
public record ProhibitionsHook(List<Rule> rules) implements FastHook {
    public static final String TYPE = "prohibitions";
    /** Longest pattern a harness may give: a prohibition is a phrase or a short alternation, not a program. */
    static final int MAX_PATTERN_CHARS = 1000;
    /**
     * How long all the rules may take on one reply. They run on an event loop: a pattern that
     * backtracks without end would freeze it, so past this the reply is held back instead.
     */
    static final long MAX_MATCH_NANOS = 50_000_000L;

    /** One forbidden pattern and what it stands for, for the reason. */
    public record Rule(String label, Pattern pattern) { }

    /** Built-in categories; each a regex of phrases that break that prohibition. */
    static final Map<String, String> CATEGORIES = categories();

    private static Map<String, String> categories() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("medical", "治愈|包治|根治|药到病除|疗效|治疗|抗癌|防癌|降血压|降血糖|消炎|祛病|guaranteed cure|cures?\\b|heals? (?:your|the)");
        c.put("off-platform-payment", "转账|私下交易|私下付款|线下交易|线下付款|扫码付款|直接打款|打款给我|加我付款|bank transfer|pay me directly|off[- ]platform");
        c.put("absolute-claims", "最便宜|全网最低|史上最低|第一品牌|国家级|最高级|顶级|绝对有效|100%有效|万能|lowest price anywhere");
        return c;
    }

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        CharSequence bounded = new Deadline(reply, System.nanoTime() + MAX_MATCH_NANOS);
        for (Rule rule : rules) {
            try {
                Matcher m = rule.pattern().matcher(bounded);
                if (m.find()) {
                    return HookVerdict.block(TYPE, "the reply breaks a prohibition (" + rule.label() + ": '" + m.group()
                            + "'); say it without that claim");
                }
            } catch (Deadline.Passed e) {
                return HookVerdict.block(TYPE, "the prohibitions took longer than " + MAX_MATCH_NANOS / 1_000_000
                        + " ms on this reply (" + rule.label() + " /" + rule.pattern().pattern() + "/); the reply is held back");
            }
        }
        return HookVerdict.allow(TYPE, reply);
    }

    /**
     * The reply as the matcher sees it, failing once the deadline passes: the regex engine reads
     * characters all through its backtracking, so this bounds even a pattern that never ends.
     */
    private record Deadline(String text, long deadlineNanos) implements CharSequence {
        static final class Passed extends RuntimeException {
            Passed() { super(null, null, false, false); }
        }

        public char charAt(int index) {
            // every read: System.nanoTime is a few nanoseconds, and a reply is a few hundred characters
            if (System.nanoTime() > deadlineNanos) throw new Passed();
            return text.charAt(index);
        }

        public int length() { return text.length(); }

        public CharSequence subSequence(int start, int end) { return text.substring(start, end); }

        @Override
        public String toString() { return text; }
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams p = HookParams.of(params).allowOnly("categories", "phrases", "patterns");
            List<Rule> rules = new ArrayList<>();
            for (String category : p.strings("categories", List.of())) {
                String regex = CATEGORIES.get(category);
                if (regex == null) {
                    throw new IllegalArgumentException("parameter 'categories' has unknown category '" + category
                            + "'; known: " + String.join(", ", CATEGORIES.keySet()));
                }
                rules.add(new Rule(category, Pattern.compile(regex, Pattern.CASE_INSENSITIVE)));
            }
            for (String phrase : p.strings("phrases", List.of())) {
                rules.add(new Rule("forbidden phrase", Pattern.compile(Pattern.quote(phrase), Pattern.CASE_INSENSITIVE)));
            }
            for (String regex : p.strings("patterns", List.of())) {
                if (regex.length() > MAX_PATTERN_CHARS) {
                    throw new IllegalArgumentException("parameter 'patterns' has a pattern of " + regex.length()
                            + " characters; at most " + MAX_PATTERN_CHARS);
                }
                try {
                    rules.add(new Rule("forbidden pattern", Pattern.compile(regex, Pattern.CASE_INSENSITIVE)));
                } catch (PatternSyntaxException e) {
                    throw new IllegalArgumentException("parameter 'patterns' has an invalid regular expression '" + regex
                            + "': " + e.getDescription());
                }
            }
            if (rules.isEmpty()) {
                throw new IllegalArgumentException("parameter 'categories', 'phrases' or 'patterns' is required");
            }
            return new ProhibitionsHook(List.copyOf(rules));
        }
    }
}
