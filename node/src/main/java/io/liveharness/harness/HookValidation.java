package io.liveharness.harness;

import java.util.List;
import java.util.ServiceLoader;

/**
 * Checks a harness's hook entries against the hook types that exist. The types live in the hooks
 * package, which depends on the harness; the loader finds this check through the SPI so that the
 * harness does not depend back on them.
 */
public interface HookValidation {
    /** Every problem with these specs, each naming the hook as {@code hooks[i] (type)}; empty when they compile. */
    List<String> validate(List<HookSpec> specs, HookEnvironment environment);

    /** The one on the classpath ({@code META-INF/services/io.liveharness.harness.HookValidation}). */
    static HookValidation load() {
        return ServiceLoader.load(HookValidation.class, HookValidation.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + HookValidation.class.getName()
                        + " on the classpath: harness hooks cannot be checked (is the hooks package missing?)"));
    }
}
