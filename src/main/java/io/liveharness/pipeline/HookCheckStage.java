package io.liveharness.pipeline;

import io.liveharness.hooks.HookChain;
import io.liveharness.hooks.HookContext;
import io.liveharness.hooks.HookOutcome;
import io.vertx.core.Future;

/** Stage 4: the harness's output hooks over the text a viewer would hear, with the facts this turn backs. */
public final class HookCheckStage {

    public Future<HookOutcome> check(HookChain hooks, RoomRequest request, String modelOutput, RequestTrace trace) {
        HookContext context = HookContext.output(request.room().id(), request.classification().intent().label(),
                request.message().text(), VisibleText.of(modelOutput), trace.backedFacts(), trace.toolsCalled());
        return hooks.run(context).map(trace::record);
    }
}
