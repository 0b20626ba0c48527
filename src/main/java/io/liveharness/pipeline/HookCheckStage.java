package io.liveharness.pipeline;

import io.liveharness.harness.Harness;
import io.liveharness.hooks.HookVerdict;
import io.liveharness.hooks.OutputHooks;

/** Stage 4: the harness's output hooks over the text a viewer would hear. */
public final class HookCheckStage {

    public HookVerdict check(Harness harness, String modelOutput) {
        return OutputHooks.run(OutputHooks.from(harness.output()), VisibleText.of(modelOutput));
    }
}
