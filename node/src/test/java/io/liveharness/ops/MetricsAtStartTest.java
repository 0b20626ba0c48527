package io.liveharness.ops;

import io.liveharness.node.Node;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A node's meters exist at zero before its first message, so dashboards and alerts see zeros, not gaps; the JVM's and the build's too. */
class MetricsAtStartTest {
    @Test
    void theLatencyHistogramsOutcomeCountersAndEngineFiguresAreThereBeforeAnyMessage() {
        OpsNodes.ensureTestTools();
        try (Node node = TestNodes.start(OpsNodes.config())) {
            String scrape = new OpsNodes.Client(node.port(), null).get("/metrics").body();
            String stable = new OpsNodes.Client(node.port(), "Bearer " + OpsNodes.TOKEN).get("/v1/harness").json()
                    .path("channels").path("stable").asText();
            String arm = "arm=\"none\",experiment=\"none\",group=\"fashion\",";
            for (String series : new String[]{
                    "liveharness_reply_latency_seconds_bucket{" + arm + "kind=\"answered\"",
                    "liveharness_reply_latency_seconds_count{" + arm + "kind=\"dropped\",service=\"liveharness\",version=\"" + stable + "\"} 0",
                    "liveharness_stage_latency_seconds_bucket{service=\"liveharness\",stage=\"agent_loop\"",
                    "liveharness_outcomes_total{" + arm + "kind=\"answered\",reason=\"model\",service=\"liveharness\",version=\"" + stable + "\"} 0",
                    "liveharness_outcomes_total{" + arm + "kind=\"answered\",reason=\"fallback\",service=\"liveharness\",version=\"" + stable + "\"} 0",
                    "liveharness_false_claim_replies_total{arm=\"none\",experiment=\"none\",group=\"food\",service=\"liveharness\",version=\"" + stable + "\"} 0",
                    "liveharness_engine_ttft_seconds_count{service=\"liveharness\"} 0",
                    "liveharness_engine_tokens_per_second_count{service=\"liveharness\"} 0",
                    "liveharness_engine_tokens_total{kind=\"completion\",service=\"liveharness\"} 0",
                    "liveharness_engine_batch_sequences_count{service=\"liveharness\"} 0",
                    "liveharness_engine_batch_tokens_count{service=\"liveharness\"} 0",
                    // the JVM's, the process's and the build's
                    "liveharness_build_info{commit=\"", "jvm_memory_used_bytes{", "jvm_gc_memory_allocated_bytes_total{",
                    "jvm_threads_live_threads{", "jvm_classes_loaded_classes{", "jvm_info{", "process_cpu_usage{",
                    "process_uptime_seconds{", "process_files_open_files{", "system_cpus{"}) {
                assertTrue(scrape.contains(series), "missing before the first message: " + series + "\n" + scrape);
            }
        }
    }
}
