package io.liveharness.hooks;

import io.liveharness.harness.HookEnvironment;
import io.liveharness.harness.HookSpec;
import io.liveharness.harness.HookValidation;

import java.util.List;

/** The harness loader's hook check: the hook types on the classpath, built-in and custom, judge their own entries. */
public final class HookTypesValidation implements HookValidation {
    private final HookRegistry registry = HookRegistry.load();

    @Override
    public List<String> validate(List<HookSpec> specs, HookEnvironment environment) {
        return registry.validate(specs, environment);
    }
}
