package io.liveharness.cli;

import io.liveharness.chaos.ChaosRun;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * `chaos [--duration S] [--rate N] [--rooms N] [--grace S] [--faults a,b] [--out DIR]`: a fault
 * run (docs/chaos.md). Exit 1 when an accepted message has no outcome or two.
 */
public final class ChaosCommand implements Main.Command {

    @Override
    public String summary() {
        return "fault run: chaos [--duration 90] [--rate 4] [--rooms 8] [--faults engine-thread,harness-publish,broker-restart,node-sigkill,control-plane-cut] [--out chaos/runs]";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Options o = Options.parse(argv, 0, Set.of("duration", "rate", "rooms", "grace", "faults", "out", "seed"), Set.of());
        ChaosRun.Options options;
        try {
            EnumSet<ChaosRun.Fault> faults = EnumSet.allOf(ChaosRun.Fault.class);
            if (o.has("faults")) {
                faults = EnumSet.noneOf(ChaosRun.Fault.class);
                for (String f : o.get("faults", "").split(",")) if (!f.isBlank()) faults.add(ChaosRun.Fault.of(f.trim()));
            }
            options = new ChaosRun.Options((int) o.number("duration", ChaosRun.Options.DEFAULT_DURATION_S),
                    o.number("rate", ChaosRun.Options.DEFAULT_RATE),
                    (int) o.number("rooms", ChaosRun.Options.DEFAULT_EXTRA_ROOMS + 3) - 3,
                    (int) o.number("grace", ChaosRun.Options.DEFAULT_GRACE_S), faults, (long) o.number("seed", 42));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path dir = Path.of(o.get("out", "chaos/runs")).resolve(java.time.LocalDateTime.now().withNano(0).toString().replace(':', '-'));
        ChaosRun.Result r = new ChaosRun(options, dir, System.err).run();
        System.out.println();
        for (ChaosRun.FaultResult f : r.faults()) {
            System.out.printf("fault %-16s at %5.1fs  %-12s %s%n", f.fault(), f.atS(),
                    !f.injected() ? "NOT INJECTED" : f.recovered() ? "recovered" : "NOT RECOVERED", f.detail());
        }
        for (ChaosRun.Fault f : ChaosRun.Fault.values()) {
            if (!options.faults().contains(f)) System.out.printf("fault %-16s not asked for%n", f.label);
        }
        System.out.printf("messages sent=%d accepted=%d refused=%d outcomes=%d missing=%d duplicates=%d unknown=%d kinds=%s%n",
                r.sent(), r.accepted(), r.refused(), r.outcomes(), r.missing(), r.duplicates(), r.unknown(), r.kinds());
        r.health().forEach((n, h) -> System.out.println("node " + n + ": " + h));
        System.out.printf("%s in %.0f s; report %s%n", r.ok() ? "OK: every accepted message has exactly one outcome"
                : "FAILED: messages missing or answered twice", r.seconds(), r.dir().resolve("index.html"));
        return r.ok() ? 0 : 1;
    }
}
