package io.liveharness.cli;

import io.liveharness.chaos.ClusterRun;

import java.nio.file.Path;
import java.util.Set;

/**
 * `cluster [--nodes 3] [--out DIR]`: a broker and N node processes; a publish, a channel move, an
 * experiment, a pin and a new room, each through one node, timed until it serves on every node
 * (docs/kafka.md). Last line {@code control_plane_converge_ms=}; exit 1 past 5,000 ms or when a
 * change did not serve everywhere. Every process it starts, it stops.
 */
public final class ClusterCommand implements Main.Command {

    @Override
    public String summary() {
        return "control-plane convergence: cluster [--nodes 3] [--out cluster/runs]; last line control_plane_converge_ms=";
    }

    @Override
    public int run(String[] argv) throws Exception {
        Options o = Options.parse(argv, 0, Set.of("nodes", "out"), Set.of());
        ClusterRun run;
        try {
            run = new ClusterRun((int) o.number("nodes", 3),
                    Path.of(o.get("out", "cluster/runs")).resolve(java.time.LocalDateTime.now().withNano(0).toString().replace(':', '-')),
                    System.err);
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
        return r.ok() ? 0 : 1;
    }
}
