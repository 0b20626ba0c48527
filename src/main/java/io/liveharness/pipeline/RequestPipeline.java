package io.liveharness.pipeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.api.StageTimings;
import io.liveharness.api.ViewerMessage;
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
 * checks, emit; the input hooks go first. A reply the output hooks block is sent back to the model
 * with the reason, a bounded number of times; after that, or when the model fails or misses the
 * deadline, the room speaks the skill's grounded fallback; when the engine refuses the request at
 * once as overloaded, the fallback goes at once too. The request never ends in silence,
 * unless an input hook refuses the message itself.
 */
public final class RequestPipeline {
    public static final int MAX_HOOK_RETRIES = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ContextLoadStage contextLoad;
    private final PromptAssemblyStage promptAssembly;
    private final AgentLoopStage agentLoop;
    private final HookCheckStage hookCheck;
    private final EmitStage emit;
    private final HarnessHooks hooks;
    private final Supplier<List<ToolSpec>> remoteTools;

    public RequestPipeline(ContextLoadStage contextLoad, PromptAssemblyStage promptAssembly, AgentLoopStage agentLoop,
                           HookCheckStage hookCheck, EmitStage emit, HarnessHooks hooks, Supplier<List<ToolSpec>> remoteTools) {
        this.contextLoad = contextLoad;
        this.promptAssembly = promptAssembly;
        this.agentLoop = agentLoop;
        this.hookCheck = hookCheck;
        this.emit = emit;
        this.hooks = hooks;
        this.remoteTools = remoteTools;
    }

    /** Runs on the room's event loop; the returned future completes there too. */
    public Future<PipelineResult> run(RoomRequest request) {
        Timer timer = new Timer();
        RequestTrace trace = new RequestTrace();
        return hooks.chain(request.harness()).compose(chain -> {
            HookContext input = HookContext.input(request.room().id(), request.classification().intent().label(),
                    request.message().text());
            return chain.run(input).map(trace::record).compose(checked -> {
                timer.lap("input_hooks");
                if (checked.blocked()) {
                    return Future.succeededFuture(PipelineResult.refused(checked.reason(), trace, timer.timings()));
                }
                return answer(withText(request, checked.text()), chain, trace, timer);
            });
        });
    }

    private Future<PipelineResult> answer(RoomRequest request, HookChain chain, RequestTrace trace, Timer timer) {
        LoadedContext context = contextLoad.load(request);
        // The product data the prompt states backs a reply's facts as much as a tool result does.
        context.products().forEach(p -> trace.fact(JSON.valueToTree(p).toString()));
        timer.lap("context_load");

        Optional<Skill> skill = request.harness().skillFor(request.classification().intent());
        Map<String, ToolSpec> tools = allowedTools(request, skill);
        PromptAssemblyStage.Prompt prompt = promptAssembly.assemble(request, context, skill, tools.values());
        timer.lap("prompt_assembly");

        return attempt(request, prompt.messages(), prompt.shared(), tools, chain, trace, timer, 0)
                .recover(e -> {
                    timer.lap("agent_loop");
                    // Shed at once: the engine's backlog would have missed the deadline, so the fallback goes now.
                    if (e instanceof EngineBusyException busy && busy.reason() == ShedReason.OVERLOAD) {
                        return Future.succeededFuture(new Attempt(null, "shed: " + e.getMessage(), true));
                    }
                    return Future.succeededFuture(new Attempt(null, "model failed: " + e.getMessage()));
                })
                .map(attempt -> {
                    boolean fallback = attempt.text() == null;
                    String text = fallback ? FallbackReply.build(skill, context.onStage()) : attempt.text();
                    var reply = emit.emit(request, text, fallback);
                    timer.lap("emit");
                    return new PipelineResult(reply, fallback, attempt.overload(), attempt.problem(), trace, timer.timings());
                });
    }

    /** A usable reply text, or null with the problem that made it unusable (and whether that was the engine's overload). */
    private record Attempt(String text, String problem, boolean overload) {
        Attempt(String text, String problem) { this(text, problem, false); }
    }

    private Future<Attempt> attempt(RoomRequest request, List<ChatMessage> prompt, SharedPrefix shared, Map<String, ToolSpec> tools,
                                    HookChain chain, RequestTrace trace, Timer timer, int retry) {
        return agentLoop.run(request, prompt, shared, tools, chain, trace).compose(result -> {
            timer.lap("agent_loop");
            if (result.stopReason() == StopReason.DEADLINE) {
                return Future.succeededFuture(new Attempt(null, "the model missed the reply deadline"));
            }
            return hookCheck.check(chain, request, result.output(), trace).compose(verdict -> {
                timer.lap("hook_checks");
                if (!verdict.blocked()) return Future.succeededFuture(new Attempt(verdict.text(), null));
                String problem = "hook " + verdict.verdict().hook() + " blocked the reply: " + verdict.reason();
                if (retry >= MAX_HOOK_RETRIES) return Future.succeededFuture(new Attempt(null, problem));
                List<ChatMessage> corrected = new ArrayList<>(prompt);
                corrected.add(ChatMessage.assistant(result.output()));
                corrected.add(ChatMessage.user(request.harness().corrections().replyBlocked(verdict.reason())));
                return attempt(request, corrected, shared, tools, chain, trace, timer, retry + 1);
            });
        });
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

        StageTimings timings() { return new StageTimings(micros); }
    }

}
