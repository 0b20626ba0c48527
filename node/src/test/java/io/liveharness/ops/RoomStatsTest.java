package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.StageTimings;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RoomStatsTest {

    private static MessageOutcome answered(long agentLoopMicros, long endToEndMs) {
        return new MessageOutcome("r", "m", OutcomeKind.ANSWERED, OutcomeReason.MODEL, null, "ok", "price", 1.0, "v1", null,
                new StageTimings(Map.of("agent_loop", agentLoopMicros)), 1_000, 1_000 + endToEndMs, List.of());
    }

    @Test
    void stageLatenciesAreOverTheLastWindowOfOutcomesOnly() {
        RoomStats stats = new RoomStats();
        // an old slow stretch, then a full window of 1..64 ms: the slow ones have left the window
        for (int i = 0; i < 20; i++) stats.outcome(answered(9_000_000, 9_000));
        for (int ms = 1; ms <= RoomStats.WINDOW; ms++) stats.outcome(answered(ms * 1_000L, ms));
        JsonNode loop = stats.json(0).path("latencyMs").path("agent_loop");
        assertEquals(RoomStats.WINDOW, loop.path("samples").asInt());
        assertEquals(32.0, loop.path("p50").asDouble(), 0.05);
        assertEquals(61.0, loop.path("p95").asDouble(), 0.1);
        assertEquals(32.0, stats.json(0).path("latencyMs").path("end_to_end").path("p50").asDouble(), 0.05);
    }

    @Test
    void aStageWithFewSamplesReportsThose() {
        RoomStats stats = new RoomStats();
        stats.outcome(answered(3_000, 3));
        stats.outcome(answered(5_000, 5));
        JsonNode loop = stats.json(0).path("latencyMs").path("agent_loop");
        assertEquals(2, loop.path("samples").asInt());
        assertEquals(3.0, loop.path("p50").asDouble(), 0.01);
        assertEquals(5.0, loop.path("p95").asDouble(), 0.01);
    }
}
