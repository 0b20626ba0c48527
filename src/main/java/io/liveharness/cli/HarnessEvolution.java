package io.liveharness.cli;

import io.liveharness.eval.compare.PromotionGate;
import io.liveharness.eval.compare.PromotionLog;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.harness.HarnessRouting;

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

    static int augment(String version, Options o) throws Exception {
        throw new UsageException("harness augment is not built yet");
    }

    private HarnessEvolution() { }
}
