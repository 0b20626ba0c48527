package io.liveharness.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Microseconds spent in each step of one request, in the order they ran. Keys are stage names
 * ({@code queue_wait}, {@code context_load}, {@code prompt_assembly}, {@code agent_loop},
 * {@code hook_checks}, {@code speech_wait}: waiting for the avatar's voice, {@code emit}).
 */
public record StageTimings(Map<String, Long> micros) {
    public static final StageTimings NONE = new StageTimings(Map.of());

    public StageTimings {
        micros = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(micros));
    }

    public StageTimings with(String stage, long stageMicros) {
        Map<String, Long> next = new LinkedHashMap<>(micros);
        next.put(stage, stageMicros);
        return new StageTimings(next);
    }
}
