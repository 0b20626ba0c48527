package io.liveharness.eval.run;

import io.liveharness.config.NodeConfig;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.HarnessRegistry;

import java.nio.file.Files;
import java.nio.file.Path;

/** The harness version a run evaluates: a folder, a published version id, or a channel of the node's store. */
public record EvalHarness(Harness harness, HarnessFiles files, String source) {

    public static EvalHarness resolve(String ref, NodeConfig config) {
        Path dir = Path.of(ref);
        if (Files.isDirectory(dir)) {
            HarnessFiles files = HarnessFiles.fromDirectory(dir);
            return new EvalHarness(HarnessLoader.load(files), files, "folder " + ref);
        }
        HarnessRegistry registry = HarnessRegistry.open(Path.of(config.harness().stateDir()), Path.of(config.harness().dir()),
                config.harness().defaultVersion());
        String version = registry.versions().containsKey(ref) ? ref : registry.routing().channels().get(ref);
        if (version == null) {
            throw new IllegalArgumentException("'" + ref + "' is not a harness folder, nor a version or channel in "
                    + config.harness().stateDir() + " (versions: " + registry.versions().keySet() + ", channels: "
                    + registry.routing().channels().keySet() + ")");
        }
        HarnessFiles files = registry.files(version);
        String how = version.equals(ref) ? "version in " + config.harness().stateDir() : "channel " + ref + " in " + config.harness().stateDir();
        return new EvalHarness(HarnessLoader.load(files), files, how);
    }
}
