package io.liveharness.hat;

import io.liveharness.config.YamlFiles;
import io.liveharness.config.YamlLines;
import io.liveharness.eval.augment.Transformation;
import io.liveharness.eval.augment.Transformations;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One HAT experiment ({@code hat/*.yaml}): the model's shape and where it starts, the data the SFT
 * arms are trained on, the harness variants of training and the transformation family held out of
 * them, how the arms are evaluated, and the reinforcement stage. Read strictly: an unknown key or a
 * wrong type is refused with {@code file:line}, and so is a plan that would measure on what it trained on.
 *
 * @param init  {@code scratch} (the seed's random weights) or a GGUF this project's trainer exported
 */
public record HatPlan(Model model, String init, long seed, Training training, Data data, Variants variants, Eval eval, Rl rl) {
    public static final String SCRATCH = "scratch";

    /** The decoder's shape (as {@code model train}) and the vocabulary it reads. */
    public record Model(String vocab, int hidden, int layers, int heads, int kvHeads, int headDim, int ffn, int context) {
        public Model {
            require(vocab != null && !vocab.isBlank(), "model.vocab is required");
            require(hidden > 0 && layers > 0 && heads > 0 && kvHeads > 0 && headDim > 0 && ffn > 0 && context > 0,
                    "model: hidden, layers, heads, kvHeads, headDim, ffn and context must all be given and positive");
        }
    }

    /**
     * The SFT arms' schedule. {@code tokens} is each arm's budget of sequence tokens, the same for both.
     *
     * @param keyWeight the loss weight of the tokens an answer turns on ({@code model encode --key-weight})
     */
    public record Training(long tokens, int batch, double lr, double minLr, int keyWeight, int threads, double checkpointMinutes,
                           int evalEvery) {
        public Training {
            require(tokens > 0, "training.tokens (each SFT arm's token budget) must be positive");
            require(batch > 0 && threads > 0, "training.batch and training.threads must be positive");
            require(lr > 0 && minLr > 0 && minLr <= lr, "training.lr and training.minLr must be positive, minLr at most lr");
            require(keyWeight >= 1 && keyWeight <= 16, "training.keyWeight must be between 1 and 16");
            require(checkpointMinutes > 0, "training.checkpointMinutes must be positive");
        }
    }

    /** The expert's trajectories ({@code model data}): the same cases for both SFT arms, only the harness differs. */
    public record Data(int cases, int rooms, long worldSeed, int maxTurns, double defaultShare, int heldOutEvery) {
        public Data {
            require(cases > 0 && rooms > 0 && maxTurns > 0, "data.cases, data.rooms and data.maxTurns must be positive");
            require(defaultShare >= 0 && defaultShare <= 1, "data.defaultShare must be between 0 and 1");
            require(heldOutEvery > 1, "data.heldOutEvery must be 2 or more");
        }
    }

    /** The training variants (HSA), and the transformation family none of them uses. */
    public record Variants(int count, long seed, String withheld) {
        public Variants {
            require(count > 0, "variants.count must be positive");
            List<String> known = Transformations.all().stream().map(Transformation::name).toList();
            require(known.contains(withheld), "variants.withheld '" + withheld + "' is not a transformation; known: " + known);
        }
    }

    /**
     * How every arm is measured: the dev set (every K-th case, then the first N) on the default
     * harness, on held-out variants with every transformation, and on variants of the withheld
     * family only, both of {@code heldOutSeed}, which no training data used.
     */
    public record Eval(String devSet, int every, int limit, int heldOutVariants, long heldOutSeed, int withheldVariants,
                       long bootstrapSeed, int resamples) {
        public Eval {
            require(devSet != null && !devSet.isBlank(), "eval.devSet is required");
            require(every >= 1 && limit >= 1, "eval.every and eval.limit must be at least 1");
            require(heldOutVariants >= 2, "eval.heldOutVariants must be at least 2 (the spread needs two)");
            require(withheldVariants >= 1, "eval.withheldVariants must be at least 1");
            require(resamples >= 100, "eval.resamples must be at least 100");
        }
    }

    /**
     * The reinforcement stage, expert iteration from hsa-sft: {@code samples} replies per case at
     * {@code temperature}; the best one is kept when its reward reaches {@code threshold}; then
     * {@code tokens} of fine-tuning on those.
     */
    public record Rl(int cases, int samples, double temperature, double threshold, long tokens, double lr, long seed) {
        public Rl {
            require(cases > 0 && samples > 0, "rl.cases and rl.samples must be positive");
            require(temperature > 0, "rl.temperature must be positive (sampling, not greedy)");
            require(threshold >= 0 && threshold <= 1, "rl.threshold must be between 0 and 1");
            require(tokens > 0 && lr > 0, "rl.tokens and rl.lr must be positive");
        }
    }

    public HatPlan {
        require(model != null && training != null && data != null && variants != null && eval != null && rl != null,
                "a plan needs model, training, data, variants, eval and rl");
        require(init != null && !init.isBlank(), "init is required: 'scratch' or a GGUF");
    }

    public boolean fromScratch() { return SCRATCH.equals(init); }

    /** Reads and checks a plan; every error starts with {@code file:line}. */
    public static HatPlan load(Path file) {
        if (!Files.isRegularFile(file)) throw new YamlFiles.FileException(file + ":0: no such plan file", null);
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // Jackson fills a record's missing int with null and fails on that before it reports the unknown key beside it: check keys first
        JsonNode tree = YamlFiles.read(file, JsonNode.class);
        if (tree == null || !tree.isObject()) throw new YamlFiles.FileException(file + ":1: the plan is empty or not a map", null);
        checkKeys(file, lines, tree, HatPlan.class, List.of());
        HatPlan p;
        try {
            p = YamlFiles.read(file, HatPlan.class);
        } catch (YamlFiles.FileException e) {
            throw atKey(file, lines, e);
        }
        // held-out harnesses must be ones no training data saw
        if (p.eval.heldOutSeed == p.variants.seed || p.eval.heldOutSeed == p.rl.seed) {
            throw new YamlFiles.FileException(file + ":" + YamlLines.lineOf(lines, "eval", "heldOutSeed")
                    + ": eval.heldOutSeed " + p.eval.heldOutSeed + " is a seed training uses (variants.seed, rl.seed): held-out variants must be new", null);
        }
        for (String[] f : List.of(new String[]{"vocab", p.model.vocab}, new String[]{"devSet", p.eval.devSet})) {
            if (!Files.isRegularFile(Path.of(f[1]))) {
                throw new YamlFiles.FileException(file + ":" + YamlLines.lineOf(lines, f[0]) + ": " + f[0] + " " + f[1] + " not found", null);
            }
        }
        if (!p.fromScratch() && !Files.isRegularFile(Path.of(p.init))) {
            throw new YamlFiles.FileException(file + ":" + YamlLines.lineOf(lines, "init") + ": init is neither 'scratch' nor a GGUF file: " + p.init, null);
        }
        return p;
    }

    /**
     * A check of a record's constructor names its key first ({@code rl.threshold must ...}); Jackson
     * reports the line where the record ended, so point at the key's own line instead.
     */
    private static YamlFiles.FileException atKey(Path file, List<String> lines, YamlFiles.FileException e) {
        Throwable cause = e;
        while (cause.getCause() != null) cause = cause.getCause();
        if (!(cause instanceof IllegalArgumentException) || cause.getMessage() == null) return e;
        var m = java.util.regex.Pattern.compile("^([A-Za-z]+(?:\\.[A-Za-z]+)?)[ :]").matcher(cause.getMessage());
        if (!m.find()) return e;
        int line = YamlLines.lineOf(lines, List.of(m.group(1).split("\\.")), -1);
        return line < 0 ? e : new YamlFiles.FileException(file + ":" + line + ": " + cause.getMessage(), e);
    }

    /** Every key of the map is a component of the record it is read into, at every level. */
    private static void checkKeys(Path file, List<String> lines, JsonNode map, Class<?> type, List<String> path) {
        Map<String, Class<?>> components = new LinkedHashMap<>();
        for (RecordComponent c : type.getRecordComponents()) components.put(c.getName(), c.getType());
        for (var e : map.properties()) {
            List<String> at = new ArrayList<>(path);
            at.add(e.getKey());
            Class<?> component = components.get(e.getKey());
            if (component == null) {
                throw new YamlFiles.FileException(file + ":" + YamlLines.lineOf(lines, at, 1) + ": unknown key '" + String.join(".", at)
                        + "'; " + (path.isEmpty() ? "a plan" : String.join(".", path)) + " has " + components.keySet(), null);
            }
            if (component.isRecord() && e.getValue().isObject()) checkKeys(file, lines, e.getValue(), component, at);
        }
        List<String> missing = components.keySet().stream().filter(k -> !map.has(k)).toList();
        if (!missing.isEmpty()) {
            throw new YamlFiles.FileException(file + ":" + (path.isEmpty() ? 1 : YamlLines.lineOf(lines, path, 1)) + ": "
                    + (path.isEmpty() ? "the plan" : String.join(".", path)) + " lacks " + missing, null);
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) throw new IllegalArgumentException(message);
    }
}
