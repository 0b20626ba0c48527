package io.liveharness.harness;

import java.util.Map;

/** One hook (K) as a harness version declares it in {@code harness.yaml}, with where it was declared. */
public record HookDeclaration(String type, String at, Map<String, Object> params, Long timeoutMs, String onFailure,
                              String file, int line) {
}
