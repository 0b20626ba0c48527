package io.liveharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.loadtest.Scenario;
import io.liveharness.loadtest.Slo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.liveharness.cli.CommandLineTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scenario's {@code slo:} block against the summary a real run wrote (the committed flood run:
 * answered P95 15.9 s, 0.6 answered a second): missed, `loadtest` exits 1 and says which bound.
 */
class LoadtestSloTest {
    private static final Path FLOOD = Path.of("loadtest/reports/flood-20261207-134400/summary.json");

    private static Path scenario(Path dir, String slo) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, "name: s\nrooms: 4\nratePerRoom: 0.3\ndurationS: 40\n" + slo);
        return file;
    }

    @Test
    void aMissedBoundExitsOneAndNamesIt(@TempDir Path tmp) throws Exception {
        JsonNode summary = Json.MAPPER.readTree(FLOOD.toFile());
        Path file = scenario(tmp, "slo:\n  headline.answeredLatencyMs.p95: {max: 8000}\n  headline.throughputPerS.sent: {min: 10}\n");
        Scenario.load(file); // the scenario format takes the block
        Slo slo = Slo.load(file);
        assertEquals(List.of("headline.answeredLatencyMs.p95 = 15908.9, not <= 8000.0"), slo.misses(summary));
        assertEquals(ExitCodes.FAILED, LoadtestCommand.verdict(slo, summary));
    }

    @Test
    void boundsKeptOrNoBlockExitZero(@TempDir Path tmp) throws Exception {
        JsonNode summary = Json.MAPPER.readTree(FLOOD.toFile());
        Slo kept = Slo.load(scenario(tmp, "slo:\n  headline.answeredLatencyMs.p95: {max: 20000}\n  headline.throughputPerS.sent: {min: 10, max: 12}\n"));
        assertEquals(ExitCodes.OK, LoadtestCommand.verdict(kept, summary));
        assertEquals(ExitCodes.OK, LoadtestCommand.verdict(Slo.load(scenario(tmp, "")), summary));
    }

    @Test
    void aFigureTheSummaryLacksIsAMiss(@TempDir Path tmp) throws Exception {
        Slo slo = Slo.load(scenario(tmp, "slo:\n  headline.answeredLatencyMs.p999: {max: 1}\n"));
        assertEquals(List.of("headline.answeredLatencyMs.p999: not in the summary (the bound was <= 1.0)"),
                slo.misses(Json.MAPPER.readTree(FLOOD.toFile())));
    }

    @Test
    void aMalformedBlockIsABadInputNamingFileAndFigure(@TempDir Path tmp) throws Exception {
        Path file = scenario(tmp, "slo:\n  headline.answeredLatencyMs.p95: {below: 8000}\n");
        var e = assertThrows(IllegalArgumentException.class, () -> Slo.load(file));
        assertTrue(e.getMessage().startsWith(file + ": slo.headline.answeredLatencyMs.p95 must be"), e.getMessage());
        CommandLineTest.Run r = run("loadtest", file.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.exit(), "refused before any load is sent: " + r.err());
        assertTrue(r.err().contains("slo.headline.answeredLatencyMs.p95"), r.err());
    }
}
