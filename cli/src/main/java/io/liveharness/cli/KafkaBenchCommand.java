package io.liveharness.cli;

import io.liveharness.config.NodeConfig;
import io.liveharness.bench.kafka.KafkaBenchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `bench kafka [--messages N] [--rooms N] [--conf F]`: a node over Kafka against the same node over HTTP and a plain consumer-producer loop. */
@Command(name = "kafka", mixinStandardHelpOptions = true, description = "Messages per second through a node over Kafka against the same node over HTTP and a plain consumer-producer loop on the same (self-started) broker; last lines kafka_ratio=X, kafka_vs_http=Y.")
final class KafkaBenchCommand implements Callable<Integer> {
    @Option(names = "--messages", paramLabel = "N", defaultValue = "1000", description = "messages per path (default: ${DEFAULT-VALUE})") int messages;
    @Option(names = "--rooms", paramLabel = "N", defaultValue = "64", description = "rooms (default: ${DEFAULT-VALUE})") int rooms;
    @Mixin ConfOption confOption;

    @Override
    public Integer call() throws Exception {
        if (messages < 1 || rooms < 1) throw new UsageException("--messages and --rooms must be at least 1");
        NodeConfig conf = confOption.load().withPort(0);
        Path state = Files.createTempDirectory("liveharness-bench-kafka-state-");
        var h = conf.harness();
        conf = conf.withHarness(new NodeConfig.HarnessConfig(h.dir(), state.toString(), h.defaultVersion(), h.refreshMs()))
                .withOps(new NodeConfig.OpsConfig(null, state.resolve("operator-token").toString()));
        var r = new KafkaBenchmark(conf, messages, rooms, System.err).run();
        System.out.printf("messages=%d rooms=%d partitions=%d%n", r.messages(), r.rooms(), conf.kafka().partitions());
        System.out.printf("plain consumer-producer loop: %.2f s, %.1f msgs/s%n", r.loopSeconds(), r.loopRate());
        System.out.printf("node over HTTP (room, router, model): %.2f s, %.1f msgs/s, outcomes %s%n",
                r.httpSeconds(), r.httpRate(), r.httpKinds());
        System.out.printf("node over Kafka (room, router, model, changelog): %.2f s, %.1f msgs/s, outcomes %s, answered %.1f/s%n",
                r.nodeSeconds(), r.nodeRate(), r.nodeKinds(), r.nodeAnsweredRate());
        System.out.printf("kafka_ratio=%.4f (node over Kafka / plain loop)%n", r.ratio());
        System.out.printf("kafka_vs_http=%.4f (node over Kafka / node over HTTP; goal >= 0.8)%n", r.kafkaVsHttp());
        return 0;
    }
}
