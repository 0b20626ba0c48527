package io.liveharness.training.rl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.NodeConfig;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.augment.Transformation;
import io.liveharness.eval.augment.Transformations;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.export.OpenAiChatFormat;
import io.liveharness.eval.export.Trajectories;
import io.liveharness.eval.rubric.Scorer;
import io.liveharness.eval.run.CaseRecord;
import io.liveharness.eval.run.EvalModels;
import io.liveharness.eval.run.EvalRig;
import io.liveharness.eval.run.Transcript;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.training.data.CaseSampler;
import io.liveharness.training.data.ChatEncoder;
import io.liveharness.training.data.EncodedSet;
import io.liveharness.training.data.KindMix;
import io.liveharness.training.data.Phrasings;
import io.liveharness.training.data.SyntheticWorld;
import io.liveharness.training.data.WorldSpec;
import io.liveharness.training.expert.ExpertBackend;
import io.liveharness.training.tokenizer.GgufVocabulary;

import java.io.BufferedWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The reinforcement stage's data, on policy: training cases in rooms of a fresh world (the RL
 * seed's), each under the default harness or a training variant (never the withheld family); the
 * expert runs each case once, for the reference; the arm's model answers it {@code samples} times
 * at a temperature through the real pipeline; each sample gets its {@link ReplyReward}; the best
 * one is kept as a trajectory when it reaches the threshold and the pipeline did not have to step
 * in (no hook, at most one tool round), as the SFT data's rule. Rejection-sampling fine-tuning,
 * also called expert iteration; docs/hat.md says why rather than a policy gradient.
 */
public final class ExpertIteration {
    public static final String TRAJECTORIES = "train.jsonl", TOKENS = "train.tokens.jsonl", SAMPLES = "samples.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One stage's sampling.
     *
     * @param baseHarness  the harness the variants are made from
     * @param rooms        rooms of the fresh world the cases are drawn in
     * @param seed         the world's, the cases' and the samples' seed
     * @param devSet       the dev set no drawn case may be a near copy of
     * @param variants     training variants of the base harness, of {@code variantSeed}, made with {@code families}
     * @param defaultShare the share of cases run under the base harness
     * @param keyWeight    the loss weight of the kept trajectories' key tokens ({@code model encode --key-weight})
     */
    public record Settings(Path baseHarness, int rooms, long seed, Path devSet, int variants, long variantSeed, List<String> families,
                           double defaultShare, int cases, int samples, double temperature, double threshold, Path vocab, int context,
                           int keyWeight) { }

    public static Map<String, Object> sample(Settings rl, NodeConfig config, Path model, Path dir, PrintStream progress) throws Exception {
        Files.createDirectories(dir);
        SyntheticWorld.Written world = SyntheticWorld.write(WorldSpec.load(WorldSpec.DEFAULT_FILE), config, rl.rooms(), rl.seed(),
                dir.resolve("world"));
        Catalog catalog = Catalog.load(Path.of(world.config().catalog().file()));
        var rooms = RoomManifests.load(Path.of(world.config().rooms().dir()), catalog);
        Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);
        List<String> devTexts = DevSet.read(rl.devSet()).stream().map(DevCase::text).toList();
        CaseSampler sampler = new CaseSampler(phrasings, KindMix.load(KindMix.DEFAULT_FILE, phrasings), rooms,
                SyntheticWorld.products(world), routerMessages(Path.of("data/router/train.jsonl")), devTexts, rl.seed());
        HarnessFiles baseFiles = HarnessFiles.fromDirectory(rl.baseHarness());
        Harness base = HarnessLoader.load(baseFiles);
        List<Harness> variants = new ArrayList<>();
        for (var v : HarnessAugmenter.variants(baseFiles, rl.variants(), rl.variantSeed(), families(rl.families()))) {
            variants.add(HarnessLoader.load(v.files()));
        }
        List<Harness> all = new ArrayList<>(List.of(base));
        all.addAll(variants);
        Random pickHarness = new Random(rl.seed() + 1);
        long deadline = config.rooms().replyDeadlineMs();

        ExpertBackend expert = ExpertBackend.load(catalog);
        var engine = EvalModels.engine(config, model.toString(), null, null, null);
        int cases = 0, drawn = 0, kept = 0, samples = 0, skipped = 0;
        double bestSum = 0, sampleSum = 0;
        Map<String, double[]> partSums = new TreeMap<>(); // part -> {sum, count}
        OpenAiChatFormat format = new OpenAiChatFormat();
        try (EvalRig reference = EvalRig.open(world.config(), expert, EvalModels.router(config), all, deadline).observe(expert);
             EvalRig policy = EvalRig.open(world.config(), new SamplingBackend(EvalModels.open(engine), rl.temperature(), rl.seed()),
                     EvalModels.router(config), all, deadline);
             BufferedWriter train = Files.newBufferedWriter(dir.resolve(TRAJECTORIES), StandardCharsets.UTF_8);
             BufferedWriter log = Files.newBufferedWriter(dir.resolve(SAMPLES), StandardCharsets.UTF_8)) {
            while (cases < rl.cases()) {
                if (++drawn > 20 * rl.cases()) throw new IllegalStateException("the expert answered only " + cases + " of " + drawn + " drawn cases cleanly");
                List<DevCase> session = sampler.session("rl-" + drawn, 1);
                if (session.isEmpty()) continue;
                DevCase c = session.getFirst();
                Harness h = pickHarness.nextDouble() < rl.defaultShare() || variants.isEmpty() ? base : variants.get(pickHarness.nextInt(variants.size()));
                Transcript ref = reference.run(c, h);
                if (!clean(ref)) { // nothing to learn from: spam the room drops, or a case the expert did not answer cleanly
                    skipped++;
                    continue;
                }
                cases++;
                Transcript best = null;
                ReplyReward.Reward bestReward = null;
                List<Double> rewards = new ArrayList<>();
                List<String> why = new ArrayList<>();
                for (int k = 0; k < rl.samples(); k++) {
                    Transcript t = policy.run(c, h);
                    ReplyReward.Reward r = ReplyReward.of(c, ref, t);
                    samples++;
                    sampleSum += r.total();
                    rewards.add(r.total());
                    why.add(unclean(t));
                    r.parts().forEach((p, v) -> {
                        double[] a = partSums.computeIfAbsent(p, x -> new double[2]);
                        a[0] += v;
                        a[1]++;
                    });
                    if (clean(t) && (bestReward == null || r.total() > bestReward.total())) {
                        best = t;
                        bestReward = r;
                    }
                }
                boolean keep = bestReward != null && bestReward.total() >= rl.threshold();
                bestSum += bestReward == null ? 0 : bestReward.total();
                if (keep) {
                    train.write(format.write(Trajectories.of(new CaseRecord(c, best, Scorer.score(c, best, null))).orElseThrow()) + "\n");
                    kept++;
                }
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("case", c.id());
                line.put("text", c.text());
                line.put("harness", h.version());
                line.put("expertReply", ref.reply());
                line.put("rewards", rewards);
                line.put("notClean", why);
                line.put("best", bestReward);
                line.put("bestReply", best == null ? null : best.reply());
                line.put("kept", keep);
                log.write(JSON.writeValueAsString(line) + "\n");
                if (progress != null) {
                    progress.printf(Locale.ROOT, "rl: case %d/%d %s on %s: rewards %s, best clean one %.2f%s%n", cases, rl.cases(), c.id(), h.version(),
                            rewards.stream().map(x -> String.format(Locale.ROOT, "%.2f", x)).toList(), bestReward == null ? 0 : bestReward.total(),
                            keep ? ", kept" : "");
                }
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("cases", cases);
        out.put("skippedNotCleanForTheExpert", skipped);
        out.put("samples", samples);
        out.put("kept", kept);
        out.put("threshold", rl.threshold());
        out.put("meanReward", samples == 0 ? 0 : sampleSum / samples);
        out.put("meanBestReward", cases == 0 ? 0 : bestSum / cases);
        Map<String, Double> parts = new TreeMap<>();
        partSums.forEach((p, a) -> parts.put(p, a[0] / a[1]));
        out.put("meanRewardParts", parts);
        if (kept > 0) {
            ChatEncoder encoder = new ChatEncoder(GgufVocabulary.read(rl.vocab()));
            var s = EncodedSet.write(encoder, dir.resolve(TRAJECTORIES), dir.resolve(TOKENS), rl.context(), rl.keyWeight());
            out.put("trainTokens", s.tokens());
            out.put("trainTargets", s.targets());
        }
        return out;
    }

    /** A clean demonstration: the model's own reply, no hook stepped in, at most one tool round. */
    public static boolean clean(Transcript t) { return unclean(t) == null; }

    /** Why a run is not a clean demonstration, or null when it is. */
    static String unclean(Transcript t) {
        if (!Transcript.MODEL.equals(t.outcome()) || t.reply() == null) return "outcome " + t.outcome();
        if (t.hooks().stream().anyMatch(h -> h.failed() || !h.decision().equals("allow"))) return "a hook stepped in";
        if (t.modelCalls().size() > 2) return "more than one tool round";
        return null;
    }

    private static List<Transformation> families(List<String> names) {
        return Transformations.all().stream().filter(t -> names.contains(t.name())).toList();
    }

    private static List<CaseSampler.RouterMessage> routerMessages(Path file) throws Exception {
        List<CaseSampler.RouterMessage> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            JsonNode n = JSON.readTree(line);
            out.add(new CaseSampler.RouterMessage(n.path("text").asText(), n.path("label").asText()));
        }
        return out;
    }

    private ExpertIteration() { }
}
