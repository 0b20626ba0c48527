package io.liveharness.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A short fault run with every fault: the engine thread killed on node-a, a half-written harness
 * version, the broker restarted, node-b SIGKILLed (and started again) and then cut off the control plane and brought back, under load. Every
 * accepted message has exactly one outcome; node-a says it is down (its engine is gone), node-b
 * is healthy; the report is written.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ChaosRunTest {

    @Test
    void aShortRunWithEveryFaultLosesNothingAndAnswersNothingTwice(@TempDir Path dir) throws Exception {
        ChaosRun.Options o = new ChaosRun.Options(40, 3.0, 3, 60, EnumSet.allOf(ChaosRun.Fault.class), 7);
        ChaosRun.Result r = new ChaosRun(o, dir.resolve("run"), System.err).run();
        assertTrue(r.accepted() > 60, "a load ran: " + r);
        assertEquals(0, r.missing(), "accepted messages with no outcome: " + r);
        assertEquals(0, r.duplicates(), "messages answered twice: " + r);
        assertEquals(r.accepted(), r.outcomes(), "one outcome record per accepted message: " + r);
        assertEquals(ChaosRun.Fault.values().length, r.faults().size(), r.faults().toString());
        for (ChaosRun.FaultResult f : r.faults()) {
            assertTrue(f.injected() && f.recovered(), "fault " + f.fault() + ": " + f.detail());
        }
        assertTrue(r.health().get("node-a").startsWith("UNHEALTHY (503"), "node-a's engine is dead and it says so: " + r.health());
        assertTrue(r.health().get("node-b").startsWith("healthy"), "node-b came back: " + r.health());
        JsonNode report = new ObjectMapper().readTree(dir.resolve("run/chaos.json").toFile());
        assertEquals(r.accepted(), report.path("counts").path("accepted").asLong());
        assertTrue(report.path("ok").asBoolean());
        assertTrue(Files.readString(dir.resolve("run/index.html")).contains("every accepted message has exactly one outcome"));
    }
}
