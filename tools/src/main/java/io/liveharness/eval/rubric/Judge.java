package io.liveharness.eval.rubric;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.SamplingParams;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.run.Transcript;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The optional judge: a model (the {@code remote} backend, a strong one) asked what the
 * deterministic checks cannot see, whether the reply is correct and whether it helps. Its prompt
 * is part of the harness ({@code eval/judge.md}), so a change to how answers are judged is a
 * harness change, versioned and diffed like any other.
 */
public final class Judge implements AutoCloseable {
    public static final String PROMPT_FILE = "eval/judge.md";
    private static final ObjectMapper JSON = Json.MAPPER;
    private static final Pattern OBJECT = Pattern.compile("\\{[^{}]*}", Pattern.DOTALL);

    private final ModelBackend model;
    private final String template;
    private final long timeoutMs;

    public Judge(ModelBackend model, String template, long timeoutMs) {
        if (template == null || template.isBlank()) {
            throw new IllegalArgumentException("the harness has no " + PROMPT_FILE + ": the judge's prompt is part of the harness");
        }
        this.model = model;
        this.template = template;
        this.timeoutMs = timeoutMs;
    }

    /** The judge's prompt for one case: the template with the case, the turn's data and the reply filled in. */
    public String prompt(DevCase c, Transcript t) {
        return template.replace("{{question}}", c.text())
                .replace("{{room}}", c.room())
                .replace("{{expect}}", c.rubric().expect().label())
                .replace("{{facts}}", String.join("\n", t.backedFacts()))
                .replace("{{tools}}", t.toolCalls().stream().map(x -> x.handler() + " " + x.handlerArguments() + " -> "
                        + (x.ok() ? x.result() : "error: " + x.error())).reduce((a, b) -> a + "\n" + b).orElse("(none)"))
                .replace("{{rubric}}", rubricText(c))
                .replace("{{reply}}", t.reply() == null ? "(nothing was said)" : t.reply());
    }

    public JudgeVerdict judge(DevCase c, Transcript t) {
        String name = model.info().name();
        try {
            Completion out = model.complete(CompletionRequest.chat("judge", List.of(ChatMessage.user(prompt(c, t))),
                    SamplingParams.GREEDY, 256, System.nanoTime() + timeoutMs * 1_000_000L), piece -> { })
                    .get(timeoutMs + 5_000, TimeUnit.MILLISECONDS);
            return parse(out.text(), name);
        } catch (Exception e) {
            return new JudgeVerdict(null, null, null, name, "judge call failed: " + e.getMessage());
        }
    }

    /** The last JSON object of the judge's answer, {@code {"accurate": bool, "effective": bool, "reason": "..."}}. */
    static JudgeVerdict parse(String text, String model) {
        String visible = text == null ? "" : text.replaceAll("(?s)<think>.*?</think>", "");
        Matcher m = OBJECT.matcher(visible);
        String last = null;
        while (m.find()) last = m.group();
        if (last == null) return new JudgeVerdict(null, null, null, model, "no JSON object in the judge's answer");
        try {
            JsonNode n = JSON.readTree(last);
            if (!n.path("accurate").isBoolean() || !n.path("effective").isBoolean()) {
                return new JudgeVerdict(null, null, null, model, "the judge's JSON lacks boolean accurate/effective: " + last);
            }
            return new JudgeVerdict(n.get("accurate").asBoolean(), n.get("effective").asBoolean(), n.path("reason").asText(null), model, null);
        } catch (Exception e) {
            return new JudgeVerdict(null, null, null, model, "the judge's JSON does not parse: " + last);
        }
    }

    private static String rubricText(DevCase c) {
        var r = c.rubric();
        StringBuilder s = new StringBuilder();
        if (!r.facts().isEmpty()) s.append("facts the reply should state: ").append(r.facts()).append('\n');
        if (r.actionLink() != null) s.append("action link to point to: ").append(r.actionLink()).append('\n');
        if (!r.forbiddenPhrases().isEmpty()) s.append("must not say: ").append(r.forbiddenPhrases()).append('\n');
        return s.isEmpty() ? "(none)" : s.toString().strip();
    }

    @Override
    public void close() { model.close(); }
}
