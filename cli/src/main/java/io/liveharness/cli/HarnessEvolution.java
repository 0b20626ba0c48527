package io.liveharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.config.NodeConfig;
import io.liveharness.eval.compare.LiveGate;
import io.liveharness.eval.compare.PromotionGate;
import io.liveharness.eval.compare.PromotionLog;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.harness.HarnessRouting;

import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.augment.Transformation;
import io.liveharness.eval.augment.Transformations;
import io.liveharness.eval.run.EvalHarness;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code harness promote} and {@code harness augment}: the evolution loop's steps that change
 * the store, kept apart from {@link HarnessCommand}'s publishing verbs.
 */
final class HarnessEvolution {

    /** Moves a channel (stable) to a version, if the promotion gate lets it or the operator forces it with a reason. */
    @Command(name = "promote", mixinStandardHelpOptions = true, description = "Move a channel (stable) to a version if the promotion gate lets it: refused (exit 1) on a regression beyond eval/promotion.yaml's margins unless --force --reason.")
    static final class Promote implements Callable<Integer> {
        @Parameters(paramLabel = "VERSION", description = "a published version id") String version;
        @Option(names = "--to", paramLabel = "CHANNEL", required = true, description = "the channel to move (stable)") String channel;
        @Option(names = "--force", description = "promote even past the gate (needs --reason)") boolean force;
        @Option(names = "--reason", paramLabel = "TEXT", description = "why it is forced: recorded in the promotion log") String reason;
        @Option(names = "--comparisons", paramLabel = "DIR", description = "where `eval compare` wrote its comparisons (default: ${DEFAULT-VALUE})",
                defaultValue = "eval/comparisons") Path comparisons;
        @Option(names = "--policy", paramLabel = "FILE", description = "the promotion margins (default: ${DEFAULT-VALUE})",
                defaultValue = "eval/promotion.yaml") Path policy;
        @Option(names = "--node", paramLabel = "URL", description = "also read this node's live per-arm figures (GET /v1/quality): refused where the"
                + " candidate's false-claim rate or fallback share interval lies wholly above stable's, or its coverage wholly below") String node;
        @Mixin ConfOption conf;

        @Override
        public Integer call() throws Exception {
            if (force && (reason == null || reason.isBlank())) throw new UsageException("--force needs --reason \"why\": it is recorded");
            var config = conf.load();
            HarnessRegistry registry = HarnessCommand.registry(config);
            if (registry.version(version).isEmpty()) {
                throw new UsageException("no published version '" + version + "'; publish it first (harness publish DIR)");
            }
            String current = registry.routing().channels().get(channel);
            String stable = registry.routing().channels().get(HarnessRouting.STABLE);
            PromotionGate.Decision gate = PromotionGate.check(version, stable, PromotionGate.load(comparisons), PromotionGate.Margins.load(policy));
            // Beside the offline eval, what the version did on air: a node's per-arm figures, when asked for.
            LiveGate.Decision live = node != null ? LiveGate.check(liveQuality(node, config), version, stable) : null;
            if (live != null) live.evidence().forEach(line -> System.out.println("live " + line));
            boolean allowed = gate.allowed() && (live == null || live.allowed());
            String why = gate.reason() + (live == null ? "" : "; " + live.reason());
            Path stateDir = Path.of(config.harness().stateDir());
            if (!allowed && !force) {
                System.out.println("refused: " + (gate.allowed() ? live.reason() : why));
                System.out.println("(override with --force --reason \"...\"; the reason is recorded in " + stateDir.resolve(PromotionLog.FILE) + ")");
                return ExitCodes.FAILED;
            }
            PromotionLog.append(stateDir, version, channel, current, !allowed, reason, why);
            registry.setChannel(channel, version);
            System.out.println((allowed ? "promoted " : "promoted (forced: " + reason + ") ") + version + " to " + channel
                    + (current == null ? "" : " (was " + current + ")") + "; gate: " + why);
            return ExitCodes.OK;
        }
    }

    /** {@code GET /v1/quality} of a node, with the operator token as an operator on its machine has it. */
    private static JsonNode liveQuality(String node, NodeConfig c) throws Exception {
        String token = c.ops().token();
        String env = System.getenv(NodeConfig.OpsConfig.TOKEN_ENV);
        if (token == null && env != null && !env.isBlank()) token = env.trim();
        if (token == null && Files.isRegularFile(Path.of(c.ops().tokenFile()))) token = Files.readString(Path.of(c.ops().tokenFile())).trim();
        if (token == null) {
            throw new UsageException("--node needs the operator token: set " + NodeConfig.OpsConfig.TOKEN_ENV
                    + " or ops.token, or run on the node's machine (" + c.ops().tokenFile() + ")");
        }
        var r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(
                HttpRequest.newBuilder(URI.create(node + "/v1/quality")).header("authorization", "Bearer " + token).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new UsageException(node + "/v1/quality answered " + r.statusCode() + ": " + r.body());
        return Json.MAPPER.readTree(r.body());
    }

    /**
     * Writes N task-preserving variants of a version (a folder, a version id or a channel) as
     * folders under {@code --out} and, with {@code --publish}, into the store as versions.
     */
    @Command(name = "augment", mixinStandardHelpOptions = true, description = "Task-preserving variants of a version (skills, tools, arguments, schemas, prompt order, hook wording).")
    static final class Augment implements Callable<Integer> {
        @Parameters(paramLabel = "VERSION", description = "a harness folder, a version id or a channel") String version;
        @Option(names = "--variants", paramLabel = "N", defaultValue = "3", description = "how many (default: ${DEFAULT-VALUE})") int n;
        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "the random seed (default: ${DEFAULT-VALUE})") long seed;
        @Option(names = "--out", paramLabel = "DIR", description = "where the folders go (default: eval/variants/<version>)") Path out;
        @Option(names = "--publish", description = "also publish each variant to the store") boolean publish;
        @Mixin ConfOption conf;

        @Override
        public Integer call() throws Exception {
            if (n < 1) throw new UsageException("--variants must be at least 1");
            var config = conf.load();
            var base = EvalHarness.resolve(version, config);
            Path out = this.out != null ? this.out : Path.of("eval/variants/" + base.harness().version());
            HarnessRegistry registry = publish ? HarnessCommand.registry(config) : null;
            for (HarnessAugmenter.Variant v : HarnessAugmenter.variants(base.files(), n, seed)) {
                Path dir = out.resolve("hsa" + v.index());
                if (Files.exists(dir)) deleteTree(dir);
                v.files().writeTo(dir.toAbsolutePath());
                // Beside the folder, not in it: the notes are not harness content, so the folder's version is the variant's.
                Files.writeString(out.resolve("hsa" + v.index() + ".md"), "Variant " + v.index() + " of " + base.harness().version() + ", seed " + seed
                        + ", made by `harness augment`. Transformations: "
                        + Transformations.all().stream().map(Transformation::name).toList() + "\n\n" + String.join("\n", v.notes()) + "\n");
                var h = io.liveharness.harness.HarnessLoader.load(io.liveharness.harness.HarnessFiles.fromDirectory(dir));
                String published = registry == null ? "" : ", published " + registry.publish(v.files()).version();
                System.out.println("variant " + v.index() + ": " + dir + " (" + h.version() + published + ")");
            }
            return ExitCodes.OK;
        }
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private HarnessEvolution() { }
}
