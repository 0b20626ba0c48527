package io.liveharness.cli;

import io.liveharness.router.RouterOptions;
import io.liveharness.router.TribuoIntentClassifier;
import io.liveharness.router.bench.RouterBenchmark;
import io.liveharness.router.train.LabelledData;
import org.HdrHistogram.Histogram;

import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.bench.rooms.RoomsBenchmark;
import io.liveharness.training.trainer.TrainStepBenchmark;

import io.liveharness.loadtest.LoadgenBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;

/** `bench <what>`: micro-benchmarks that end with one name=value line. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks, each against a baseline measured in the same run, ending with name=value lines.",
        subcommands = {EngineBenchCommand.class, KafkaBenchCommand.class})
final class BenchCommand {

    /** Heap per room: N rooms deployed on a node, each answering one message, against the node before them. */
    @Command(name = "rooms", mixinStandardHelpOptions = true, description = "Heap per idle room; last line rooms=N heap_per_room_kb=X.")
    int rooms(@Option(names = "--rooms", paramLabel = "N", defaultValue = "2000", description = "rooms to deploy (default: ${DEFAULT-VALUE})") int count,
              @Mixin ConfOption conf) throws Exception {
        NodeConfig config = conf.load().withPort(0);
        try (Node node = Node.boot(config)) {
            RoomsBenchmark.Result r = new RoomsBenchmark(node).run(count, System.err);
            System.out.printf("rooms=%d answered=%d in %d s%n", r.rooms(), r.answered(), r.seconds());
            System.out.printf("heap: baseline %.1f MB, +%d fresh rooms %.1f MB, after one answer each %.1f MB%n",
                    r.baselineBytes() / 1e6, r.rooms(), r.deployedBytes() / 1e6, r.answeredBytes() / 1e6);
            System.out.printf("per room: fresh %.1f KB, idle with one turn of context %.1f KB (ratio idle/fresh %.2f)%n",
                    r.freshKbPerRoom(), r.idleKbPerRoom(), r.idleKbPerRoom() / r.freshKbPerRoom());
            System.out.printf("rooms=%d heap_per_room_kb=%.1f%n", r.rooms(), r.idleKbPerRoom());
        }
        return 0;
    }

    /** A training step's gradients with only some blocks training, against every tensor training, alternating on the same sequences. */
    @Command(name = "train", mixinStandardHelpOptions = true, description = "A training step with only some blocks training against every tensor training; last line train_all_tok_s=X train_some_tok_s=Y ratio=Z.")
    int train(@Option(names = "--model", paramLabel = "F", defaultValue = "models/avatar/liveharness-avatar.gguf", description = "the model (default: ${DEFAULT-VALUE})") Path model,
              @Option(names = "--data", paramLabel = "TOKENS.jsonl", required = true, description = "token sequences (model encode)") Path data,
              @Option(names = "--train-layers", paramLabel = "1,3,6,8", defaultValue = "1,3,6,8", description = "the blocks that train (default: ${DEFAULT-VALUE})") String trainLayers,
              @Option(names = "--sequences", paramLabel = "N", defaultValue = "8", description = "sequences a round (default: ${DEFAULT-VALUE})") int sequences,
              @Option(names = "--rounds", paramLabel = "N", defaultValue = "3", description = "rounds after a warm-up (default: ${DEFAULT-VALUE})") int rounds,
              @Option(names = "--threads", paramLabel = "N", defaultValue = "2", description = "compute threads (default: ${DEFAULT-VALUE})") int threads) {
        if (!Files.isRegularFile(model)) throw new UsageException("--model " + model + " not found");
        if (!Files.isRegularFile(data)) throw new UsageException("--data: a tokens JSONL file (model encode) is required; " + data + " not found");
        var layers = TrainCommand.layers(trainLayers);
        var bench = new TrainStepBenchmark(model, data, sequences);
        var r = bench.run(layers, rounds, threads, System.err);
        System.out.printf("model %s (%d layers), %d sequences, %,d tokens a round, %d rounds after a warm-up%n",
                model, bench.config().layers(), r.sequences(), r.tokens(), r.rounds());
        System.out.printf("every tensor trains:   %,.0f tok/s%n", r.allTokensPerSecond());
        System.out.printf("only blocks %s train: %,.0f tok/s (ratio %.2f)%n", layers, r.someTokensPerSecond(), r.ratio());
        System.out.printf("train_all_tok_s=%.0f train_some_tok_s=%.0f ratio=%.2f%n", r.allTokensPerSecond(), r.someTokensPerSecond(), r.ratio());
        return 0;
    }

    @Command(name = "router", mixinStandardHelpOptions = true, description = "Router latency on the event loop against featurizing alone and plain Tribuo; last line router_us_p50=X router_us_p99=Y.")
    int router(@Option(names = "--model", paramLabel = "F", description = "the router model (default: conf's)") Path model,
               @Option(names = "--data", paramLabel = "F", defaultValue = "data/router/test.jsonl", description = "labelled messages (default: ${DEFAULT-VALUE})") Path data,
               @Option(names = "--calls", paramLabel = "N", defaultValue = "200000", description = "calls per path (default: ${DEFAULT-VALUE})") int calls) throws Exception {
        var classifier = TribuoIntentClassifier.load(model != null ? model : RouterOptions.DEFAULT_MODEL_PATH);
        var messages = LabelledData.read(data);
        var result = new RouterBenchmark(classifier, messages).run(Math.max(50_000, calls / 2), calls, System.err);
        Histogram f = result.featurize();
        Histogram r = result.router();
        Histogram t = result.tribuo();
        System.out.printf("messages=%d calls=%d (per path, after warm-up)%n", messages.size(), calls);
        line("baseline featurize only", f);
        line("plain Tribuo predict", t);
        line("router (compiled scorer)", r);
        System.out.printf("ratio router/featurize: p50 %.2fx p99 %.2fx%n",
                RouterBenchmark.us(r, 50) / RouterBenchmark.us(f, 50), RouterBenchmark.us(r, 99) / RouterBenchmark.us(f, 99));
        System.out.printf("ratio tribuo/router:    p50 %.2fx p99 %.2fx%n",
                RouterBenchmark.us(t, 50) / RouterBenchmark.us(r, 50), RouterBenchmark.us(t, 99) / RouterBenchmark.us(r, 99));
        System.out.printf("router_us_p50=%.1f router_us_p99=%.1f%n", RouterBenchmark.us(r, 50), RouterBenchmark.us(r, 99));
        return 0;
    }

    /** The generator's ceiling against an ack-only node; last line {@code loadgen_msgs_per_s=X}. */
    @Command(name = "loadgen", mixinStandardHelpOptions = true, description = "The load generator's own ceiling against a plain client loop; last line loadgen_msgs_per_s=X.")
    int loadgen(@Option(names = "--seconds", paramLabel = "N", defaultValue = "10", description = "seconds each (default: ${DEFAULT-VALUE})") int seconds,
                @Option(names = "--in-flight", paramLabel = "N", defaultValue = "128", description = "POSTs in flight (default: ${DEFAULT-VALUE})") int inFlight) throws Exception {
        var r = LoadgenBench.run(seconds, inFlight, System.err);
        System.out.printf("generator (schedule, texts, bookkeeping, HTTP): %d acknowledged in %d s, %.0f msg/s%n", r.generatorSent(), seconds, r.generatorPerS());
        System.out.printf("baseline plain client loop (same client, same in-flight bound): %d in %d s, %.0f msg/s%n", r.baselineSent(), seconds, r.baselinePerS());
        System.out.printf("ratio generator/baseline: %.2f%n", r.generatorPerS() / r.baselinePerS());
        System.out.printf("loadgen_msgs_per_s=%.0f%n", r.generatorPerS());
        return 0;
    }

    private static void line(String name, Histogram h) {
        System.out.printf("%-26s p50 %7.2f us  p99 %7.2f us  p99.9 %7.2f us  max %8.1f us%n", name,
                RouterBenchmark.us(h, 50), RouterBenchmark.us(h, 99), RouterBenchmark.us(h, 99.9), h.getMaxValue() / 1000.0);
    }
}
