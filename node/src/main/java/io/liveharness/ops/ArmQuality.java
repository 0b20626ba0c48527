package io.liveharness.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.ingress.RequestJson;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Live quality per harness version and experiment arm, since the node started: of the questions,
 * how many were covered (answered, or merged into an answer); of the replies spoken, how many made
 * a false claim (the claim reader, after the output hooks) and how many were the fallback's; and
 * the latency of covered questions over the last {@value #LATENCY_WINDOW}. Each with its 95 %
 * interval, so an operator sees whether canary and stable differ or only look as if they do.
 */
public final class ArmQuality {
    static final int LATENCY_WINDOW = 1024;

    private final Map<ArmLabels, Arm> arms = new ConcurrentHashMap<>();

    void outcome(ArmLabels labels, MessageOutcome o) {
        arms.computeIfAbsent(labels.withoutGroup(), k -> new Arm()).add(o);
    }

    /** Every arm seen, experiments first, then by version. */
    public ObjectNode json() {
        ObjectNode out = RequestJson.JSON.createObjectNode();
        ArrayNode list = out.putArray("arms");
        arms.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<ArmLabels, Arm> e) -> e.getKey().experiment().equals(ArmLabels.NONE))
                        .thenComparing(e -> e.getKey().experiment()).thenComparing(e -> e.getKey().arm()).thenComparing(e -> e.getKey().version()))
                .forEach(e -> list.add(e.getValue().json(e.getKey())));
        return out;
    }

    private static final class Arm {
        private long questions, covered, replies, falseClaimReplies, fallbacks;
        private final long[] latencyMs = new long[LATENCY_WINDOW];
        private long latencies;

        synchronized void add(MessageOutcome o) {
            questions++;
            if (o.kind() == OutcomeKind.ANSWERED || o.kind() == OutcomeKind.MERGED) {
                covered++;
                latencyMs[(int) (latencies++ % LATENCY_WINDOW)] = Math.max(0, o.endToEndMs());
            }
            if (o.kind() == OutcomeKind.ANSWERED) {
                replies++;
                if (!o.falseClaims().isEmpty()) falseClaimReplies++;
                if (o.fallbackReply()) fallbacks++;
            }
        }

        synchronized ObjectNode json(ArmLabels labels) {
            ObjectNode n = RequestJson.JSON.createObjectNode();
            n.put("version", labels.version()).put("experiment", labels.experiment()).put("arm", labels.arm())
                    .put("questions", questions).put("covered", covered).put("replies", replies)
                    .put("falseClaimReplies", falseClaimReplies).put("fallbacks", fallbacks);
            n.set("coverage", Interval.wilson(covered, questions).json(4));
            n.set("falseClaimRate", Interval.wilson(falseClaimReplies, replies).json(4));
            n.set("fallbackShare", Interval.wilson(fallbacks, replies).json(4));
            long[] window = Arrays.copyOf(latencyMs, (int) Math.min(latencies, LATENCY_WINDOW));
            ObjectNode latency = n.putObject("latencyMs");
            latency.put("samples", window.length);
            latency.set("p50", Interval.quantile(window, 0.50).json(0));
            latency.set("p95", Interval.quantile(window, 0.95).json(0));
            return n;
        }
    }
}
