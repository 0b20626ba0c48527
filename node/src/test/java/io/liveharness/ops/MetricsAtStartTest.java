package io.liveharness.ops;

import io.liveharness.node.Node;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A node's meters exist at zero before its first message, so dashboards and alerts see zeros, not gaps. */
class MetricsAtStartTest {
    @Test
    void theLatencyHistogramsOutcomeCountersAndEngineFiguresAreThereBeforeAnyMessage() {
        OpsNodes.ensureTestTools();
        try (Node node = TestNodes.start(OpsNodes.config())) {
            String scrape = new OpsNodes.Client(node.port(), null).get("/metrics").body();
            for (String series : new String[]{
                    "liveharness_reply_latency_seconds_bucket{kind=\"answered\"",
                    "liveharness_reply_latency_seconds_count{kind=\"dropped\",service=\"liveharness\"} 0",
                    "liveharness_stage_latency_seconds_bucket{service=\"liveharness\",stage=\"agent_loop\"",
                    "liveharness_outcomes_total{kind=\"answered\",reason=\"model\",service=\"liveharness\"} 0",
                    "liveharness_outcomes_total{kind=\"answered\",reason=\"fallback\",service=\"liveharness\"} 0",
                    "liveharness_engine_ttft_seconds_count{service=\"liveharness\"} 0",
                    "liveharness_engine_tokens_per_second_count{service=\"liveharness\"} 0",
                    "liveharness_engine_tokens_total{kind=\"completion\",service=\"liveharness\"} 0",
                    "liveharness_engine_batch_sequences_count{service=\"liveharness\"} 0",
                    "liveharness_engine_batch_tokens_count{service=\"liveharness\"} 0"}) {
                assertTrue(scrape.contains(series), "missing before the first message: " + series + "\n" + scrape);
            }
        }
    }
}
