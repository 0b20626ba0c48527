package io.liveharness.eval.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.liveharness.engine.ChatMessage;

import java.util.List;
import java.util.Map;

/**
 * Everything one case did on its way through the pipeline: the router's verdict, every model call
 * (the messages it was given and what it said), every tool call (as the model named it and as the
 * tool verticle received it), every hook decision, and what the avatar finally said.
 *
 * @param outcome      {@code model} (the model's reply was spoken), {@code fallback} (the skill's
 *                     grounded fallback was), {@code silent} (nothing was said: spam, or an input hook refused)
 * @param detail       why a fallback or silence happened
 * @param backedFacts  the facts this turn backs: product data of context load, then each tool result
 * @param offeredTools the tools the active skill offered the model, as the prompt described them
 * @param catalog      the room, its products and the shop's policies as they were when the case ran;
 *                     null in runs written before runs stored them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Transcript(String caseId, String room, String harnessVersion, String text, String routedIntent,
                         double confidence, String outcome, String detail, String reply, List<ModelCall> modelCalls,
                         List<ToolCallRecord> toolCalls, List<HookDecision> hooks, List<String> backedFacts,
                         Map<String, Long> stageMicros, List<OfferedTool> offeredTools, CatalogFacts catalog) {
    public static final String MODEL = "model";
    public static final String FALLBACK = "fallback";
    public static final String SILENT = "silent";

    public Transcript {
        modelCalls = modelCalls == null ? List.of() : List.copyOf(modelCalls);
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        hooks = hooks == null ? List.of() : List.copyOf(hooks);
        backedFacts = backedFacts == null ? List.of() : List.copyOf(backedFacts);
        stageMicros = stageMicros == null ? Map.of() : Map.copyOf(stageMicros);
        offeredTools = offeredTools == null ? List.of() : List.copyOf(offeredTools);
    }

    /** Without the catalog's facts (a transcript made up in a test, or the pipeline's own). */
    public Transcript(String caseId, String room, String harnessVersion, String text, String routedIntent, double confidence,
                      String outcome, String detail, String reply, List<ModelCall> modelCalls, List<ToolCallRecord> toolCalls,
                      List<HookDecision> hooks, List<String> backedFacts, Map<String, Long> stageMicros, List<OfferedTool> offeredTools) {
        this(caseId, room, harnessVersion, text, routedIntent, confidence, outcome, detail, reply, modelCalls, toolCalls, hooks,
                backedFacts, stageMicros, offeredTools, null);
    }

    /** The same transcript with the catalog's facts of its case. */
    public Transcript withCatalog(CatalogFacts facts) {
        return new Transcript(caseId, room, harnessVersion, text, routedIntent, confidence, outcome, detail, reply, modelCalls, toolCalls,
                hooks, backedFacts, stageMicros, offeredTools, facts);
    }

    public boolean silent() { return SILENT.equals(outcome); }

    /** The system prompt of the first model call, as the pipeline assembled it; null if none was made. */
    public String systemPrompt() {
        if (modelCalls.isEmpty()) return null;
        return modelCalls.getFirst().messages().stream().filter(m -> m.role().equals("system")).map(ChatMessage::content)
                .findFirst().orElse(null);
    }

    /**
     * One generation.
     *
     * @param error the backend's failure, or null
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ModelCall(List<ChatMessage> messages, String output, String stopReason, int promptTokens,
                            int completionTokens, long millis, String error) { }

    /**
     * One tool call.
     *
     * @param tool          the name the model used
     * @param handler       the tool verticle that serves it (the canonical name rubrics use)
     * @param arguments     the arguments as the model wrote them
     * @param handlerArguments the arguments as the tool verticle received them (a variant may rename them)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ToolCallRecord(String tool, String handler, String arguments, String handlerArguments, boolean ok,
                                 String result, String error) { }

    /** A tool as the model was offered it: its name, description and JSON Schema. */
    public record OfferedTool(String name, String description, String parameters) { }

    /** One hook's decision. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record HookDecision(String point, String type, String decision, String reason, boolean failed) { }
}
