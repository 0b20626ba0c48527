package io.liveharness.cli;

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
        Path stateDir = Path.of(config.harness().stateDir());
        if (!gate.allowed() && !force) {
            System.out.println("refused: " + gate.reason());
            System.out.println("(override with --force --reason \"...\"; the reason is recorded in " + stateDir.resolve(PromotionLog.FILE) + ")");
            return 1;
        }
        PromotionLog.append(stateDir, version, channel, current, !gate.allowed(), reason, gate.reason());
        registry.setChannel(channel, version);
        System.out.println((gate.allowed() ? "promoted " : "promoted (forced: " + reason + ") ") + version + " to " + channel
                + (current == null ? "" : " (was " + current + ")") + "; gate: " + gate.reason());
        return 0;
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
