package io.liveharness.cli;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --conf FILE}, the node configuration, as every command that reads one takes it. */
final class ConfOption {
    @Option(names = "--conf", paramLabel = "FILE", defaultValue = "conf/liveharness.yaml",
            description = "the node configuration (default: ${DEFAULT-VALUE})")
    Path conf;

    NodeConfig load() { return ConfigLoader.load(conf); }
}
