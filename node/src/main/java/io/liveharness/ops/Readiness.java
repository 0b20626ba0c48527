package io.liveharness.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.ingress.RequestJson;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Whether the node should be sent viewers now ({@code GET /health/ready}): ready when every named
 * condition is met. Each part of the node that can hold readiness back adds its own condition (the
 * engine, the Kafka partitions, draining, the control plane), so none of them knows the others.
 */
public final class Readiness {
    /** One thing the node waits for: empty when met, else why not, in words an operator reads. */
    @FunctionalInterface
    public interface Condition {
        Optional<String> unmet();
    }

    /** {@code checks}: each condition's name and {@code "ok"} or why it is not met, in the order they were added. */
    public record Report(boolean ready, Map<String, String> checks) {
        public ObjectNode json() {
            ObjectNode n = RequestJson.JSON.createObjectNode().put("status", ready ? "ready" : "not_ready");
            ObjectNode c = n.putObject("checks");
            checks.forEach(c::put);
            return n;
        }
    }

    private final Map<String, Condition> conditions = new LinkedHashMap<>();

    /** Adds a condition; a name is taken once (two parts waiting for one thing would hide each other). */
    public synchronized Readiness require(String name, Condition condition) {
        if (conditions.putIfAbsent(name, condition) != null) throw new IllegalStateException("readiness condition '" + name + "' is there already");
        return this;
    }

    public synchronized Report report() {
        Map<String, String> checks = new LinkedHashMap<>();
        boolean ready = true;
        for (var e : conditions.entrySet()) {
            Optional<String> unmet = e.getValue().unmet();
            ready &= unmet.isEmpty();
            checks.put(e.getKey(), unmet.orElse("ok"));
        }
        return new Report(ready, checks);
    }
}
