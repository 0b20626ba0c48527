package io.liveharness.hooks;

import io.liveharness.harness.HookPoint;
import io.liveharness.harness.HookEnvironment;
import java.util.Map;
import java.util.Set;

/**
 * The SPI for a hook type. Implementations are found with {@link java.util.ServiceLoader}: list
 * the class in {@code META-INF/services/io.liveharness.hooks.HookFactory} of any jar on the
 * classpath and its type can be used in harness.yaml like a built-in one.
 */
public interface HookFactory {
    /** The name used as {@code type:} in harness.yaml, e.g. {@code tts-length}. */
    String type();

    /** The points this type can run at. */
    Set<HookPoint> points();

    /**
     * A hook for these parameters.
     *
     * @throws IllegalArgumentException naming the bad parameter, e.g. "parameter 'maxChars' must be a positive integer"
     */
    Hook create(Map<String, Object> params, HookEnvironment environment);
}
