package io.liveharness.cli;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.bench.kafka.KafkaBenchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** `bench kafka [--messages N] [--rooms N] [--conf F]`: a node over Kafka against the same node over HTTP and a plain consumer-producer loop. */
final class KafkaBenchCommand implements Main.Command {

    @Override
    public String summary() { return "bench kafka [--messages N] [--rooms N] [--conf F]"; }

    @Override
    public int run(String[] args) throws Exception {
        Options o = Options.parse(args, 1, Set.of("messages", "rooms", "conf"), Set.of());
        int messages = (int) o.number("messages", 1_000);
        int rooms = (int) o.number("rooms", 64);
        if (messages < 1 || rooms < 1) throw new UsageException("--messages and --rooms must be at least 1");
        NodeConfig conf = ConfigLoader.load(Path.of(o.get("conf", ConfigLoader.DEFAULT_FILE.toString()))).withPort(0);
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
