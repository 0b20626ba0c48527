package io.liveharness.pipeline;

import io.liveharness.api.StageTimings;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.StopReason;
import io.liveharness.harness.Skill;
import io.liveharness.hooks.HookVerdict;
import io.vertx.core.Future;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The five stages of one request, each timed: context load, prompt assembly, agent loop, hook
 * checks, emit. A reply the hooks block is sent back to the model with the reason, a bounded
 * number of times; after that, or when the model fails or misses the deadline, the room speaks
 * the skill's grounded fallback. The request never ends in silence.
 */
public final class RequestPipeline {
    public static final int MAX_HOOK_RETRIES = 1;

    private final ContextLoadStage contextLoad;
    private final PromptAssemblyStage promptAssembly;
    private final AgentLoopStage agentLoop;
    private final HookCheckStage hookCheck;
    private final EmitStage emit;

    public RequestPipeline(ContextLoadStage contextLoad, PromptAssemblyStage promptAssembly, AgentLoopStage agentLoop,
                           HookCheckStage hookCheck, EmitStage emit) {
        this.contextLoad = contextLoad;
        this.promptAssembly = promptAssembly;
        this.agentLoop = agentLoop;
        this.hookCheck = hookCheck;
        this.emit = emit;
    }

    /** Runs on the room's event loop; the returned future completes there too. */
    public Future<PipelineResult> run(RoomRequest request) {
        Timer timer = new Timer();
        LoadedContext context = contextLoad.load(request);
        timer.lap("context_load");

        Optional<Skill> skill = request.harness().skillFor(request.classification().intent());
        List<ChatMessage> prompt = promptAssembly.assemble(request, context, skill).messages();
        timer.lap("prompt_assembly");

        Set<String> tools = new HashSet<>(skill.map(Skill::allowedTools).orElse(List.of()));
        return attempt(request, prompt, tools, timer, 0)
                .recover(e -> {
                    timer.lap("agent_loop");
                    return Future.succeededFuture(new Attempt(null, "model failed: " + e.getMessage()));
                })
                .map(attempt -> {
                    boolean fallback = attempt.text() == null;
                    String text = fallback ? FallbackReply.build(skill, context.onStage()) : attempt.text();
                    var reply = emit.emit(request, text, fallback);
                    timer.lap("emit");
                    return new PipelineResult(reply, fallback, attempt.problem(), timer.timings());
                });
    }

    /** A usable reply text, or null with the problem that made it unusable. */
    private record Attempt(String text, String problem) { }

    private Future<Attempt> attempt(RoomRequest request, List<ChatMessage> prompt, Set<String> tools, Timer timer, int retry) {
        return agentLoop.run(request.room().id(), prompt, tools, request.deadlineMs(),
                request.classification().intent().priority()).compose(result -> {
            timer.lap("agent_loop");
            if (result.stopReason() == StopReason.DEADLINE) {
                return Future.succeededFuture(new Attempt(null, "the model missed the reply deadline"));
            }
            HookVerdict verdict = hookCheck.check(request.harness(), result.output());
            timer.lap("hook_checks");
            if (verdict.decision() != HookVerdict.Decision.BLOCK) {
                return Future.succeededFuture(new Attempt(verdict.text(), null));
            }
            String problem = "hook " + verdict.hook() + " blocked the reply: " + verdict.reason();
            if (retry >= MAX_HOOK_RETRIES) {
                return Future.succeededFuture(new Attempt(null, problem));
            }
            List<ChatMessage> corrected = new ArrayList<>(prompt);
            corrected.add(ChatMessage.assistant(result.output()));
            corrected.add(ChatMessage.user("Your reply was not allowed: " + verdict.reason() + ". Answer the question again, following the rules."));
            return attempt(request, corrected, tools, timer, retry + 1);
        });
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
