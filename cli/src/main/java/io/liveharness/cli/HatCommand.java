package io.liveharness.cli;

import io.liveharness.config.YamlFiles;
import io.liveharness.hat.HatRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/** {@code hat run PLAN.yaml [--out DIR]}: the report's HAT experiment replayed from a plan (docs/hat.md). */
@Command(name = "hat", mixinStandardHelpOptions = true, description = "The report's HAT experiment: fixed-harness SFT vs HSA-SFT vs HSA-RL on held-out harness variants (docs/hat.md).")
final class HatCommand {

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Run (or resume) a plan; exit 1 when it stopped before the report.")
    int run(@Parameters(paramLabel = "PLAN.yaml", description = "the plan, e.g. hat/tiny.yaml") Path plan,
            @Option(names = "--out", paramLabel = "DIR", description = "the run folder (default: var/hat/<plan>)") Path out,
            @Mixin ConfOption conf) throws Exception {
        String stem = plan.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        Path dir = out != null ? out : Path.of("var/hat/" + stem);
        var config = conf.load();
        HatRun.Result r;
        try {
            r = HatRun.run(plan, dir, config, System.err, 0);
        } catch (YamlFiles.FileException | IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        System.out.println("hat: " + (r.finished() ? "done; report " + r.report() : "stopped; rerun to continue") + " (" + r.out() + ")");
        return r.finished() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
