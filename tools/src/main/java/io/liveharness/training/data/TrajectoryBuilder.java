package io.liveharness.training.data;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.NodeConfig;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSet;
import io.liveharness.eval.export.OpenAiChatFormat;
import io.liveharness.eval.export.Trajectories;
import io.liveharness.eval.export.Trajectory;
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
import io.liveharness.training.expert.ExpertBackend;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * The training set: cases drawn over the training world, each run by the expert through the real
 * pipeline under the default harness or one of its augmented variants (HSA), and kept as a
 * trajectory in the {@code eval export} openai-chat shape when the pipeline let the expert's reply
 * through untouched. Every {@code heldOutEvery}-th kept trajectory goes to the held-out file.
 */
public final class TrajectoryBuilder {
    private static final ObjectMapper JSON = Json.INDENTED;
    private static final String HOOK_TIMEOUT = "a hook failed (timeout)";
    /** Why a run may be the machine's load rather than the case; a fallback the case itself causes comes back each time and is dropped. */
    private static final Set<String> RUN_AGAIN = Set.of(HOOK_TIMEOUT, "outcome " + Transcript.FALLBACK);

    /**
     * @param defaultShare the share of cases run under the default harness; the rest under variants
     * @param variantSeed  the augmenter's seed: the eval's held-out variants must use other seeds
     * @param transformations the augmenter's transformation names to use; empty for all
     * @param slips        the share of sessions whose last answer the expert first gets wrong, so that the
     *                     trajectory shows a hook's correction and the right answer after it
     * @param mix          how often each kind of viewer message is drawn ({@link KindMix#DEFAULT_FILE} or a stage's own)
     */
    public record Options(NodeConfig base, Path harness, Path out, int cases, int rooms, int variants, double defaultShare,
                          long seed, long variantSeed, List<String> transformations, int heldOutEvery, int maxTurns, double slips,
                          Path mix, PrintStream progress) { }

    /** What was built, as data.json records it. */
    public record Summary(int cases, int kept, int heldOut, int nearCopiesLeftOut, Map<String, Integer> dropped,
                          Map<String, Integer> byKind, Map<String, Integer> byHarness, List<String> variantVersions,
                          Options options, long millis) { }

    public static Summary build(Options o) throws IOException {
        long started = System.currentTimeMillis();
        Files.createDirectories(o.out());
        SyntheticWorld.Written world = SyntheticWorld.write(WorldSpec.load(WorldSpec.DEFAULT_FILE), o.base(), o.rooms(), o.seed(),
                o.out().resolve(SyntheticWorld.WORLD_DIR));
        Catalog catalog = Catalog.load(Path.of(world.config().catalog().file()));
        var rooms = RoomManifests.load(Path.of(world.config().rooms().dir()), catalog);
        // nothing near a dev-set or held-out case is trained on: both report, neither teaches
        List<String> devTexts = new ArrayList<>(DevSet.read(Path.of("eval/dev/demo.jsonl")).stream().map(DevCase::text).toList());
        devTexts.addAll(DevSet.read(Path.of("eval/heldout/cases.jsonl")).stream().map(DevCase::text).toList());
        Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);
        CaseSampler sampler = new CaseSampler(phrasings, KindMix.load(o.mix(), phrasings), rooms, SyntheticWorld.products(world),
                routerMessages(Path.of("data/router/train.jsonl")), devTexts, o.seed());
        HarnessFiles baseFiles = HarnessFiles.fromDirectory(o.harness());
        Harness base = HarnessLoader.load(baseFiles);
        List<Harness> variants = new ArrayList<>();
        var augmented = o.transformations().isEmpty() ? HarnessAugmenter.variants(baseFiles, o.variants(), o.variantSeed())
                : HarnessAugmenter.variants(baseFiles, o.variants(), o.variantSeed(), transformations(o.transformations()));
        for (var v : augmented) variants.add(HarnessLoader.load(v.files()));
        List<Harness> all = new ArrayList<>(List.of(base));
        all.addAll(variants);

        ExpertBackend expert = ExpertBackend.load(catalog);
        Random pickHarness = new Random(o.seed() + 1);
        Random pickSlips = new Random(o.seed() + 2);  // its own draws: a set without slips stays what it was
        Map<String, Integer> dropped = new TreeMap<>(), byKind = new TreeMap<>(), byHarness = new TreeMap<>();
        int kept = 0, heldOut = 0, total = 0;
        long targets = 0;
        OpenAiChatFormat format = new OpenAiChatFormat();
        try (EvalRig rig = EvalRig.open(world.config(), expert, EvalModels.router(o.base()), all, o.base().rooms().replyDeadlineMs()).observe(expert);
             BufferedWriter train = Files.newBufferedWriter(o.out().resolve("train.jsonl"), StandardCharsets.UTF_8);
             BufferedWriter held = Files.newBufferedWriter(o.out().resolve("held-out.jsonl"), StandardCharsets.UTF_8)) {
            int cases = 0, sessions = 0;
            while (cases < o.cases()) {
                List<DevCase> session = sampler.session("train-" + (++sessions), o.maxTurns());
                Harness h = variants.isEmpty() || pickHarness.nextDouble() < o.defaultShare() ? base : variants.get(pickHarness.nextInt(variants.size()));
                boolean slip = o.slips() > 0 && pickSlips.nextDouble() < o.slips();
                List<DevCase.Previous> earlier = new ArrayList<>();
                List<Transcript> done = new ArrayList<>();
                for (DevCase c : session) {
                    cases++;
                    boolean slips = slip && c == session.getLast();
                    expert.slipNext(slips);
                    Transcript t = rig.run(c, h, earlier);
                    // a hook that timed out, or a reply deadline passed, on a busy machine says nothing about
                    // the case: run it again, so the same seed gives the same set whatever else the machine was doing
                    for (int retry = 0; retry < 3 && runAgain(rejected(t, slips)); retry++) t = rig.run(c, h, earlier);
                    String why = rejected(t, slips);
                    if (why != null) {
                        dropped.merge(why, 1, Integer::sum);
                        break; // the room's context after a dropped turn is not one the rest of the session was drawn for
                    }
                    done.add(t);
                    if (slips) byKind.merge("slip corrected", 1, Integer::sum);
                    earlier.add(new DevCase.Previous(c.text(), t.reply()));
                    byKind.merge(c.tags().isEmpty() ? c.intent() : c.tags().getFirst(), 1, Integer::sum);
                }
                if (done.isEmpty()) continue;
                DevCase last = session.get(done.size() - 1);
                Transcript t = done.getLast();
                Trajectory tr = withEarlierAnswersLearned(Trajectories.of(new CaseRecord(last, t, Scorer.score(last, t, null))).orElseThrow(),
                        done, last.text());
                boolean toHeldOut = o.heldOutEvery() > 0 && (kept + 1) % o.heldOutEvery() == 0;
                (toHeldOut ? held : train).write(format.write(tr) + "\n");
                kept++;
                if (toHeldOut) heldOut++;
                targets += 1 + tr.messages().stream().filter(m -> Integer.valueOf(1).equals(m.weight())).count();
                byHarness.merge(h == base ? "default" : "variant", 1, Integer::sum);
                if (o.progress() != null && sessions % 200 == 0) {
                    o.progress().printf("data: %d/%d cases in %d sessions, %d kept, dropped %s, %.0f s%n", cases, o.cases(), sessions, kept, dropped,
                            (System.currentTimeMillis() - started) / 1000.0);
                }
            }
            total = cases;
        }
        Summary s = new Summary(total, kept, heldOut, sampler.nearCopies(), dropped, byKind, byHarness,
                variants.stream().map(Harness::version).toList(), o, System.currentTimeMillis() - started);
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("cases", s.cases());
        record.put("trajectories", s.kept());
        record.put("learnedAnswers", targets);
        record.put("heldOut", s.heldOut());
        record.put("nearCopiesOfDevSetLeftOut", s.nearCopiesLeftOut());
        record.put("dropped", s.dropped());
        record.put("byKind", s.byKind());
        record.put("byHarness", s.byHarness());
        record.put("variantVersions", s.variantVersions());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("cases", o.cases());
        settings.put("rooms", o.rooms());
        settings.put("variants", o.variants());
        settings.put("defaultShare", o.defaultShare());
        settings.put("seed", o.seed());
        settings.put("variantSeed", o.variantSeed());
        settings.put("maxTurns", o.maxTurns());
        settings.put("transformations", o.transformations());
        settings.put("harness", o.harness().toString());
        settings.put("slips", o.slips());
        settings.put("mix", o.mix().toString());
        record.put("settings", settings);
        record.put("millis", s.millis());
        JSON.writeValue(o.out().resolve("data.json").toFile(), record);
        return s;
    }

    /**
     * The session's last trajectory, with each earlier answer in its history marked to be learned
     * when the same prompt would have produced it: the answer needed no tool and was given under
     * the same system prompt (same room, harness and active skill). Others stay context, and so does
     * what was said between the viewer's message and a hook's correction (a slip, never learned).
     */
    static Trajectory withEarlierAnswersLearned(Trajectory last, List<Transcript> session, String viewerText) {
        String system = session.getLast().modelCalls().getFirst().messages().getFirst().content();
        List<Trajectory.Message> messages = new ArrayList<>(last.messages());
        int lastUser = -1, viewer = -1;
        for (int i = 0; i < messages.size(); i++) {
            if (!messages.get(i).role().equals("user")) continue;
            lastUser = i;
            if (messages.get(i).content().strip().equals(viewerText.strip())) viewer = i;
        }
        for (int i = Math.max(viewer, 0) + 1; i < lastUser; i++) {
            if (messages.get(i).role().equals("assistant")) messages.set(i, messages.get(i).withWeight(0));
        }
        if (viewer >= 0) lastUser = viewer;
        // history answers in order, oldest first; the context window may have trimmed the oldest turns
        List<Integer> history = new ArrayList<>();
        for (int i = 0; i < lastUser; i++) if (messages.get(i).role().equals("assistant")) history.add(i);
        List<Transcript> earlier = session.subList(0, session.size() - 1);
        for (int k = 0; k < history.size(); k++) {
            int turn = earlier.size() - history.size() + k;
            if (turn < 0) continue; // the case's own synthetic previous exchange
            Transcript t = earlier.get(turn);
            boolean same = t.toolCalls().isEmpty() && t.modelCalls().size() == 1
                    && t.modelCalls().getFirst().messages().getFirst().content().equals(system)
                    && t.reply().equals(messages.get(history.get(k)).content());
            messages.set(history.get(k), messages.get(history.get(k)).withWeight(same ? 1 : 0));
        }
        return new Trajectory(last.caseId(), messages, last.tools(), last.accuracy(), last.effectiveness());
    }

    private static boolean runAgain(String why) { return why != null && RUN_AGAIN.contains(why); }

    /**
     * Why a run is not a clean demonstration: the pipeline had to step in, or nothing was said. Null
     * when it is. A slip's run is one when exactly one hook blocked the slip and the retry was let through.
     */
    static String rejected(Transcript t, boolean slipped) {
        if (!Transcript.MODEL.equals(t.outcome())) return "outcome " + t.outcome();
        if (t.hooks().stream().anyMatch(Transcript.HookDecision::failed)) return HOOK_TIMEOUT;
        long blocks = t.hooks().stream().filter(h -> h.decision().equals("block")).count();
        boolean otherwise = t.hooks().stream().anyMatch(h -> !h.decision().equals("allow") && !h.decision().equals("block"));
        if (!slipped && (blocks > 0 || otherwise)) return "a hook stepped in";
        if (slipped && blocks == 0) return "a slip no hook blocked";
        if (slipped && (blocks > 1 || otherwise)) return "a slip's retry was not let through";
        if (t.modelCalls().size() > (slipped ? 3 : 2)) return "more than one tool round";
        return null;
    }

    /** The augmenter's transformations by name; an unknown name is refused with the known ones. */
    static List<io.liveharness.eval.augment.Transformation> transformations(List<String> names) {
        var all = io.liveharness.eval.augment.Transformations.all();
        List<io.liveharness.eval.augment.Transformation> out = new ArrayList<>();
        for (String n : names) {
            out.add(all.stream().filter(t -> t.name().equals(n)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                    "unknown transformation '" + n + "'; known: " + all.stream().map(io.liveharness.eval.augment.Transformation::name).toList())));
        }
        return out;
    }

    private static List<CaseSampler.RouterMessage> routerMessages(Path file) throws IOException {
        ObjectMapper m = Json.MAPPER;
        List<CaseSampler.RouterMessage> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            JsonNode n = m.readTree(line);
            out.add(new CaseSampler.RouterMessage(n.path("text").asText(), n.path("label").asText()));
        }
        return out;
    }

    private TrajectoryBuilder() { }
}
