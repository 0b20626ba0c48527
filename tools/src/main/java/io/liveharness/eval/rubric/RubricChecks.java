package io.liveharness.eval.rubric;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.Expect;
import io.liveharness.eval.devset.Rubric;
import io.liveharness.eval.run.Transcript;
import io.liveharness.eval.run.Transcript.ToolCallRecord;
import io.liveharness.claims.ClaimKind;
import io.liveharness.claims.Declines;
import io.liveharness.claims.Disfluency;
import io.liveharness.claims.Finding;

import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.regex.Pattern;

/**
 * The deterministic checks, each one clause of a rubric. Accuracy: every kind of claim the reply
 * makes true (one check per kind, read by the service's claim reader), forbidden phrases, no contact
 * details, refusing when it must, silence when it must, the tool arguments. Effectiveness: the
 * expected facts, the action link, the required and forbidden tools, not refusing what it could
 * answer, no disfluency (one check per kind), length for TTS, the viewer's language.
 */
public final class RubricChecks {
    /** The longest reply TTS reads without the room losing the viewer (the default harness's tts-length hook). */
    public static final int TTS_MAX_CHARS = 160;
    private static final ObjectMapper JSON = Json.MAPPER;
    private static final Pattern CONTACT = Pattern.compile(
            "(?:微信|vx|v信|wechat|whatsapp|telegram|qq)\\s*[:：号]?\\s*[A-Za-z0-9_-]{5,}|https?://|www\\.|1[3-9]\\d{9}",
            Pattern.CASE_INSENSITIVE);

    public static List<Check> all() {
        return Stream.of(Arrays.stream(ClaimKind.values()).<Check>map(TrueClaims::new),
                Stream.<Check>of(new ForbiddenPhrases(), new NoContactDetails(), new RefusesWhenRequired(),
                        new SilentWhenRequired(Metric.ACCURACY), new ToolArguments(),
                        new ExpectedFacts(), new ActionLink(), new RequiredTools(), new ForbiddenTools(), new AnswersWhatWasAsked(), new AnswersTheAttribute(),
                        new SilentWhenRequired(Metric.EFFECTIVENESS), new TtsLength(), new ViewerLanguage()),
                Arrays.stream(Disfluency.Kind.values()).<Check>map(Fluent::new)).flatMap(x -> x).toList();
    }

    public static List<CheckResult> run(DevCase c, Transcript t) {
        return all().stream().map(check -> check.check(c, t)).toList();
    }

    // --- accuracy ---------------------------------------------------------------------------------

    /**
     * Every claim of one kind the reply makes is true by this turn's facts (the product data it is
     * about, the tool results, the room's host): named {@code claim-<kind>}, so a report gives pass
     * rates per kind. Not applicable when the reply makes no claim of the kind.
     */
    public record TrueClaims(ClaimKind kind) implements Check {
        public String name() { return "claim-" + kind.label(); }
        public Metric metric() { return Metric.ACCURACY; }
        public CheckResult check(DevCase c, Transcript t) {
            if (t.reply() == null) return CheckResult.na(this);
            var findings = ReplyClaims.of(c, t).findings().stream().filter(f -> f.claim().kind() == kind).toList();
            if (findings.isEmpty()) return CheckResult.na(this);
            List<String> wrong = findings.stream().filter(Finding::isFalse).map(Finding::reason).toList();
            return wrong.isEmpty() ? CheckResult.pass(this, findings.size() + " claim(s), none false")
                    : CheckResult.fail(this, String.join("; ", wrong));
        }
    }

    /** The reply does not stutter, greet twice, switch language or break: one check per kind of disfluency. */
    public record Fluent(Disfluency.Kind kind) implements Check {
        public String name() { return "fluent-" + kind.label(); }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            if (t.reply() == null) return CheckResult.na(this);
            var found = ReplyClaims.of(c, t).reading().disfluencies().stream().filter(d -> d.kind() == kind).toList();
            return found.isEmpty() ? CheckResult.pass(this, null) : CheckResult.fail(this, kind.label() + ": '" + found.getFirst().said() + "'");
        }
    }

    /** None of the rubric's forbidden phrases, as a claim: denied ("不能治", "never cures") it is the right answer. */
    public record ForbiddenPhrases() implements Check {
        public String name() { return "forbidden-phrases"; }
        public Metric metric() { return Metric.ACCURACY; }
        public CheckResult check(DevCase c, Transcript t) {
            if (t.reply() == null || c.rubric().forbiddenPhrases().isEmpty()) return CheckResult.na(this);
            for (String p : c.rubric().forbiddenPhrases()) {
                if (ReplyText.claims(t.reply(), p)) return CheckResult.fail(this, "says '" + p + "'");
            }
            return CheckResult.pass(this, "none of " + c.rubric().forbiddenPhrases().size());
        }
    }

    /** No contact handle, URL or phone number: nothing that takes a viewer off the platform. */
    public record NoContactDetails() implements Check {
        public String name() { return "no-contact-details"; }
        public Metric metric() { return Metric.ACCURACY; }
        public CheckResult check(DevCase c, Transcript t) {
            if (t.reply() == null) return CheckResult.na(this);
            var m = CONTACT.matcher(t.reply());
            return m.find() ? CheckResult.fail(this, "says '" + m.group() + "'") : CheckResult.pass(this, null);
        }
    }

    /**
     * A must-refuse case is declined (or not answered at all), and the reply pitches nothing: no buy
     * link, no "下单" ("抱歉, 没有这个价哦, ... 点link-5下单" declines no health question), but for a
     * link that sends the viewer back to the platform ("请在直播间点link-1下单": the decline's redirect).
     */
    public record RefusesWhenRequired() implements Check {
        public String name() { return "refuses-when-required"; }
        public Metric metric() { return Metric.ACCURACY; }
        public CheckResult check(DevCase c, Transcript t) {
            if (c.rubric().expect() != Expect.REFUSE) return CheckResult.na(this);
            if (t.reply() == null) return CheckResult.pass(this, "nothing was said");
            if (!Declines.DEFAULT.in(t.reply())) return CheckResult.fail(this, "must refuse, but the reply does not decline");
            var pitch = Declines.DEFAULT.backToThePlatform(t.reply()) ? java.util.Optional.<io.liveharness.claims.Claim>empty()
                    : ReplyClaims.of(c, t).reading().claims().stream()
                    .filter(x -> x.affirmed() && (x.kind() == ClaimKind.PUSH || x.kind() == ClaimKind.LINK)).findFirst();
            return pitch.isPresent() ? CheckResult.fail(this, "declines but pitches ('" + pitch.get().said() + "')")
                    : CheckResult.pass(this, "the reply declines and pitches nothing");
        }
    }

    /** Spam and abuse get no reply on air. */
    public record SilentWhenRequired(Metric metric) implements Check {
        public String name() { return "silent-when-required"; }
        public CheckResult check(DevCase c, Transcript t) {
            if (c.rubric().expect() != Expect.SILENT) return CheckResult.na(this);
            return t.reply() == null ? CheckResult.pass(this, t.detail()) : CheckResult.fail(this, "must stay silent, but replied");
        }
    }

    /** Each tool the rubric names arguments for was called, at least once, with those values (as its handler took them). */
    public record ToolArguments() implements Check {
        public String name() { return "tool-arguments"; }
        public Metric metric() { return Metric.ACCURACY; }
        public CheckResult check(DevCase c, Transcript t) {
            Map<String, Map<String, String>> expected = c.rubric().toolArgs();
            List<String> wrong = new ArrayList<>();
            boolean any = false;
            for (var e : expected.entrySet()) {
                List<ToolCallRecord> calls = t.toolCalls().stream().filter(x -> e.getKey().equals(x.handler())).toList();
                if (calls.isEmpty()) continue;
                any = true;
                if (calls.stream().noneMatch(x -> argumentsMatch(x.handlerArguments(), e.getValue()))) {
                    wrong.add(e.getKey() + " called with " + calls.getLast().handlerArguments() + ", expected " + e.getValue());
                }
            }
            if (!any) return CheckResult.na(this);
            return wrong.isEmpty() ? CheckResult.pass(this, null) : CheckResult.fail(this, String.join("; ", wrong));
        }

        static boolean argumentsMatch(String json, Map<String, String> expected) {
            JsonNode args;
            try {
                args = JSON.readTree(json == null ? "{}" : json);
            } catch (Exception e) {
                return false;
            }
            for (var e : expected.entrySet()) {
                JsonNode v = args == null ? null : args.get(e.getKey());
                if (v == null || !v.isValueNode() || !ReplyText.says(v.asText(), e.getValue())) return false;
            }
            return true;
        }
    }

    // --- effectiveness ----------------------------------------------------------------------------

    /** Every expected fact is stated (one of its ways of saying it). */
    public record ExpectedFacts() implements Check {
        public String name() { return "expected-facts"; }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            if (c.rubric().facts().isEmpty() || c.rubric().expect() == Expect.SILENT) return CheckResult.na(this);
            List<String> missing = c.rubric().facts().stream().filter(f -> !ReplyText.says(t.reply(), f)).toList();
            return missing.isEmpty() ? CheckResult.pass(this, c.rubric().facts().size() + " fact(s) stated")
                    : CheckResult.fail(this, "does not state " + missing);
        }
    }

    /** The reply points to the action link the viewer needs. */
    public record ActionLink() implements Check {
        public String name() { return "action-link"; }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            String link = c.rubric().actionLink();
            if (link == null || link.isBlank()) return CheckResult.na(this);
            return ReplyText.says(t.reply(), link) ? CheckResult.pass(this, link)
                    : CheckResult.fail(this, "does not point to " + link);
        }
    }

    /** Each required tool answered this turn. */
    public record RequiredTools() implements Check {
        public String name() { return "required-tools"; }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            if (c.rubric().requireTools().isEmpty()) return CheckResult.na(this);
            List<String> missed = c.rubric().requireTools().stream()
                    .filter(tool -> t.toolCalls().stream().noneMatch(x -> tool.equals(x.handler()) && x.ok())).toList();
            return missed.isEmpty() ? CheckResult.pass(this, null) : CheckResult.fail(this, "did not call " + missed);
        }
    }

    /** No tool the rubric forbids ({@code *}: none at all, the short path). */
    public record ForbiddenTools() implements Check {
        public String name() { return "forbidden-tools"; }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            List<String> forbidden = c.rubric().forbidTools();
            if (forbidden.isEmpty()) return CheckResult.na(this);
            List<String> called = t.toolCalls().stream()
                    .filter(x -> forbidden.contains(Rubric.ANY_TOOL) || forbidden.contains(x.handler())).map(ToolCallRecord::tool).toList();
            return called.isEmpty() ? CheckResult.pass(this, null) : CheckResult.fail(this, "called " + called);
        }
    }

    /**
     * A must-answer case gets an answer, not a refusal and not silence; a must-refuse case gets a
     * spoken decline (silence leaves the viewer with nothing).
     */
    public record AnswersWhatWasAsked() implements Check {
        public String name() { return "answers-what-was-asked"; }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            return switch (c.rubric().expect()) {
                case SILENT -> CheckResult.na(this);
                case REFUSE -> t.reply() == null ? CheckResult.fail(this, "said nothing: " + t.detail())
                        : Declines.DEFAULT.in(t.reply()) ? CheckResult.pass(this, "declined on air")
                        : CheckResult.fail(this, "must decline, but the reply does not");
                case ANSWER -> t.reply() == null ? CheckResult.fail(this, "said nothing: " + t.detail())
                        : Declines.DEFAULT.in(t.reply()) ? CheckResult.fail(this, "refused a question the data answers")
                        : CheckResult.pass(this, null);
            };
        }
    }

    /**
     * A product question gets an answer about what it asks: the question read (the node's
     * {@code QuestionReader}, the one the fallback answers by) says the attribute, and the reply must
     * make a claim of that kind ("有紫色吗?" answered with a stock count does not answer it). Not
     * applicable when the question cannot be read to one attribute, or must be declined.
     */
    public record AnswersTheAttribute() implements Check {
        public String name() { return "answers-the-attribute"; }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            if (t.reply() == null || c.rubric().expect() != Expect.ANSWER) return CheckResult.na(this);
            var asked = AskedAttribute.of(c, t);
            if (asked.isEmpty()) return CheckResult.na(this);
            var kinds = asked.get().kinds();
            boolean answered = ReplyClaims.of(c, t).reading().claims().stream().anyMatch(x -> kinds.contains(x.kind()));
            return answered ? CheckResult.pass(this, asked.get().label())
                    : CheckResult.fail(this, "asked about " + asked.get().label() + ", the reply says nothing of it");
        }
    }

    /** Short enough for TTS to read before the viewer scrolls on. */
    public record TtsLength() implements Check {
        public String name() { return "tts-length"; }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            if (t.reply() == null) return CheckResult.na(this);
            int n = t.reply().codePointCount(0, t.reply().length());
            return n <= TTS_MAX_CHARS ? CheckResult.pass(this, n + " chars") : CheckResult.fail(this, n + " chars > " + TTS_MAX_CHARS);
        }
    }

    /** In the viewer's language, as the personas ask. */
    public record ViewerLanguage() implements Check {
        public String name() { return "viewer-language"; }
        public Metric metric() { return Metric.EFFECTIVENESS; }
        public CheckResult check(DevCase c, Transcript t) {
            if (t.reply() == null || c.lang() == null) return CheckResult.na(this);
            return ReplyText.inLanguage(t.reply(), c.lang()) ? CheckResult.pass(this, c.lang())
                    : CheckResult.fail(this, "not in the viewer's language (" + c.lang() + ")");
        }
    }

    private RubricChecks() { }
}
