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

    /**
     * With --node, the node's live per-arm figures count beside the offline eval: a candidate that
     * passed the dev set but says false things on air more often than stable, beyond the intervals,
     * is refused, and the figures are printed; where the intervals overlap it is promoted.
     */
    @Test
    void aCandidateWhoseLiveFalseClaimRateLiesAboveStablesIsRefusedThoughTheDevSetPassed(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state");
        Path conf = tmp.resolve("conf.yaml");
        Files.writeString(conf, "harness:\n  dir: harness\n  stateDir: " + state + "\n  defaultVersion: default\n"
                + "ops:\n  token: live-evidence-operator-token\n  tokenFile: " + tmp.resolve("operator-token") + "\n");
        HarnessRegistry registry = HarnessRegistry.open(state, Path.of("harness"), "default");
        String stable = registry.routing().channels().get(HarnessRouting.STABLE);
        var files = new java.util.TreeMap<>(HarnessFiles.fromDirectory(Path.of("harness/default")).files());
        files.put("harness.yaml", (new String(files.get("harness.yaml")) + "\n# candidate\n").getBytes());
        String candidate = registry.publish(new HarnessFiles("candidate", files)).version();
        Path comparisons = tmp.resolve("comparisons");
        PromotionGate.write(comparisons, PromotionGateFixtures.comparison(stable, candidate, 0.0, 0.0));

        String[] quality = {""};
        com.sun.net.httpserver.HttpServer node = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        node.createContext("/v1/quality", ex -> {
            boolean operator = "Bearer live-evidence-operator-token".equals(ex.getRequestHeaders().getFirst("Authorization"));
            byte[] body = (operator ? quality[0] : "{\"error\":\"that is not the operator token\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            ex.sendResponseHeaders(operator ? 200 : 403, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        node.start();
        try {
            String[] args = {"harness", "promote", candidate, "--to", "stable", "--conf", conf.toString(), "--comparisons", comparisons.toString(),
                    "--node", "http://127.0.0.1:" + node.getAddress().getPort()};
            quality[0] = quality(candidate, 200, 30, stable, 200, 2);
            assertEquals(ExitCodes.FAILED, Main.commandLine().execute(args));
            assertEquals(stable, HarnessRegistry.open(state, null, "default").routing().channels().get("stable"), "refused on the live evidence");

            quality[0] = quality(candidate, 20, 2, stable, 20, 0);
            assertEquals(ExitCodes.OK, Main.commandLine().execute(args),
                    "2 of 20 against 0 of 20 is no evidence");
            assertEquals(candidate, HarnessRegistry.open(state, null, "default").routing().channels().get("stable"));
            assertTrue(PromotionLog.read(state).getFirst().contains("live evidence"), PromotionLog.read(state).getFirst());
        } finally {
            node.stop(0);
        }
    }

    /** GET /v1/quality as a node answers it for an experiment between stable (control) and the candidate (treatment). */
    private static String quality(String candidate, int candidateReplies, int candidateWrong, String stable, int stableReplies, int stableWrong) {
        var q = io.liveharness.config.Json.MAPPER.createObjectNode();
        q.withArray("arms").add(arm(candidate, "treatment", candidateReplies, candidateWrong));
        q.withArray("arms").add(arm(stable, "control", stableReplies, stableWrong));
        return q.toString();
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode arm(String version, String arm, int replies, int wrong) {
        var a = io.liveharness.config.Json.MAPPER.createObjectNode().put("version", version).put("experiment", "hooks-ab").put("arm", arm)
                .put("questions", replies).put("covered", replies).put("replies", replies).put("falseClaimReplies", wrong).put("fallbacks", 0);
        a.set("falseClaimRate", interval(io.liveharness.ops.Interval.wilson(wrong, replies)));
        a.set("fallbackShare", interval(io.liveharness.ops.Interval.wilson(0, replies)));
        a.set("coverage", interval(io.liveharness.ops.Interval.wilson(replies, replies)));
        return a;
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode interval(io.liveharness.ops.Interval i) {
        return io.liveharness.config.Json.MAPPER.createObjectNode().put("value", i.value()).put("low", i.low()).put("high", i.high());
    }
}
