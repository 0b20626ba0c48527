package io.liveharness.cli;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.YamlFiles;
import io.liveharness.hat.HatRun;

import java.nio.file.Path;
import java.util.Set;

/** {@code hat run PLAN.yaml [--out DIR]}: the report's HAT experiment replayed from a plan (docs/hat.md). */
final class HatCommand implements Main.Command {
    static final String USAGE = "hat run PLAN.yaml [--out DIR] [--conf F]";

    @Override
    public String summary() { return USAGE + "   fixed-harness SFT vs HSA-SFT vs HSA-RL on held-out harness variants"; }

    @Override
    public int run(String[] args) throws Exception {
        if (args.length < 2 || !args[0].equals("run") || args[1].startsWith("--")) throw new UsageException("usage: " + USAGE);
        Path plan = Path.of(args[1]);
        Options o = Options.parse(args, 2, Set.of("out", "conf"), Set.of());
        String stem = plan.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        Path out = Path.of(o.get("out", "var/hat/" + stem));
        var config = ConfigLoader.load(Path.of(o.get("conf", ConfigLoader.DEFAULT_FILE.toString())));
        HatRun.Result r;
        try {
            r = HatRun.run(plan, out, config, System.err, 0);
        } catch (YamlFiles.FileException | IllegalArgumentException e) {
            System.err.println("liveharness hat: " + e.getMessage());
            return 1;
        }
        System.out.println("hat: " + (r.finished() ? "done; report " + r.report() : "stopped; rerun to continue") + " (" + r.out() + ")");
        return r.finished() ? 0 : 1;
    }
}
