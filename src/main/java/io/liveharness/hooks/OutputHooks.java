package io.liveharness.hooks;

import io.liveharness.harness.OutputRules;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The built-in output hooks of a harness, run in order: a reply that survives every one of them is
 * safe to broadcast. A block stops the chain; a rewrite hands its text to the next hook.
 */
public final class OutputHooks {

    public static List<OutputHook> from(OutputRules rules) {
        return List.of(new NotEmpty(), new NoContactDetails(), new BannedTerms(rules.bannedTerms()),
                new TtsLength(rules.maxReplyChars()));
    }

    /** Runs the hooks; the last verdict is the answer (ALLOW or REWRITE with the text to say, or BLOCK). */
    public static HookVerdict run(List<OutputHook> hooks, String reply) {
        String text = reply;
        HookVerdict last = HookVerdict.allow("none", reply);
        boolean rewritten = false;
        for (OutputHook hook : hooks) {
            HookVerdict v = hook.check(text);
            if (v.decision() == HookVerdict.Decision.BLOCK) return v;
            if (v.decision() == HookVerdict.Decision.REWRITE) {
                rewritten = true;
                last = v;
                text = v.text();
            }
        }
        return rewritten ? HookVerdict.rewrite(last.hook(), last.reason(), text) : HookVerdict.allow("all", text);
    }

    /** Silence is not an answer. */
    record NotEmpty() implements OutputHook {
        public String name() { return "not-empty"; }

        public HookVerdict check(String reply) {
            return reply.isBlank() ? HookVerdict.block(name(), "the reply is empty") : HookVerdict.allow(name(), reply);
        }
    }

    /** No URLs, phone numbers, WeChat/QQ ids or e-mail addresses: the avatar never sends viewers off-platform. */
    record NoContactDetails() implements OutputHook {
        private static final Pattern CONTACT = Pattern.compile(
                "(https?://|www\\.|\\b[\\w.+-]+@[\\w-]+\\.[\\w.]+|(?<!\\d)1[3-9]\\d{9}(?!\\d)|(?<!\\d)\\d{3,4}[- ]\\d{7,8}(?!\\d)"
                        + "|微信|vx|v信|qq[:：]?\\s*\\d{5,}|wechat)", Pattern.CASE_INSENSITIVE);

        public String name() { return "no-contact-details"; }

        public HookVerdict check(String reply) {
            var m = CONTACT.matcher(reply);
            return m.find()
                    ? HookVerdict.block(name(), "the reply contains a URL or contact detail ('" + m.group() + "'); never send viewers off the platform")
                    : HookVerdict.allow(name(), reply);
        }
    }

    /** Terms the shop's rules forbid on air. */
    record BannedTerms(List<String> terms) implements OutputHook {
        public String name() { return "banned-terms"; }

        public HookVerdict check(String reply) {
            String lower = reply.toLowerCase(Locale.ROOT);
            for (String term : terms) {
                if (lower.contains(term.toLowerCase(Locale.ROOT))) {
                    return HookVerdict.block(name(), "the reply uses the banned term '" + term + "'");
                }
            }
            return HookVerdict.allow(name(), reply);
        }
    }

    /** TTS reads the reply aloud in a live room: longer than the limit, it is cut at the last sentence end that fits. */
    record TtsLength(int maxChars) implements OutputHook {
        public String name() { return "tts-length"; }

        public HookVerdict check(String reply) {
            if (reply.codePointCount(0, reply.length()) <= maxChars) return HookVerdict.allow(name(), reply);
            String cut = reply.substring(0, reply.offsetByCodePoints(0, maxChars));
            int end = -1;
            for (int i = cut.length() - 1; i > cut.length() / 3; i--) {
                if ("。！？!?.；;".indexOf(cut.charAt(i)) >= 0) { end = i + 1; break; }
            }
            String shortened = end > 0 ? cut.substring(0, end) : cut;
            return HookVerdict.rewrite(name(), "the reply is longer than " + maxChars + " characters for TTS", shortened.strip());
        }
    }

    private OutputHooks() { }
}
