package io.liveharness.pipeline;

import io.liveharness.router.Intent;
import io.liveharness.room.RoomRequest;
import io.liveharness.room.RequestTrace;
import io.liveharness.api.Addresses;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.liveharness.config.Json;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.Repetition;
import io.liveharness.engine.ReplyScript;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.SharedPrefix;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.ToolCallParser.ParsedToolCall;
import io.liveharness.harness.Corrections;
import io.liveharness.harness.ToolSpec;
import io.liveharness.hooks.HookChain;
import io.liveharness.hooks.HookContext;
import io.liveharness.api.ToolExchange;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;

import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Stage 3: generate; when the model asks for a tool, check the call (pre-tool hooks), call the
 * tool verticle, check the result (post-tool hooks) and feed it back; when the model wants to stop,
 * the stop hooks may send it back with a reason. Bounded steps, never past the deadline. Model calls
 * run on the backend's own thread; this stage only waits for them on the room's context.
 */
public final class AgentLoopStage {
    /**
     * How long past the request's deadline the stage waits for the model: the backend stops a
     * request at its deadline itself, so this fires only when the backend cannot (it hangs), and the
     * room still gives its fallback instead of staying busy.
     */
    static final long ANSWER_GRACE_MS = 5_000;

    private final Vertx vertx;
    private final InstantSource clock;
    private final ModelBackend model;
    private final int maxReplyTokens;
    private final int maxSteps;
    private final Repetition repetition;

    public AgentLoopStage(Vertx vertx, ModelBackend model, int maxReplyTokens, int maxSteps) {
        this(vertx, model, maxReplyTokens, maxSteps, Repetition.OFF, InstantSource.system());
    }

    /**
     * @param repetition the repetition control of every reply ({@code engine.repetition})
     * @param clock      what the reply deadline is measured against (the room's clock)
     */
    public AgentLoopStage(Vertx vertx, ModelBackend model, int maxReplyTokens, int maxSteps, Repetition repetition, InstantSource clock) {
        this.repetition = repetition;
        this.clock = clock;
        this.vertx = vertx;
        this.model = model;
        this.maxReplyTokens = maxReplyTokens;
        this.maxSteps = maxSteps;
    }

    /** One run of the loop: its request, hooks, tools (name → spec), how it samples, what it records and who hears it stream. */
    private record Loop(RoomRequest request, SharedPrefix shared, HookChain hooks, Map<String, ToolSpec> tools, SamplingParams sampling,
                        RequestTrace trace, GenerationListener listener) {
        String room() { return request.room().id(); }

        Intent intent() { return request.classification().intent(); }

        Corrections corrections() { return request.harness().corrections(); }

        String onStage() { return request.state().onStageProductId(); }
    }

    /**
     * @param shared   how much of the prompt's system message every room of its harness version shares
     * @param tools    the tools the active skill may call, by the name the model sees
     * @param productIds the product ids a tool call may name ({@link LoadedContext#callableProductIds})
     * @param listener hears each generation stream, on the room's context, and may stop the loop
     */
    public Future<AgentResult> run(RoomRequest request, List<ChatMessage> prompt, SharedPrefix shared, Map<String, ToolSpec> tools,
                                   List<String> productIds, HookChain hooks, RequestTrace trace, GenerationListener listener) {
        // Greedy, with the configured repetition control; a tool call can only name an offered tool, its arguments and values they allow (ToolCallGrammars);
        // the reply opens in the viewer's script, as the personas ask.
        List<String> viewerTexts = prompt.stream().filter(m -> m.role().equals("user")).map(ChatMessage::content).toList();
        SamplingParams sampling = SamplingParams.GREEDY.withRepetition(repetition).withToolCalls(ToolCallGrammars.of(tools.values(), productIds, viewerTexts))
                .withOpening(ReplyScript.ofViewer(request.message().text()));
        return step(new Loop(request, shared, hooks, tools, sampling, trace, listener), new ArrayList<>(prompt), 0);
    }

    private Future<AgentResult> step(Loop loop, List<ChatMessage> messages, int steps) {
        return generate(loop, messages).compose(completion -> {
            boolean cut = completion.stopReason() == StopReason.DEADLINE || completion.stopReason() == StopReason.CANCELLED
                    || loop.listener().stopped();
            List<ParsedToolCall> calls = completion.toolCalls();
            boolean lastStep = steps + 1 >= maxSteps;
            AgentResult done = new AgentResult(completion.text(), loop.trace().tools(), completion.stopReason(), steps + 1);
            if (cut || lastStep) return Future.succeededFuture(done);
            messages.add(ChatMessage.assistant(completion.text()));
            if (!calls.isEmpty()) {
                return callTools(loop, calls).compose(results -> {
                    if (loop.listener().stopped()) return Future.succeededFuture(done);
                    for (ToolExchange r : results) {
                        messages.add(new ChatMessage("tool", r.ok() ? r.resultJson() : "{\"error\": " + quote(r.error()) + "}"));
                    }
                    return step(loop, messages, steps + 1);
                });
            }
            HookContext stop = HookContext.stop(loop.room(), loop.intent(), loop.request().message().text(),
                    VisibleText.of(completion.text()), loop.trace().backedFacts(), loop.trace().toolsCalled()).withOnStage(loop.onStage());
            return loop.hooks().run(stop).map(loop.trace()::record).compose(outcome -> {
                if (!outcome.blocked()) return Future.succeededFuture(done);
                messages.add(ChatMessage.user(loop.corrections().stopBlocked(outcome.reason())));
                return step(loop, messages, steps + 1);
            });
        });
    }

    private Future<Completion> generate(Loop loop, List<ChatMessage> messages) {
        long remainingMs = loop.request().deadlineMs() - clock.millis();
        if (remainingMs <= 0) {
            return Future.succeededFuture(new Completion("", 0, 0, StopReason.DEADLINE, 0, 0));
        }
        loop.trace().modelCall();
        // The room's priority decides its place in the shared batcher: product questions first.
        CompletionRequest request = CompletionRequest.chat(loop.room(), messages, loop.sampling(), maxReplyTokens,
                System.nanoTime() + remainingMs * 1_000_000L).withPriority(loop.request().classification().intent().priority())
                .withSharedPrefix(loop.shared()); // the system message stays first as the loop adds turns
        Context context = vertx.getOrCreateContext();
        // Pieces hop to the room's context in the order decoded; the completion after them, so the listener has them all.
        // A step the engine was decoding when the room cancelled may still send its piece, after the end: by then the
        // listener may be on the retry, and the piece is not its.
        boolean[] ended = {false};
        java.util.concurrent.CompletableFuture<Completion> generation = model.complete(request,
                piece -> context.runOnContext(v -> {
                    if (!ended[0]) loop.listener().piece(piece);
                }));
        io.vertx.core.Promise<Completion> answered = io.vertx.core.Promise.promise();
        loop.listener().started(() -> generation.cancel(false));
        long bound = remainingMs + ANSWER_GRACE_MS;
        long timer = vertx.setTimer(bound, id -> {
            if (answered.tryFail(new io.liveharness.engine.EngineException("the model did not answer within " + bound + " ms"))) {
                generation.cancel(false);
            }
        });
        generation.whenComplete((c, e) -> context.runOnContext(v -> {
            ended[0] = true;
            vertx.cancelTimer(timer);
            if (e == null) {
                loop.listener().ended(c.stopReason());
                answered.tryComplete(c);
            } else if (e instanceof java.util.concurrent.CancellationException && loop.listener().stopped()) {
                // stopped by the listener (a blocked segment, a withdrawn answer): an end, not a failure
                loop.listener().ended(StopReason.CANCELLED);
                answered.tryComplete(new Completion("", 0, 0, StopReason.CANCELLED, 0, 0));
            } else {
                loop.listener().ended(StopReason.CANCELLED);
                answered.tryFail(e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e);
            }
        }));
        return answered.future();
    }

    private Future<List<ToolExchange>> callTools(Loop loop, List<ParsedToolCall> calls) {
        // One at a time, in the model's order: a later call may depend on what an earlier one changed.
        Future<List<ToolExchange>> all = Future.succeededFuture(new ArrayList<>());
        for (ParsedToolCall call : calls) {
            all = all.compose(done -> callTool(loop, call).map(x -> {
                loop.trace().tool(x);
                done.add(x);
                return done;
            }));
        }
        return all;
    }

    private Future<ToolExchange> callTool(Loop loop, ParsedToolCall call) {
        if (call.error() != null) {
            return Future.succeededFuture(new ToolExchange(String.valueOf(call.name()), null, false, null, call.error()));
        }
        ToolSpec tool = loop.tools().get(call.name());
        if (tool == null) {
            return Future.succeededFuture(new ToolExchange(call.name(), call.argumentsJson(), false, null,
                    loop.corrections().toolUnavailable(call.name(), loop.tools().keySet())));
        }
        HookContext pre = HookContext.preTool(loop.room(), loop.intent(), loop.request().message().text(), call.name(),
                call.argumentsJson(), loop.trace().backedFacts(), loop.trace().toolsCalled()).withOnStage(loop.onStage());
        return loop.hooks().run(pre).map(loop.trace()::record).compose(checked -> {
            if (checked.blocked()) {
                // The correction goes back to the model as the tool's answer, so it can call again properly.
                return Future.succeededFuture(new ToolExchange(call.name(), call.argumentsJson(), false, null, checked.reason()));
            }
            String arguments = checked.text();
            long timeout = Math.max(1, loop.request().deadlineMs() - clock.millis());
            return vertx.eventBus()
                    .<ToolResult>request(Addresses.tool(tool.handler()),
                            new ToolCall(loop.room(), call.name(), tool.handlerArguments(arguments)),
                            new DeliveryOptions().setSendTimeout(timeout))
                    .map(reply -> reply.body())
                    .otherwise(e -> ToolResult.error(call.name(), loop.corrections().toolFailed(e.getMessage())))
                    .compose(result -> afterTool(loop, tool, call.name(), arguments, result));
        });
    }

    /** The result in the names the model sees (it reads them back), checked by the post-tool hooks as it will read it. */
    private Future<ToolExchange> afterTool(Loop loop, ToolSpec tool, String name, String arguments, ToolResult result) {
        if (!result.ok()) return Future.succeededFuture(new ToolExchange(name, arguments, false, null, tool.modelError(result.error())));
        HookContext post = HookContext.postTool(loop.room(), loop.intent(), loop.request().message().text(), name, arguments,
                tool.modelResult(result.contentJson()), loop.trace().backedFacts(), loop.trace().toolsCalled()).withOnStage(loop.onStage());
        return loop.hooks().run(post).map(loop.trace()::record).map(checked -> checked.blocked()
                ? new ToolExchange(name, arguments, false, null, loop.corrections().toolWithheld(checked.reason()))
                : new ToolExchange(name, arguments, true, checked.text(), null));
    }

    /** A JSON string: Jackson escapes what a hand-written escape missed (tabs, control characters). */
    private static String quote(String s) {
        try {
            return Json.MAPPER.writeValueAsString(s);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a string always serializes", e);
        }
    }
}
