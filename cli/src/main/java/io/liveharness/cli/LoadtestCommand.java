package io.liveharness.cli;

import io.liveharness.loadtest.LoadTest;
import io.liveharness.loadtest.LoadgenBench;
import io.liveharness.loadtest.Scenario;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * `loadtest SCENARIO.yaml [--target URL | --node embedded] [--out DIR] [--conf F]`:
 * drives a node with an open-model generator and writes {@code loadtest/reports/<scenario>-<time>/}.
 * Also {@link #benchLoadgen(String[])}, for `bench loadgen`.
 */
public final class LoadtestCommand implements Main.Command {

    @Override
    public String summary() {
        return "load test: loadtest loadtest/<scenario>.yaml [--target http://host:port | --node embedded] [--out DIR] [--conf F]";
    }

    @Override
    public int run(String[] args) throws Exception {
        if (args.length == 0 || args[0].startsWith("--")) throw new UsageException("usage: " + summary().substring("load test: ".length()));
        Path file = Path.of(args[0]);
        if (!Files.isRegularFile(file)) throw new UsageException("no scenario file " + file);
        // over Kafka, `bench kafka` measures the same node against its HTTP path
        Options o = Options.parse(args, 1, Set.of("target", "node", "out", "conf"), Set.of());
        if (o.has("target") && o.has("node")) throw new UsageException("give --target or --node embedded, not both");
        if (o.has("node") && !o.get("node", "").equals("embedded")) throw new UsageException("--node takes only 'embedded'");
        Scenario s;
        try {
            s = Scenario.load(file);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path out = Path.of(o.get("out", LoadTest.REPORTS.toString()));
        Path dir;
        if (o.has("target")) {
            URI target = URI.create(o.get("target", ""));
            if (target.getHost() == null || target.getPort() < 0) throw new UsageException("--target needs http://host:port, got '" + target + "'");
            dir = LoadTest.remote(s, target, out, System.err);
        } else {
            dir = LoadTest.embedded(s, LoadTest.defaultConf(o.get("conf", null)), out, System.err);
        }
        System.out.println("report: " + dir.resolve("report.html"));
        System.out.println("summary: " + dir.resolve("summary.json"));
        return 0;
    }

    /**
     * Runs the command outside {@link Main} too (`java -cp ... io.liveharness.cli.LoadtestCommand
     * SCENARIO ...` or `... LoadtestCommand bench loadgen ...`), for before it is registered there.
     */
    public static void main(String[] args) throws Exception {
        int rc;
        try {
            rc = args.length >= 2 && args[0].equals("bench") && args[1].equals("loadgen")
                    ? benchLoadgen(java.util.Arrays.copyOfRange(args, 1, args.length))
                    : new LoadtestCommand().run(args);
        } catch (UsageException e) {
            System.err.println("liveharness loadtest: " + e.getMessage());
            rc = 2;
        }
        System.exit(rc);
    }

    /** `bench loadgen [--seconds N] [--in-flight N]`: the generator's ceiling against an ack-only node; last line `loadgen_msgs_per_s=X`. */
    public static int benchLoadgen(String[] args) throws Exception {
        Options o = Options.parse(args, 1, Set.of("seconds", "in-flight"), Set.of());
        int seconds = (int) o.number("seconds", 10);
        int inFlight = (int) o.number("in-flight", 128);
        var r = LoadgenBench.run(seconds, inFlight, System.err);
        System.out.printf("generator (schedule, texts, bookkeeping, HTTP): %d acknowledged in %d s, %.0f msg/s%n", r.generatorSent(), seconds, r.generatorPerS());
        System.out.printf("baseline plain client loop (same client, same in-flight bound): %d in %d s, %.0f msg/s%n", r.baselineSent(), seconds, r.baselinePerS());
        System.out.printf("ratio generator/baseline: %.2f%n", r.generatorPerS() / r.baselinePerS());
        System.out.printf("loadgen_msgs_per_s=%.0f%n", r.generatorPerS());
        return 0;
    }
}
