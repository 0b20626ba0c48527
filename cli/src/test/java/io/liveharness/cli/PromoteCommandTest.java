package io.liveharness.cli;

import io.liveharness.eval.PromotionGateFixtures;
import io.liveharness.eval.compare.PromotionGate;
import io.liveharness.eval.compare.PromotionLog;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.harness.HarnessRouting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `harness promote V --to stable` on a real store: refused on a regression, forced with a reason that is kept. */
class PromoteCommandTest {

    @Test
    void aRegressionIsRefusedUntilForcedAndTheReasonIsRecordedInTheStateDir(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state");
        Path conf = tmp.resolve("conf.yaml");
        Files.writeString(conf, "harness:\n  dir: harness\n  stateDir: " + state + "\n  defaultVersion: default\n");
        HarnessRegistry registry = HarnessRegistry.open(state, Path.of("harness"), "default");
        String stable = registry.routing().channels().get(HarnessRouting.STABLE);
        var files = new java.util.TreeMap<>(HarnessFiles.fromDirectory(Path.of("harness/default")).files());
        files.put("harness.yaml", (new String(files.get("harness.yaml")) + "\n# candidate\n").getBytes());
        String candidate = registry.publish(new HarnessFiles("candidate", files)).version();
        Path comparisons = tmp.resolve("comparisons");
        PromotionGate.write(comparisons, PromotionGateFixtures.comparison(stable, candidate, -0.05, 0.02));

        String[] common = {"harness", "promote", candidate, "--to", "stable", "--conf", conf.toString(), "--comparisons", comparisons.toString()};
        assertEquals(ExitCodes.FAILED, Main.commandLine().execute(common));
        assertEquals(stable, HarnessRegistry.open(state, null, "default").routing().channels().get("stable"), "refused: stable did not move");

        assertEquals(ExitCodes.USAGE, Main.commandLine().execute(concat(common, "--force")), "forcing needs a reason");

        assertEquals(ExitCodes.OK, Main.commandLine().execute(concat(common, "--force", "--reason", "hotfix for a legal notice")));
        assertEquals(candidate, HarnessRegistry.open(state, null, "default").routing().channels().get("stable"));
        var log = PromotionLog.read(state);
        assertEquals(1, log.size());
        assertTrue(log.getFirst().contains("\"forced\":true") && log.getFirst().contains("hotfix for a legal notice"), log.getFirst());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
