package io.liveharness.pipeline;

import io.liveharness.api.Addresses;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.ToolCallParser;
import io.liveharness.engine.ToolCallParser.ParsedToolCall;
import io.liveharness.pipeline.AgentResult.ToolExchange;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Stage 3: generate; when the model asks for a tool, call the tool verticle and feed the result
 * back; repeat up to a bounded number of steps and never past the request's deadline. Model calls
 * run on the backend's own thread; this stage only waits for them on the room's context.
 */
public final class AgentLoopStage {
    private final Vertx vertx;
    private final ModelBackend model;
    private final int maxReplyTokens;
    private final int maxToolSteps;

    public AgentLoopStage(Vertx vertx, ModelBackend model, int maxReplyTokens, int maxToolSteps) {
        this.vertx = vertx;
        this.model = model;
        this.maxReplyTokens = maxReplyTokens;
        this.maxToolSteps = maxToolSteps;
    }

    /** @param priority the room's priority for this request in the shared batcher: lower decodes first */
    public Future<AgentResult> run(String roomId, List<ChatMessage> prompt, Set<String> allowedTools, long deadlineMs,
                                   int priority) {
        return step(roomId, new ArrayList<>(prompt), allowedTools, deadlineMs, priority, new ArrayList<>(), 0);
    }

    private Future<AgentResult> step(String roomId, List<ChatMessage> messages, Set<String> allowedTools,
                                     long deadlineMs, int priority, List<ToolExchange> exchanges, int calls) {
        return generate(roomId, messages, deadlineMs, priority).compose(completion -> {
            List<ParsedToolCall> toolCalls = ToolCallParser.parse(completion.text());
            boolean stopped = completion.stopReason() == StopReason.DEADLINE || completion.stopReason() == StopReason.CANCELLED;
            if (toolCalls.isEmpty() || stopped || calls + 1 > maxToolSteps) {
                return Future.succeededFuture(new AgentResult(completion.text(), List.copyOf(exchanges),
                        completion.stopReason(), calls + 1));
            }
            messages.add(ChatMessage.assistant(completion.text()));
            return callTools(roomId, toolCalls, allowedTools, deadlineMs).compose(results -> {
                exchanges.addAll(results);
                for (ToolExchange r : results) {
                    messages.add(new ChatMessage("tool", r.ok() ? r.resultJson() : "{\"error\": " + quote(r.error()) + "}"));
                }
                return step(roomId, messages, allowedTools, deadlineMs, priority, exchanges, calls + 1);
            });
        });
    }

    private Future<Completion> generate(String roomId, List<ChatMessage> messages, long deadlineMs, int priority) {
        long remainingMs = deadlineMs - System.currentTimeMillis();
        if (remainingMs <= 0) {
            return Future.succeededFuture(new Completion("", 0, 0, StopReason.DEADLINE, 0, 0));
        }
        CompletionRequest request = CompletionRequest.chat(roomId, messages, SamplingParams.GREEDY, maxReplyTokens,
                System.nanoTime() + remainingMs * 1_000_000L).withPriority(priority);
        Context context = vertx.getOrCreateContext();
        return Future.fromCompletionStage(model.complete(request, piece -> { }), context);
    }

    private Future<List<ToolExchange>> callTools(String roomId, List<ParsedToolCall> toolCalls, Set<String> allowed,
                                                 long deadlineMs) {
        List<Future<ToolExchange>> results = new ArrayList<>();
        for (ParsedToolCall call : toolCalls) {
            if (call.error() != null) {
                results.add(Future.succeededFuture(new ToolExchange(String.valueOf(call.name()), null, false, null, call.error())));
            } else if (!allowed.contains(call.name())) {
                results.add(Future.succeededFuture(new ToolExchange(call.name(), call.argumentsJson(), false, null,
                        "tool '" + call.name() + "' is not available here; available: " + allowed)));
            } else {
                long timeout = Math.max(1, deadlineMs - System.currentTimeMillis());
                results.add(vertx.eventBus()
                        .<ToolResult>request(Addresses.tool(call.name()), new ToolCall(roomId, call.name(), call.argumentsJson()),
                                new DeliveryOptions().setSendTimeout(timeout))
                        .map(reply -> {
                            ToolResult r = reply.body();
                            return new ToolExchange(call.name(), call.argumentsJson(), r.ok(), r.contentJson(), r.error());
                        })
                        .otherwise(e -> new ToolExchange(call.name(), call.argumentsJson(), false, null,
                                "tool call failed: " + e.getMessage())));
            }
        }
        return Future.all(results).map(all -> all.<ToolExchange>list());
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ") + "\"";
    }
}
