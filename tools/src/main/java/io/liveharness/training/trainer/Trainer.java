package io.liveharness.training.trainer;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The training loop over a run folder: starts a run, or resumes the one the folder's checkpoint
 * holds (under the same settings), steps AdamW over batches of sequences, measures held-out loss,
 * checkpoints every few minutes and at the end, and writes model.gguf when the last step is done.
 */
public final class Trainer {
    public static final String SETTINGS = "settings.json", MODEL = "model.gguf";
    private static final java.util.Set<String> PATHS = java.util.Set.of("data", "heldOut", "vocab");
    private static final ObjectMapper JSON = Json.INDENTED;

    /** How a run ended. */
    public record Result(int step, int totalSteps, boolean finished, double lastLoss, double heldOutLoss,
                         double tokensPerSecond, double gflops, Weights weights) { }

    private final TrainSettings s;
    private final boolean quiet;

    public Trainer(TrainSettings settings, boolean quiet) {
        this.s = settings;
        this.quiet = quiet;
    }

    public Result run() {
        if (s.steps() == 0 && s.tokens() == 0) throw new IllegalArgumentException("give --steps N or --tokens N");
        Path dir = s.out();
        TokenizerMetadata tokenizer = TokenizerMetadata.of(s.vocab());
        ModelConfig c = ModelConfig.of(tokenizer.vocabSize(), s.hidden(), s.layers(), s.heads(), s.kvHeads(), s.headDim(),
                s.ffn(), s.context(), s.tied());
        TrainingData data = TrainingData.read(s.data(), c.vocab(), c.context());
        TrainingData heldOut = s.heldOut() == null ? null : TrainingData.read(s.heldOut(), c.vocab(), c.context());
        int totalSteps = s.steps() > 0 ? s.steps()
                : (int) Math.max(1, Math.ceil((double) s.tokens() * data.sequences().size() / ((double) s.batch() * data.tokens())));
        int warmup = s.warmup() >= 0 ? s.warmup() : Math.min(200, Math.max(1, totalSteps / 20));
        LrSchedule schedule = new LrSchedule(s.lr(), s.minLr(), warmup, totalSteps);
        Map<String, Object> identity = identity(c, data, heldOut, totalSteps, warmup);
        mkdirs(dir); // only once the files have been read without fault

        RunLog log = new RunLog(dir, quiet);
        Weights w;
        AdamW adam = null;
        DataOrder order;
        int step;
        long tokensSeen, trainedSeen;
        double priorSeconds;
        if (Checkpoint.exists(dir)) {
            checkSameRun(dir, identity);
            Checkpoint cp = Checkpoint.read(dir, c);
            w = cp.weights();
            adam = new AdamW(w, s.beta1(), s.beta2(), s.weightDecay(), s.clip(), s::trains);
            adam.m.copyFrom(cp.m());
            adam.v.copyFrom(cp.v());
            order = new DataOrder(data.sequences().size(), cp.cursor());
            step = cp.step();
            tokensSeen = cp.tokensSeen();
            trainedSeen = cp.trainedTokensSeen();
            priorSeconds = cp.trainSeconds();
            log.truncateAfter(step);
            log.line(String.format(Locale.ROOT, "resumed at step %d of %d (%,d tokens seen)", step, totalSteps, tokensSeen));
        } else {
            log.reset();
            w = s.initFrom() == null ? Weights.init(c, s.seed())
                    : Files.isRegularFile(s.initFrom()) ? GgufImport.read(s.initFrom(), c, tokenizer) : Checkpoint.read(s.initFrom(), c).weights();
            order = new DataOrder(data.sequences().size(), s.seed());
            step = 0;
            tokensSeen = trainedSeen = 0;
            priorSeconds = 0;
            writeSettings(dir, identity);
            log.line(String.format(Locale.ROOT, "training %,d parameters on %,d sequences (%,d tokens, %,d trained; %d cut to %d tokens, %,d tokens cut)%s",
                    c.parameters(), data.sequences().size(), data.tokens(), data.trainedTokens(), data.cut(), c.context(), data.cutTokens(),
                    heldOut == null ? "" : String.format(Locale.ROOT, "; held out %,d sequences", heldOut.sequences().size())));
            if (!s.trainedLayers().isEmpty()) {
                long trains = w.all().stream().filter(t -> s.trains(t.name())).mapToLong(Tensor::size).sum();
                log.line(String.format(Locale.ROOT, "only blocks %s train (%,d parameters); every other tensor stays as it starts",
                        s.trainedLayers(), trains));
            }
            if (data.cutTargets() > 0) {
                log.line(String.format(Locale.ROOT, "WARNING: %,d trained tokens lie past the context of %d and are never learned; the longest sequence has %,d tokens (--context)",
                        data.cutTargets(), c.context(), data.longest()));
            }
        }
        if (adam == null) adam = new AdamW(w, s.beta1(), s.beta2(), s.weightDecay(), s.clip(), s::trains);

        Transposes wt = Transposes.of(w);
        Weights grads = w.zerosLike();
        long runStart = System.nanoTime(), lastCheckpoint = runStart, lastLine = runStart;
        double trainNanos = 0, flops = 0, lastLoss = Double.NaN, lastHeld = Double.NaN;
        long runTokens = 0;
        double lineLoss = 0, lineWeight = 0;
        long lineTokens = 0;
        double lineNanos = 0, lineFlops = 0;
        int stepsThisRun = 0;
        try (GradientWorkers workers = new GradientWorkers(c, s.threads(), s::trains)) {
            while (step < totalSteps && (s.pauseAfter() == 0 || stepsThisRun < s.pauseAfter())) {
                List<TrainingData.Sequence> batch = new ArrayList<>(s.batch());
                long batchTokens = 0;
                int trained = 0, weight = 0;
                double batchFlops = 0;
                for (int i = 0; i < s.batch(); i++) {
                    TrainingData.Sequence seq = data.sequences().get(order.next());
                    batch.add(seq);
                    batchTokens += seq.length();
                    int counted = seq.trained();
                    trained += counted;
                    weight += seq.weight();
                    batchFlops += c.trainingFlops(seq.length(), counted, s.trainedLayers());
                }
                long t0 = System.nanoTime();
                double loss = workers.gradients(batch, w, wt, grads, 1f / Math.max(1, weight));
                double lr = schedule.at(step);
                double gradNorm = adam.step(w, grads, step, lr);
                wt.refresh(w);
                long dt = System.nanoTime() - t0;
                step++;
                stepsThisRun++;
                tokensSeen += batchTokens;
                trainedSeen += trained;
                runTokens += batchTokens;
                trainNanos += dt;
                flops += batchFlops;
                lastLoss = weight == 0 ? Double.NaN : loss / weight;
                lineLoss += loss;
                lineWeight += weight;
                lineTokens += batchTokens;
                lineNanos += dt;
                lineFlops += batchFlops;

                boolean last = step == totalSteps;
                Double held = null;
                if (heldOut != null && s.evalEvery() > 0 && (step % s.evalEvery() == 0 || last)) {
                    held = workers.loss(heldOut.sequences(), w, wt) / Math.max(1, heldOut.weight());
                    lastHeld = held;
                }
                double seconds = priorSeconds + trainNanos / 1e9;
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("step", step);
                m.put("tokens", tokensSeen);
                m.put("trainedTokens", trainedSeen);
                m.put("loss", Double.isNaN(lastLoss) ? null : lastLoss);
                m.put("heldOutLoss", held);
                m.put("lr", lr);
                m.put("gradNorm", gradNorm);
                m.put("tokensPerSecond", batchTokens / (dt / 1e9));
                m.put("gflops", batchFlops / dt);
                m.put("epoch", order.epoch());
                m.put("trainSeconds", seconds);
                log.metrics(m);

                long now = System.nanoTime();
                if (last || held != null || (now - lastLine) / 1e9 >= s.logSeconds()) {
                    double eta = (totalSteps - step) * (trainNanos / 1e9 / stepsThisRun);
                    log.line(String.format(Locale.ROOT, "step %d/%d  tokens %,d  %,.0f tok/s  %.1f GFLOP/s  loss %.4f%s  lr %.2e  |g| %.3f  ETA %s",
                            step, totalSteps, tokensSeen, lineTokens / (lineNanos / 1e9), lineFlops / lineNanos,
                            lineWeight == 0 ? Double.NaN : lineLoss / lineWeight,
                            held == null ? "" : String.format(Locale.ROOT, "  held-out %.4f", held), lr, gradNorm, duration(eta)));
                    lastLine = now;
                    lineLoss = lineWeight = 0;
                    lineTokens = 0;
                    lineNanos = lineFlops = 0;
                }
                if ((now - lastCheckpoint) / 60e9 >= s.checkpointMinutes()) {
                    checkpoint(dir, step, tokensSeen, trainedSeen, order, seconds, w, adam, log);
                    lastCheckpoint = System.nanoTime();
                }
            }
        }
        double seconds = priorSeconds + trainNanos / 1e9;
        checkpoint(dir, step, tokensSeen, trainedSeen, order, seconds, w, adam, log);
        boolean finished = step >= totalSteps;
        double tps = trainNanos == 0 ? 0 : runTokens / (trainNanos / 1e9), gflops = trainNanos == 0 ? 0 : flops / trainNanos;
        if (finished) {
            GgufExport.write(w, tokenizer, "liveharness trained qwen3 h" + c.hidden() + " l" + c.layers(), dir.resolve(MODEL));
            log.line(String.format(Locale.ROOT, "done: step %d, %,d tokens; this run %,.0f tok/s, %.1f GFLOP/s; wrote %s",
                    step, tokensSeen, tps, gflops, dir.resolve(MODEL)));
        } else {
            log.line(String.format(Locale.ROOT, "paused at step %d of %d; this run %,.0f tok/s, %.1f GFLOP/s; rerun the same command to resume",
                    step, totalSteps, tps, gflops));
        }
        return new Result(step, totalSteps, finished, lastLoss, lastHeld, tps, gflops, w);
    }

    private void checkpoint(Path dir, int step, long tokens, long trained, DataOrder order, double seconds, Weights w, AdamW adam, RunLog log) {
        new Checkpoint(step, tokens, trained, order.cursor(), seconds, w, adam.m, adam.v).write(dir);
        LossChart.write(log.metricsFile(), dir.resolve("loss.html"), "loss of " + dir.toAbsolutePath().getFileName());
    }

    /** The settings plus what was derived from the files: checksums, sizes, the step count. */
    private Map<String, Object> identity(ModelConfig c, TrainingData data, TrainingData heldOut, int totalSteps, int warmup) {
        Map<String, Object> m = s.identity();
        m.put("dataSha256", data.sha256());
        m.put("heldOutSha256", heldOut == null ? null : heldOut.sha256());
        m.put("vocabSha256", sha256(s.vocab()));
        m.put("vocabSize", c.vocab());
        if (s.initFrom() != null) {
            // a run folder's last checkpoint, or a GGUF this trainer exported (the committed model)
            Path from = Files.isRegularFile(s.initFrom()) ? s.initFrom() : s.initFrom().resolve(Checkpoint.FILE);
            if (!Files.isRegularFile(from)) throw new IllegalArgumentException("--init-from " + s.initFrom() + " is neither a GGUF nor a run folder with " + Checkpoint.FILE);
            m.put("initFromSha256", sha256(from));
        }
        m.put("ropeFreqBase", (double) c.ropeBase());
        m.put("rmsEps", (double) c.rmsEps());
        m.put("parameters", c.parameters());
        m.put("totalSteps", totalSteps);
        m.put("warmupSteps", warmup);
        m.put("sequences", data.sequences().size());
        m.put("dataTokens", data.tokens());
        m.put("dataTrainedTokens", data.trainedTokens());
        m.put("cutSequences", data.cut());
        m.put("cutTokens", data.cutTokens());
        if (heldOut != null) {
            m.put("heldOutSequences", heldOut.sequences().size());
            m.put("heldOutCutSequences", heldOut.cut());
        }
        return m;
    }

    private void writeSettings(Path dir, Map<String, Object> identity) {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("identity", identity);
        all.put("run", s.runOnly());
        try {
            Files.writeString(dir.resolve(SETTINGS), JSON.writeValueAsString(all) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A checkpoint continues only the run it belongs to. */
    private static void checkSameRun(Path dir, Map<String, Object> identity) {
        try {
            JsonNode saved = JSON.readTree(dir.resolve(SETTINGS).toFile()).get("identity");
            JsonNode now = JSON.valueToTree(identity);
            List<String> diffs = new ArrayList<>();
            now.fieldNames().forEachRemaining(k -> { // as text: 0 reads back as an int where a long was written
                if (PATHS.contains(k)) return; // a moved file is the same file if its checksum is
                if (saved == null || !String.valueOf(now.get(k)).equals(String.valueOf(saved.get(k)))) {
                    diffs.add(k + " was " + (saved == null ? null : saved.get(k)) + ", now " + now.get(k));
                }
            });
            if (!diffs.isEmpty()) {
                throw new IllegalArgumentException(dir + " holds a run with other settings (" + String.join("; ", diffs)
                        + "): use another --out, or the same settings to resume");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(SETTINGS) + ": " + e.getMessage(), e);
        }
    }

    /** Writes the model of a run folder's last checkpoint to {@code out}. */
    public static void export(Path runDir, Path out) { export(runDir, out, null, GgufExport.Precision.F32); }

    /** @param finetune general.finetune to write (what the model was trained for), or null */
    public static void export(Path runDir, Path out, String finetune, GgufExport.Precision precision) {
        try {
            JsonNode id = JSON.readTree(runDir.resolve(SETTINGS).toFile()).get("identity");
            Path vocab = Path.of(id.get("vocab").asText());
            TokenizerMetadata tokenizer = TokenizerMetadata.of(vocab);
            if (!sha256(vocab).equals(id.get("vocabSha256").asText())) {
                throw new IllegalArgumentException("the vocabulary " + vocab + " changed since the run started");
            }
            ModelConfig c = ModelConfig.of(tokenizer.vocabSize(), id.get("hidden").asInt(), id.get("layers").asInt(), id.get("heads").asInt(),
                    id.get("kvHeads").asInt(), id.get("headDim").asInt(), id.get("ffn").asInt(), id.get("context").asInt(),
                    id.get("tiedEmbeddings").asBoolean());
            Checkpoint cp = Checkpoint.read(runDir, c);
            GgufExport.write(cp.weights(), tokenizer, "liveharness trained qwen3 h" + c.hidden() + " l" + c.layers() + " step " + cp.step(), finetune, precision, out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + runDir.resolve(SETTINGS) + ": " + e.getMessage(), e);
        }
    }

    static String sha256(Path file) {
        try (var in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) sha.update(buf, 0, n);
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60) : String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }

    private static void mkdirs(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
        }
    }
}
