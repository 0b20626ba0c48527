package io.liveharness.loadtest;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineFiguresTest {

    // as the node's Prometheus registry writes them (NodeMetrics), trimmed to the series read
    private static final String METRICS = """
            # HELP liveharness_engine_shed_wait_seconds From a request's arrival at the batcher to its end without a token, by reason
            # TYPE liveharness_engine_shed_wait_seconds histogram
            liveharness_engine_shed_wait_seconds_bucket{reason="deadline",service="liveharness",le="0.5"} 9.0
            liveharness_engine_shed_wait_seconds_bucket{reason="overload",service="liveharness",le="0.05"} 10.0
            liveharness_engine_shed_wait_seconds_bucket{reason="overload",service="liveharness",le="0.1"} 60.0
            liveharness_engine_shed_wait_seconds_bucket{reason="overload",service="liveharness",le="0.25"} 90.0
            liveharness_engine_shed_wait_seconds_bucket{reason="overload",service="liveharness",le="1.0"} 97.0
            liveharness_engine_shed_wait_seconds_bucket{reason="overload",service="liveharness",le="2.0"} 100.0
            liveharness_engine_shed_wait_seconds_bucket{reason="overload",service="liveharness",le="+Inf"} 100.0
            liveharness_engine_shed_wait_seconds_count{reason="overload",service="liveharness"} 100.0
            liveharness_engine_shed_wait_seconds_sum{reason="overload",service="liveharness"} 21.5
            liveharness_engine_tokens_total{kind="completion",service="liveharness"} 4200.0
            liveharness_engine_tokens_total{kind="prompt",service="liveharness"} 99000.0
            liveharness_engine_tokens_per_second_count{service="liveharness"} 120.0
            """;

    @Test
    void theOverloadShedsAreReadFromTheirHistogram() {
        var f = EngineFigures.parse(METRICS, null);
        var shed = f.shedAtBatcher();
        assertEquals(100, shed.count());
        assertEquals(97, shed.withinOneSecond());
        assertEquals(0.1, shed.p50AtMostS());   // 60 of 100 by 0.1 s
        assertEquals(1.0, shed.p95AtMostS());   // 97 of 100 by 1 s
        assertEquals(35.0, f.meanTokensPerGeneration(), 1e-9);
        assertEquals(70.0, f.tokensPerModelAnswer(60), 1e-9); // 4,200 tokens over 60 answers: some took two generations
        assertTrue(Double.isNaN(f.ceilingAnswersPerSecond(60)), "no ceiling for a remote node");
    }

    @Test
    void theCeilingIsSizedByTheRunsReplies() {
        var f = EngineFigures.parse(METRICS, new EngineFigures.Ceiling(64, 32, 700.0));
        assertEquals(10.0, f.ceilingAnswersPerSecond(60), 1e-9); // 700 tokens/s at 70 tokens an answer
        assertTrue(Double.isNaN(f.ceilingAnswersPerSecond(0)), "no answer to size by");
    }

    @Test
    void aNodeWithoutTheHistogramSaysSo() {
        var f = EngineFigures.parse("liveharness_engine_tokens_total{kind=\"completion\"} 10.0\n", null);
        assertNull(f.shedAtBatcher());
        assertTrue(Double.isNaN(f.meanTokensPerGeneration()));
    }
}
