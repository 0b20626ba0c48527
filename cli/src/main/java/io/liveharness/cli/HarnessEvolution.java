package io.liveharness.cli;

import io.liveharness.eval.compare.LiveGate;
import io.liveharness.eval.compare.PromotionGate;
import io.liveharness.eval.compare.PromotionLog;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.harness.HarnessRouting;

import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.augment.Transformation;
import io.liveharness.eval.augment.Transformations;
import io.liveharness.eval.run.EvalHarness;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code harness promote} and {@code harness augment}: the evolution loop's steps that change
 * the store, kept apart from {@link HarnessCommand}'s publishing verbs.
 */
final class HarnessEvolution {

    /** Moves a channel (stable) to a version, if the promotion gate lets it or the operator forces it with a reason. */
    static int promote(String version, Options o) throws Exception {
        String channel = o.get("to", null);
        if (channel == null) throw new UsageException("harness promote VERSION --to stable [--force --reason \"...\"]");
        boolean force = o.has("force");
        String reason = o.get("reason", null);
        if (force && (reason == null || reason.isBlank())) throw new UsageException("--force needs --reason \"why\": it is recorded");
        var config = HarnessCommand.config(o);
        HarnessRegistry registry = HarnessCommand.registry(o);
        if (registry.version(version).isEmpty()) {
            throw new UsageException("no published version '" + version + "'; publish it first (harness publish DIR)");
        }
        String current = registry.routing().channels().get(channel);
        String stable = registry.routing().channels().get(HarnessRouting.STABLE);
        PromotionGate.Decision gate = PromotionGate.check(version, stable,
                PromotionGate.load(Path.of(o.get("comparisons", PromotionGate.DEFAULT_COMPARISONS.toString()))),
                PromotionGate.Margins.load(Path.of(o.get("policy", PromotionGate.DEFAULT_POLICY.toString()))));
        // Beside the offline eval, what the version did on air: a node's per-arm figures, when asked for.
        LiveGate.Decision live = o.has("node") ? LiveGate.check(liveQuality(o.get("node", null), config), version, stable) : null;
        if (live != null) live.evidence().forEach(line -> System.out.println("live " + line));
        boolean allowed = gate.allowed() && (live == null || live.allowed());
        String why = gate.reason() + (live == null ? "" : "; " + live.reason());
        Path stateDir = Path.of(config.harness().stateDir());
        if (!allowed && !force) {
            System.out.println("refused: " + (gate.allowed() ? live.reason() : why));
            System.out.println("(override with --force --reason \"...\"; the reason is recorded in " + stateDir.resolve(PromotionLog.FILE) + ")");
            return 1;
        }
        PromotionLog.append(stateDir, version, channel, current, !allowed, reason, why);
        registry.setChannel(channel, version);
        System.out.println((allowed ? "promoted " : "promoted (forced: " + reason + ") ") + version + " to " + channel
                + (current == null ? "" : " (was " + current + ")") + "; gate: " + why);
        return 0;
    }

    /** {@code GET /v1/quality} of a node, with the operator token as an operator on its machine has it. */
    private static com.fasterxml.jackson.databind.JsonNode liveQuality(String node, io.liveharness.config.NodeConfig c) throws Exception {
        String token = c.ops().token();
        String env = System.getenv(io.liveharness.config.NodeConfig.OpsConfig.TOKEN_ENV);
        if (token == null && env != null && !env.isBlank()) token = env.trim();
        if (token == null && Files.isRegularFile(Path.of(c.ops().tokenFile()))) token = Files.readString(Path.of(c.ops().tokenFile())).trim();
        if (token == null) {
            throw new UsageException("--node needs the operator token: set " + io.liveharness.config.NodeConfig.OpsConfig.TOKEN_ENV
                    + " or ops.token, or run on the node's machine (" + c.ops().tokenFile() + ")");
        }
        var r = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(node + "/v1/quality")).header("authorization", "Bearer " + token).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new UsageException(node + "/v1/quality answered " + r.statusCode() + ": " + r.body());
        return io.liveharness.config.Json.MAPPER.readTree(r.body());
    }

    /**
     * Writes N task-preserving variants of a version (a folder, a version id or a channel) as
     * folders under {@code --out} and, with {@code --publish}, into the store as versions.
     */
    static int augment(String version, Options o) throws Exception {
        int n = (int) o.number("variants", 3);
        long seed = (long) o.number("seed", 1);
        if (n < 1) throw new UsageException("--variants must be at least 1");
        var base = EvalHarness.resolve(version, HarnessCommand.config(o));
        Path out = Path.of(o.get("out", "eval/variants/" + base.harness().version()));
        HarnessRegistry registry = o.has("publish") ? HarnessCommand.registry(o) : null;
        for (HarnessAugmenter.Variant v : HarnessAugmenter.variants(base.files(), n, seed)) {
            Path dir = out.resolve("hsa" + v.index());
            if (Files.exists(dir)) deleteTree(dir);
            v.files().writeTo(dir.toAbsolutePath());
            // Beside the folder, not in it: the notes are not harness content, so the folder's version is the variant's.
            Files.writeString(out.resolve("hsa" + v.index() + ".md"), "Variant " + v.index() + " of " + base.harness().version() + ", seed " + seed
                    + ", made by `harness augment`. Transformations: "
                    + Transformations.all().stream().map(Transformation::name).toList() + "\n\n" + String.join("\n", v.notes()) + "\n");
            var h = io.liveharness.harness.HarnessLoader.load(io.liveharness.harness.HarnessFiles.fromDirectory(dir));
            String published = registry == null ? "" : ", published " + registry.publish(v.files()).version();
            System.out.println("variant " + v.index() + ": " + dir + " (" + h.version() + published + ")");
        }
        return 0;
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private HarnessEvolution() { }
}
