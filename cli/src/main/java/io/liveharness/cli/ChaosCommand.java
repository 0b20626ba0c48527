package io.liveharness.cli;

import io.liveharness.chaos.ChaosRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.Callable;

/**
 * {@code chaos [--duration S] [--rate N] [--rooms N] [--grace S] [--faults a,b] [--out DIR]}: a fault
 * run (docs/chaos.md). Exit 1 when an accepted message has no outcome or two.
 */
@Command(name = "chaos", mixinStandardHelpOptions = true, description = "A fault run: two child-JVM nodes on Kafka under load while faults strike; exit 1 when an accepted message has no outcome or two (docs/chaos.md).")
final class ChaosCommand implements Callable<Integer> {
    @Option(names = "--duration", paramLabel = "S", defaultValue = "" + ChaosRun.Options.DEFAULT_DURATION_S, description = "seconds of load (default: ${DEFAULT-VALUE})")
    int duration;
    @Option(names = "--rate", paramLabel = "N", defaultValue = "" + ChaosRun.Options.DEFAULT_RATE, description = "messages per second (default: ${DEFAULT-VALUE})")
    double rate;
    @Option(names = "--rooms", paramLabel = "N", defaultValue = "" + (ChaosRun.Options.DEFAULT_EXTRA_ROOMS + 3), description = "rooms, the 3 demo rooms among them (default: ${DEFAULT-VALUE})")
    int rooms;
    @Option(names = "--grace", paramLabel = "S", defaultValue = "" + ChaosRun.Options.DEFAULT_GRACE_S, description = "seconds to wait for the last outcomes (default: ${DEFAULT-VALUE})")
    int grace;
    @Option(names = "--faults", paramLabel = "a,b", split = ",", description = "which faults: engine-thread, harness-publish, broker-restart, node-sigkill, control-plane-cut (default: all)")
    java.util.List<String> faults;
    @Option(names = "--out", paramLabel = "DIR", defaultValue = "chaos/runs", description = "where the run folder goes (default: ${DEFAULT-VALUE})")
    Path out;
    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "the load's random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() throws Exception {
        ChaosRun.Options options;
        try {
            EnumSet<ChaosRun.Fault> chosen = EnumSet.allOf(ChaosRun.Fault.class);
            if (faults != null) {
                chosen = EnumSet.noneOf(ChaosRun.Fault.class);
                for (String f : faults) if (!f.isBlank()) chosen.add(ChaosRun.Fault.of(f.trim()));
            }
            options = new ChaosRun.Options(duration, rate, rooms - 3, grace, chosen, seed);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path dir = out.resolve(java.time.LocalDateTime.now().withNano(0).toString().replace(':', '-'));
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
        return r.ok() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
