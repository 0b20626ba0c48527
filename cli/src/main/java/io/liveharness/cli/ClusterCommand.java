package io.liveharness.cli;

import io.liveharness.chaos.ClusterRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code cluster [--nodes 3] [--out DIR]}: a broker and N node processes; a publish, a channel move,
 * an experiment, a pin and a new room, each through one node, timed until it serves on every node
 * (docs/kafka.md). Last line {@code control_plane_converge_ms=}; exit 1 past 5,000 ms or when a
 * change did not serve everywhere. Every process it starts, it stops.
 */
@Command(name = "cluster", mixinStandardHelpOptions = true, description = "Control-plane convergence: a broker and N node processes; a publish,"
        + " a channel move, an experiment, a pin and a new room, each through one node, timed until it serves on every node; last line"
        + " control_plane_converge_ms=; exit 1 past 5,000 ms or when a change did not serve everywhere (docs/kafka.md).")
final class ClusterCommand implements Callable<Integer> {
    @Option(names = "--nodes", paramLabel = "N", defaultValue = "3", description = "node processes (default: ${DEFAULT-VALUE})") int nodes;
    @Option(names = "--out", paramLabel = "DIR", defaultValue = "cluster/runs", description = "where the run folder goes (default: ${DEFAULT-VALUE})")
    Path out;

    @Override
    public Integer call() throws Exception {
        ClusterRun run;
        try {
            run = new ClusterRun(nodes, out.resolve(java.time.LocalDateTime.now().withNano(0).toString().replace(':', '-')), System.err);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        ClusterRun.Result r = run.run();
        for (ClusterRun.Step s : r.steps()) {
            System.out.printf("%-48s via %s  write %5d ms  served everywhere %s%n", s.name(), s.via(), s.writeMs(),
                    s.ok() ? s.convergeMs() + " ms" : "NO (" + s.status() + ")");
        }
        System.out.printf("%s in %.0f s%n", r.ok() ? "OK: every change served on every node within " + ClusterRun.TARGET_MS + " ms"
                : "FAILED: a change was refused, did not serve everywhere, or took longer than " + ClusterRun.TARGET_MS + " ms", r.seconds());
        System.out.println("control_plane_converge_ms=" + r.convergeMs());
        return r.ok() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
