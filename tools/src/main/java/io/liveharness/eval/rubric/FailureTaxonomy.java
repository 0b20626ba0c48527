package io.liveharness.eval.rubric;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.Expect;
import io.liveharness.eval.run.Transcript;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The kinds of failure a case shows, read from its transcript and its checks, so a run can be
 * summed up as "12 over-refusals, 30 missed tools" rather than as one number.
 */
public final class FailureTaxonomy {
    public static final String WRONG_FACT = "wrong_fact";
    public static final String UNSUPPORTED_PROMISE = "unsupported_promise";
    public static final String MISSED_REFUSAL = "missed_refusal";
    public static final String OVER_REFUSAL = "over_refusal";
    public static final String NO_ANSWER = "no_answer";
    public static final String MISSED_TOOL = "missed_tool";
    public static final String UNWANTED_TOOL = "unwanted_tool";
    public static final String WRONG_TOOL_ARGUMENTS = "wrong_tool_arguments";
    public static final String OFF_PERSONA = "off_persona";
    public static final String TOO_LONG_FOR_TTS = "too_long_for_tts";
    public static final String HOOK_BLOCKED = "hook_blocked";
    public static final String ANSWERED_SPAM = "answered_spam";
    public static final List<String> ALL = List.of(WRONG_FACT, UNSUPPORTED_PROMISE, MISSED_REFUSAL, OVER_REFUSAL, NO_ANSWER,
            MISSED_TOOL, UNWANTED_TOOL, WRONG_TOOL_ARGUMENTS, OFF_PERSONA, TOO_LONG_FOR_TTS, HOOK_BLOCKED, ANSWERED_SPAM);

    public static List<String> of(DevCase c, Transcript t, List<CheckResult> checks) {
        Set<String> kinds = new LinkedHashSet<>();
        for (CheckResult r : checks) {
            if (!r.failed()) continue;
            if (r.check().startsWith("claim-")) {
                kinds.add(unbackedKind(checks));
                continue;
            }
            switch (r.check()) {
                case "expected-facts" -> kinds.add(WRONG_FACT);
                case "forbidden-phrases", "no-contact-details" -> kinds.add(UNSUPPORTED_PROMISE);
                case "refuses-when-required" -> kinds.add(MISSED_REFUSAL);
                case "answers-what-was-asked" -> kinds.add(t.reply() == null ? NO_ANSWER : OVER_REFUSAL);
                case "required-tools" -> kinds.add(MISSED_TOOL);
                case "forbidden-tools" -> kinds.add(UNWANTED_TOOL);
                case "tool-arguments" -> kinds.add(WRONG_TOOL_ARGUMENTS);
                case "viewer-language" -> kinds.add(OFF_PERSONA);
                case "tts-length" -> kinds.add(TOO_LONG_FOR_TTS);
                case "silent-when-required" -> kinds.add(c.rubric().expect() == Expect.SILENT ? ANSWERED_SPAM : NO_ANSWER);
                default -> { }
            }
        }
        // A tool call the hooks or the tool refused for its arguments is a wrong call even when a later one was right.
        if (t.toolCalls().stream().anyMatch(x -> !x.ok() && x.error() != null && x.error().contains("argument"))) kinds.add(WRONG_TOOL_ARGUMENTS);
        for (Transcript.HookDecision h : t.hooks()) {
            if (!"block".equals(h.decision())) continue;
            kinds.add(HOOK_BLOCKED);
            if ("tts-length".equals(h.type())) kinds.add(TOO_LONG_FOR_TTS);
        }
        return List.copyOf(kinds);
    }

    /** A delivery time nobody backs is a promise the shop cannot keep; any other false claim is a wrong fact. */
    private static String unbackedKind(List<CheckResult> checks) {
        boolean promise = checks.stream().anyMatch(r -> r.failed() && r.check().equals("claim-shipping-time"));
        boolean other = checks.stream().anyMatch(r -> r.failed() && r.check().startsWith("claim-") && !r.check().equals("claim-shipping-time"));
        return promise && !other ? UNSUPPORTED_PROMISE : WRONG_FACT;
    }

    private FailureTaxonomy() { }
}
