package io.liveharness.pipeline;

import io.liveharness.claims.TurnFacts;
import io.liveharness.config.Json;
import io.liveharness.room.RoomRequest;
import io.liveharness.room.AnswerPipeline;
import io.liveharness.room.PipelineResult;
import io.liveharness.room.RequestTrace;
import io.liveharness.room.SpeechGate;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.api.ReplySegment;
import io.liveharness.api.StageTimings;
import io.liveharness.api.ViewerMessage;
import io.liveharness.config.NodeConfig.SpeechConfig;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.EngineBusyException;
import io.liveharness.engine.ShedReason;
import io.liveharness.engine.SharedPrefix;
import io.liveharness.engine.StopReason;
import io.liveharness.harness.Skill;
import io.liveharness.harness.ToolSpec;
import io.liveharness.hooks.HarnessHooks;
import io.liveharness.hooks.HookChain;
import io.liveharness.hooks.HookContext;
import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The five stages of one request, each timed: context load, prompt assembly, agent loop, hook
 * checks, emit; the input hooks go first. The reply streams as speakable segments, each checked by
 * the output hooks before it is released ({@link ReplyStream}). A block before anything was said
 * is sent back to the model with the reason, a bounded number of times; a block after something was
 * said stops the reply there. Then, or when the model fails or misses the deadline, the skill's
 * grounded fallback finishes the reply (what was said stays said); when the engine refuses the
 * request at once as overloaded, the fallback goes at once too. The request never ends in silence,
 * unless an input hook refuses the message itself or the room withdraws the answer.
 */
public final class RequestPipeline implements AnswerPipeline {
    public static final int MAX_HOOK_RETRIES = 1;
    private static final ObjectMapper JSON = Json.MAPPER;

    private final ContextLoadStage contextLoad;
    private final PromptAssemblyStage promptAssembly;
    private final AgentLoopStage agentLoop;
    private final HookCheckStage hookCheck;
    private final EmitStage emit;
    private final HarnessHooks hooks;
    private final Supplier<List<ToolSpec>> remoteTools;
    private final SpeechConfig speech;

    public RequestPipeline(ContextLoadStage contextLoad, PromptAssemblyStage promptAssembly, AgentLoopStage agentLoop,
                           HookCheckStage hookCheck, EmitStage emit, HarnessHooks hooks, Supplier<List<ToolSpec>> remoteTools,
                           SpeechConfig speech) {
        this.contextLoad = contextLoad;
        this.promptAssembly = promptAssembly;
        this.agentLoop = agentLoop;
        this.hookCheck = hookCheck;
        this.emit = emit;
        this.hooks = hooks;
        this.remoteTools = remoteTools;
        this.speech = speech;
    }

    /** As {@link #run(RoomRequest, SpeechGate)}, every segment released at once (outside a room). */
    public Future<PipelineResult> run(RoomRequest request) { return run(request, SpeechGate.IMMEDIATE); }

    /**
     * Runs on the room's event loop; the returned future completes there too, once every segment
     * was released (or the answer withdrawn).
     *
     * @param gate where the reply's segments wait for the avatar to be free; it may withdraw the answer
     */
    @Override
    public Future<PipelineResult> run(RoomRequest request, SpeechGate gate) {
        Timer timer = new Timer();
        RequestTrace trace = new RequestTrace();
        return hooks.chain(request.harness()).compose(chain -> {
            HookContext input = HookContext.input(request.room().id(), request.classification().intent(),
                    request.message().text());
            return chain.run(input).map(trace::record).compose(checked -> {
                timer.lap("input_hooks");
                if (checked.blocked()) {
                    return Future.succeededFuture(PipelineResult.refused(checked.reason(), trace, timer.timings()));
                }
                return answer(withText(request, checked.text()), chain, trace, timer, gate);
            });
        });
    }

    private Future<PipelineResult> answer(RoomRequest request, HookChain chain, RequestTrace trace, Timer timer, SpeechGate gate) {
        LoadedContext context = contextLoad.load(request);
        // The product data the prompt states backs a reply's facts as much as a tool result does.
        context.products().forEach(p -> trace.fact(JSON.valueToTree(p).toString()));
        // who the host is and what is on offer live back a reply's name for its host and its promotions
        var room = JSON.createObjectNode().put("room", request.room().id()).put("host", TurnFacts.hostIn(request.room().persona()));
        room.set("promotions", JSON.valueToTree(context.promotions()));
        trace.fact(room.toString());
        timer.lap("context_load");

        // a must-refuse class goes to the harness's refusal skill, whose words decline: a small model's own reply may pitch
        Optional<Skill> refusal = FallbackReply.refusal(request, context);
        Optional<Skill> skill = refusal.isPresent() ? refusal : request.harness().skillFor(request.classification().intent());
        ReplyStream stream = new ReplyStream(request, chain, hookCheck, trace, gate, emit, speech);
        Future<Attempt> attempted;
        if (refusal.isPresent()) {
            attempted = Future.succeededFuture(new Attempt(false, "declined by skill " + refusal.get().name()));
        } else {
            Map<String, ToolSpec> tools = allowedTools(request, skill);
            PromptAssemblyStage.Prompt prompt = promptAssembly.assemble(request, context, skill, tools.values());
            timer.lap("prompt_assembly");
            List<String> productIds = context.callableProductIds(request.message().text());
            attempted = attempt(request, prompt.messages(), prompt.shared(), tools, productIds, chain, trace, timer, 0, stream);
        }
        return attempted
                .recover(e -> {
                    timer.lap("agent_loop");
                    // Shed at once: the engine's backlog would have missed the deadline, so the fallback goes now.
                    if (e instanceof EngineBusyException busy && busy.reason() == ShedReason.OVERLOAD) {
                        return Future.succeededFuture(new Attempt(false, "shed: " + e.getMessage(), true));
                    }
                    return Future.succeededFuture(new Attempt(false, "model failed: " + e.getMessage()));
                })
                .compose(attempt -> {
                    if (attempt.ok() || stream.stop() instanceof ReplyStream.Withdrawn) return Future.succeededFuture(attempt);
                    return stream.finishWith(FallbackReply.forRequest(request, context, skill,
                            contextLoad.policies(), stream.heard())).map(attempt);
                })
                .map(attempt -> {
                    List<ReplySegment> said = stream.released();
                    if (stream.stop() instanceof ReplyStream.Withdrawn w) {
                        timer.lapApart("emit", stream);
                        return PipelineResult.withdrawn(w.reason(), said, trace, timer.timings());
                    }
                    boolean fallback = !attempt.ok();
                    var reply = emit.emit(request, stream.heard(), fallback);
                    timer.lapApart("emit", stream); // the fallback's segments waited for the voice here
                    return new PipelineResult(reply, fallback, attempt.overload(), attempt.problem(), said, null, trace, timer.timings());
                });
    }

    /** Whether the model's reply stands, or the problem that made the fallback finish it (and whether that was the engine's overload). */
    private record Attempt(boolean ok, String problem, boolean overload) {
        Attempt(boolean ok, String problem) { this(ok, problem, false); }
    }

    private Future<Attempt> attempt(RoomRequest request, List<ChatMessage> prompt, SharedPrefix shared, Map<String, ToolSpec> tools,
                                    List<String> productIds,
                                    HookChain chain, RequestTrace trace, Timer timer, int retry, ReplyStream stream) {
        return agentLoop.run(request, prompt, shared, tools, productIds, chain, trace, stream).compose(result -> {
            timer.lap("agent_loop");
            return stream.settled().compose(v -> {
                // the hooks ran on each segment while the model streamed: their own time, not the wait here,
                // and the wait for the voice is a stage of its own
                timer.lapApart("hook_checks", stream);
                timer.add("hook_checks", stream.takeHookMicros());
                if (stream.stop() instanceof ReplyStream.Withdrawn) return Future.succeededFuture(new Attempt(false, "withdrawn"));
                if (stream.stop() instanceof ReplyStream.Blocked b) {
                    String problem = "hook " + b.hook() + " blocked segment " + b.index() + " ('" + b.segment() + "'): " + b.reason();
                    return retryOrGiveUp(request, prompt, shared, tools, productIds, chain, trace, timer, retry, stream, b.reason(), problem);
                }
                if (stream.stop() instanceof ReplyStream.Ended) return Future.succeededFuture(new Attempt(true, null));
                if (result.stopReason() == StopReason.DEADLINE) {
                    return Future.succeededFuture(new Attempt(false, "the model missed the reply deadline"));
                }
                if (!stream.nothingSaid()) return Future.succeededFuture(new Attempt(true, null));
                // Nothing speakable came: the hooks judge the empty reply (not-empty sends it back).
                return hookCheck.check(chain, request, "", trace).compose(verdict -> {
                    timer.lap("hook_checks");
                    if (!verdict.blocked()) return Future.succeededFuture(new Attempt(true, null));
                    String problem = "hook " + verdict.verdict().hook() + " blocked the reply: " + verdict.reason();
                    return retryOrGiveUp(request, prompt, shared, tools, productIds, chain, trace, timer, retry, stream, verdict.reason(), problem);
                });
            });
        });
    }

    /** The model's one retry with the hook's reason, if nothing was said yet; else the fallback finishes. */
    private Future<Attempt> retryOrGiveUp(RoomRequest request, List<ChatMessage> prompt, SharedPrefix shared, Map<String, ToolSpec> tools,
                                          List<String> productIds,
                                          HookChain chain, RequestTrace trace, Timer timer, int retry, ReplyStream stream,
                                          String reason, String problem) {
        if (retry >= MAX_HOOK_RETRIES || !stream.nothingSaid()) return Future.succeededFuture(new Attempt(false, problem));
        List<ChatMessage> corrected = new ArrayList<>(prompt);
        corrected.add(ChatMessage.assistant(stream.rawText()));
        corrected.add(ChatMessage.user(request.harness().corrections().replyBlocked(reason)));
        stream.resume();
        return attempt(request, corrected, shared, tools, productIds, chain, trace, timer, retry + 1, stream);
    }

    /** The active skill's tools, the harness's own and those found on its MCP servers. */
    private Map<String, ToolSpec> allowedTools(RoomRequest request, Optional<Skill> skill) {
        List<String> allowed = skill.map(Skill::allowedTools).orElse(List.of());
        Map<String, ToolSpec> tools = new LinkedHashMap<>();
        request.harness().tools().stream().filter(t -> allowed.contains(t.name())).forEach(t -> tools.put(t.name(), t));
        remoteTools.get().stream().filter(t -> allowed.contains(t.name())).forEach(t -> tools.putIfAbsent(t.name(), t));
        return tools;
    }

    private static RoomRequest withText(RoomRequest r, String text) {
        if (text == null || text.equals(r.message().text())) return r;
        ViewerMessage m = r.message();
        return new RoomRequest(new ViewerMessage(m.roomId(), m.messageId(), m.userId(), text, m.acceptedAtMs()),
                r.classification(), r.room(), r.state(), r.harness(), r.deadlineMs());
    }

    /** Adds elapsed microseconds to named stages; a stage that runs twice (a retry) adds up. */
    private static final class Timer {
        private final LinkedHashMap<String, Long> micros = new LinkedHashMap<>();
        private long last = System.nanoTime();

        void lap(String stage) {
            long now = System.nanoTime();
            micros.merge(stage, (now - last) / 1_000, Long::sum);
            last = now;
        }

        /**
         * As {@link #lap}, less the time the reply's segments waited for the voice within it, which goes
         * to {@code speech_wait} with the waits made while the model streamed.
         */
        void lapApart(String stage, ReplyStream stream) {
            long now = System.nanoTime();
            long voice = Math.min((now - last) / 1_000, stream.speechWaitMicrosSince(last));
            micros.merge(stage, (now - last) / 1_000 - voice, Long::sum);
            add("speech_wait", stream.takeSpeechWaitMicros());
            last = now;
        }

        /** Time a stage spent alongside another (the hooks over segments while the model streams). */
        void add(String stage, long stageMicros) { micros.merge(stage, stageMicros, Long::sum); }

        StageTimings timings() { return new StageTimings(micros); }
    }

}
