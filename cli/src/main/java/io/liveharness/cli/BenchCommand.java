package io.liveharness.cli;

import io.liveharness.router.RouterOptions;
import io.liveharness.router.TribuoIntentClassifier;
import io.liveharness.router.bench.RouterBenchmark;
import io.liveharness.router.train.LabelledData;
import org.HdrHistogram.Histogram;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.bench.rooms.RoomsBenchmark;
import io.liveharness.training.trainer.TrainStepBenchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** `bench <what>`: micro-benchmarks that end with one name=value line. */
public final class BenchCommand implements Main.Command {

    @Override
    public String summary() { return "benchmarks: bench router [--model F] [--data F] [--calls N] | bench rooms [--rooms N] | bench engine [...] | bench loadgen [--seconds N] [--in-flight N] | bench kafka [--messages N] [--rooms N] | bench train --data F [--model F] [--train-layers 1,3,6,8] [--sequences N] [--rounds N] [--threads N]"; }

    @Override
    public int run(String[] args) throws Exception {
        String what = args.length == 0 ? "" : args[0];
        return switch (what) {
            case "router" -> router(args);
            case "rooms" -> rooms(args);
            case "engine" -> new EngineBenchCommand().run(args);
            case "loadgen" -> LoadtestCommand.benchLoadgen(args);
            case "kafka" -> new KafkaBenchCommand().run(args);
            case "train" -> train(args);
            default -> throw new UsageException("usage: " + summary().substring("benchmarks: ".length()));
        };
    }

    /** Heap per room: N rooms deployed on a node, each answering one message, against the node before them. */
    private static int rooms(String[] args) throws Exception {
        Options o = Options.parse(args, 1, Set.of("rooms", "conf"), Set.of());
        int count = (int) o.number("rooms", 2_000);
        NodeConfig config = ConfigLoader.load(Path.of(o.get("conf", ConfigLoader.DEFAULT_FILE.toString()))).withPort(0);
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
    private static int train(String[] args) {
        Options o = Options.parse(args, 1, Set.of("model", "data", "train-layers", "sequences", "rounds", "threads"), Set.of());
        Path model = Path.of(o.get("model", "models/avatar/liveharness-avatar.gguf"));
        Path data = Path.of(o.get("data", ""));
        if (!Files.isRegularFile(model)) throw new UsageException("--model " + model + " not found");
        if (!Files.isRegularFile(data)) throw new UsageException("--data: a tokens JSONL file (model encode) is required; " + data + " not found");
        var layers = TrainCommand.layers(o.get("train-layers", "1,3,6,8"));
        var bench = new TrainStepBenchmark(model, data, (int) o.number("sequences", 8));
        var r = bench.run(layers, (int) o.number("rounds", 3), (int) o.number("threads", 2), System.err);
        System.out.printf("model %s (%d layers), %d sequences, %,d tokens a round, %d rounds after a warm-up%n",
                model, bench.config().layers(), r.sequences(), r.tokens(), r.rounds());
        System.out.printf("every tensor trains:   %,.0f tok/s%n", r.allTokensPerSecond());
        System.out.printf("only blocks %s train: %,.0f tok/s (ratio %.2f)%n", layers, r.someTokensPerSecond(), r.ratio());
        System.out.printf("train_all_tok_s=%.0f train_some_tok_s=%.0f ratio=%.2f%n", r.allTokensPerSecond(), r.someTokensPerSecond(), r.ratio());
        return 0;
    }

    private static int router(String[] args) throws Exception {
        Options o = Options.parse(args, 1, Set.of("model", "data", "calls"), Set.of());
        var classifier = TribuoIntentClassifier.load(Path.of(o.get("model", RouterOptions.DEFAULT_MODEL_PATH.toString())));
        var messages = LabelledData.read(Path.of(o.get("data", RouterCommand.TEST.toString())));
        int calls = (int) o.number("calls", 200_000);
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

    private static void line(String name, Histogram h) {
        System.out.printf("%-26s p50 %7.2f us  p99 %7.2f us  p99.9 %7.2f us  max %8.1f us%n", name,
                RouterBenchmark.us(h, 50), RouterBenchmark.us(h, 99), RouterBenchmark.us(h, 99.9), h.getMaxValue() / 1000.0);
    }
}
