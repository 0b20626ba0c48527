package io.liveharness.training.recipe;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.YamlFiles;
import io.liveharness.config.YamlLines;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A training recipe: the avatar model trained end to end, from scratch or from a named checkpoint,
 * in stages that each say what they are for. An SFT stage trains on the expert's trajectories in a
 * world of its own seed; an RL stage on the model's own best samples under the strict reward
 * (expert iteration, {@link io.liveharness.training.rl.ExpertIteration}). Every stage starts from
 * the one before; the model of the last is measured on every eval set. docs/training.md, "One recipe".
 *
 * @param name   the GGUF's {@code general.finetune} (a node serves a model named {@code liveharness-avatar} as no test model)
 * @param init   {@code scratch} or a GGUF to start from
 * @param devSet the set no drawn training case may be a near copy of
 */
public record Recipe(String name, Model model, String init, long seed, int threads, double checkpointMinutes, String baseHarness,
                     String devSet, List<Stage> stages, List<EvalSet> eval) {
    public static final String SCRATCH = "scratch";

    public record Model(String vocab, int hidden, int layers, int heads, int kvHeads, int headDim, int ffn, int context) {
        public Model {
            require(hidden > 0 && layers > 0 && heads > 0 && kvHeads > 0 && headDim > 0 && ffn > 0 && context > 0,
                    "model: every size must be positive");
        }
    }

    /** One stage: exactly one of {@code sft} and {@code rl}. */
    public record Stage(String name, String purpose, Sft sft, Rl rl) {
        public boolean isRl() { return rl != null; }

        public long tokens() { return isRl() ? rl.tokens() : sft.tokens(); }
    }

    /**
     * Supervised fine-tuning on the expert's trajectories.
     *
     * @param mix          the kind mix ({@code data/training/mix*.yaml})
     * @param defaultShare sessions under the base harness; the rest under {@code variants} augmented ones
     * @param paraphrase   the share of training sessions whose viewer messages are typed again as hurried viewers
     *                     type them (homophones, slips, pinyin, particles, emoji: {@code data/router/paraphrases.yaml}),
     *                     the expert's answer kept: it answered the words spelt right (0, the default, for none)
     */
    public record Sft(int cases, int rooms, long worldSeed, int variants, long variantSeed, double defaultShare, int maxTurns,
                      int heldOutEvery, String mix, long tokens, int batch, double lr, double minLr, int keyWeight, double paraphrase) {
        public Sft {
            require(paraphrase >= 0 && paraphrase <= 1, "sft.paraphrase must be between 0 and 1");
            require(cases > 0 && rooms > 0 && tokens > 0 && batch > 0 && lr > 0 && minLr >= 0, "sft: cases, rooms, tokens, batch and lr must be positive");
            require(defaultShare >= 0 && defaultShare <= 1, "sft.defaultShare must be between 0 and 1");
            require(keyWeight >= 1 && keyWeight <= 16, "sft.keyWeight must be between 1 and 16");
            require(maxTurns >= 1 && heldOutEvery >= 2, "sft.maxTurns must be at least 1 and sft.heldOutEvery at least 2");
        }
    }

    /** Expert iteration: the model samples each case {@code samples} times; the best clean one above the threshold is kept. */
    public record Rl(int cases, int rooms, long seed, int variants, long variantSeed, double defaultShare, int samples, double temperature,
                     double threshold, long tokens, int batch, double lr, int keyWeight) {
        public Rl {
            require(cases > 0 && rooms > 0 && samples > 0 && tokens > 0 && batch > 0 && lr > 0, "rl: cases, rooms, samples, tokens, batch and lr must be positive");
            require(temperature > 0 && threshold >= 0 && threshold <= 1, "rl.temperature must be positive and rl.threshold between 0 and 1");
            require(defaultShare >= 0 && defaultShare <= 1, "rl.defaultShare must be between 0 and 1");
            require(keyWeight >= 1 && keyWeight <= 16, "rl.keyWeight must be between 1 and 16");
        }
    }

    /** A set the final model is measured on: a dev-set file under a harness; {@code limit} 0 for every case. */
    public record EvalSet(String name, String cases, String harness, int limit) { }

    public Recipe {
        require(name != null && !name.isBlank(), "name is required");
        require(model != null, "model is required");
        require(init != null && !init.isBlank(), "init is required: 'scratch' or a GGUF");
        require(threads > 0 && checkpointMinutes > 0, "threads and checkpointMinutes must be positive");
        require(stages != null && !stages.isEmpty(), "stages: a recipe needs at least one stage");
        stages = List.copyOf(stages);
        eval = eval == null ? List.of() : List.copyOf(eval);
    }

    public boolean fromScratch() { return SCRATCH.equals(init); }

    /** Reads and checks a recipe; every error starts with {@code file:line}. */
    public static Recipe load(Path file) {
        if (!Files.isRegularFile(file)) throw new YamlFiles.FileException(file + ":0: no such recipe file", null);
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JsonNode tree = YamlFiles.read(file, JsonNode.class);
        if (tree == null || !tree.isObject()) throw new YamlFiles.FileException(file + ":1: the recipe is empty or not a map", null);
        JsonNode stages = tree.path("stages");
        for (int i = 0; i < stages.size(); i++) {
            JsonNode s = stages.get(i);
            int line = stageLine(lines, i);
            int kinds = (s.has("sft") ? 1 : 0) + (s.has("rl") ? 1 : 0);
            if (kinds != 1) {
                throw new YamlFiles.FileException(file + ":" + line + ": stage " + (i + 1) + " (" + s.path("name").asText("no name")
                        + ") must have exactly one of sft and rl", null);
            }
            if (s.path("purpose").asText("").isBlank()) {
                throw new YamlFiles.FileException(file + ":" + line + ": stage " + (i + 1) + " (" + s.path("name").asText("no name")
                        + ") says no purpose: each stage says what it is for", null);
            }
        }
        Recipe r = YamlFiles.read(file, Recipe.class);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < r.stages.size(); i++) {
            Stage s = r.stages.get(i);
            int line = stageLine(lines, i);
            if (s.name() == null || !s.name().matches("[a-z0-9][a-z0-9-]*")) {
                throw new YamlFiles.FileException(file + ":" + line + ": stage " + (i + 1) + " needs a name of lower-case letters, digits and '-'", null);
            }
            if (!names.add(s.name())) throw new YamlFiles.FileException(file + ":" + line + ": stage name '" + s.name() + "' used twice", null);
            // from a named checkpoint the model already answers, so RL may come first (without a held-out loss)
            if (s.isRl() && SCRATCH.equals(r.init) && r.stages.subList(0, i).stream().allMatch(Stage::isRl)) {
                throw new YamlFiles.FileException(file + ":" + line + ": rl stage '" + s.name() + "' needs an sft stage before it: a model from"
                        + " scratch has nothing to sample", null);
            }
            if (!s.isRl() && s.sft().mix() != null && !Files.isRegularFile(Path.of(s.sft().mix()))) {
                throw new YamlFiles.FileException(file + ":" + YamlLines.lineOf(lines, stagePath(i, "mix"), line) + ": mix " + s.sft().mix() + " not found", null);
            }
        }
        List<String[]> files = new ArrayList<>(List.of(new String[] {"vocab", r.model.vocab()}, new String[] {"devSet", r.devSet},
                new String[] {"baseHarness", r.baseHarness}));
        for (EvalSet e : r.eval) {
            files.add(new String[] {"cases", e.cases()});
            files.add(new String[] {"harness", e.harness()});
        }
        for (String[] f : files) {
            if (f[1] == null || !Files.exists(Path.of(f[1]))) {
                throw new YamlFiles.FileException(file + ":" + YamlLines.lineOf(lines, f[0]) + ": " + f[0] + " " + f[1] + " not found", null);
            }
        }
        if (!r.fromScratch() && !Files.isRegularFile(Path.of(r.init))) {
            throw new YamlFiles.FileException(file + ":" + YamlLines.lineOf(lines, "init") + ": init is neither 'scratch' nor a GGUF file: " + r.init, null);
        }
        return r;
    }

    /** The line of stage i's {@code name:} (each stage names itself first). */
    private static int stageLine(List<String> lines, int i) { return YamlLines.lineOf(lines, stagePath(i, null), 1); }

    private static List<String> stagePath(int i, String key) {
        List<String> path = new ArrayList<>(List.of("stages"));
        path.addAll(Collections.nCopies(i + 1, "name"));
        if (key != null) path.add(key);
        return path;
    }

    private static void require(boolean ok, String message) {
        if (!ok) throw new IllegalArgumentException(message);
    }
}
