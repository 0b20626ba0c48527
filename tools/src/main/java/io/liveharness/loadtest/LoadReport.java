package io.liveharness.loadtest;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.report.HtmlReport;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Writes a run's {@code summary.json} and {@code report.html} (one self-contained file: markup in
 * reports/load.mustache, uPlot charts with the library inside the page, no network) into
 * {@code <reports>/<scenario>-<time>/}.
 */
public final class LoadReport {
    private static final ObjectMapper JSON = Json.INDENTED;

    /** Where the run was pointed and what the node said about itself. */
    public record Context(String mode, String target, String startedAt, String model, boolean testModel, String note) { }

    public static ObjectNode summary(Scenario s, Context c, LoadGenerator.Result r, NodeProbe probe, EngineFigures engine) {
        LoadRecorder rec = r.recorder();
        ObjectNode n = JSON.createObjectNode();
        synchronized (rec) {
            ObjectNode sc = n.putObject("scenario");
            sc.put("name", s.name()).put("description", s.description()).put("rooms", s.rooms())
                    .put("ratePerRoom", s.ratePerRoom()).put("warmupS", s.warmupS()).put("durationS", s.durationS())
                    .put("seed", s.seed()).put("maxInFlight", s.maxInFlight()).put("expectedMessages", Math.round(s.expectedMessages()))
                    .put("texts", s.texts().toString());
            if (s.burst().present()) {
                sc.putObject("burst").put("shareOfRooms", s.burst().shareOfRooms()).put("multiplier", s.burst().multiplier())
                        .put("startS", s.burst().startS()).put("durationS", s.burst().durationS());
            }
            ObjectNode mix = sc.putObject("intentMix");
            s.intentMix().forEach(mix::put);
            n.putObject("run").put("mode", c.mode()).put("target", c.target()).put("startedAt", c.startedAt())
                    .put("model", c.model()).put("testModel", c.testModel()).put("sendSeconds", round(r.sendSeconds()))
                    .put("totalSeconds", round(r.totalSeconds())).put("note", c.note());

            long measuredS = s.durationS();
            ObjectNode h = n.putObject("headline");
            h.put("window", "messages scheduled after the " + s.warmupS() + " s warm-up, " + measuredS + " s");
            h.set("answeredLatencyMs", percentiles(rec.answered));
            h.set("allOutcomesLatencyMs", percentiles(rec.allOutcomes));
            h.set("modelAnswerLatencyMs", percentiles(rec.modelAnswered));
            h.set("shedAtOnceLatencyMs", percentiles(rec.shedAtOnce));
            long answered = 0;
            long outcomes = 0;
            for (var e : rec.outcomesMeasured.entrySet()) {
                outcomes += e.getValue();
                if (e.getKey().startsWith("answered/")) answered += e.getValue();
            }
            ObjectNode tp = h.putObject("throughputPerS");
            tp.put("sent", round(rec.sentMeasured / (double) measuredS)).put("outcomes", round(outcomes / (double) measuredS))
                    .put("answered", round(answered / (double) measuredS))
                    .put("answeredByModel", round(rec.outcomesMeasured.getOrDefault("answered/model", 0L) / (double) measuredS));
            Map<String, Long> kinds = new LinkedHashMap<>();
            Map<String, Long> drops = new LinkedHashMap<>();
            for (var e : rec.outcomes.entrySet()) {
                String kind = e.getKey().substring(0, e.getKey().indexOf('/'));
                kinds.merge(kind, e.getValue(), Long::sum);
                if (kind.equals("dropped")) drops.merge(e.getKey().substring(kind.length() + 1), e.getValue(), Long::sum);
            }
            ObjectNode k = h.putObject("outcomesByKind");
            kinds.forEach(k::put);
            ObjectNode d = h.putObject("dropsByReason");
            drops.forEach(d::put);
            h.put("answeredByFallback", rec.outcomes.getOrDefault("answered/fallback", 0L));
            // the fallback given at once because the engine shed the request (reason overload), not at the deadline
            h.put("answeredByFallbackShedAtOnce", rec.outcomes.getOrDefault("answered/overload", 0L));
            h.put("answeredByModel", rec.outcomes.getOrDefault("answered/model", 0L));
            h.set("questionCoverage", coverage(rec));
            n.set("voiceUtilisation", r.voice().json(s.warmupS(), s.durationS(), (int) Math.ceil(r.totalSeconds())));
            h.put("voiceUtilisationPercent", n.get("voiceUtilisation").path("meanPercent").asDouble(0));
            if (probe.embedded()) h.put("peakHeapMb", round(probe.peakHeapMb()));
            else h.put("peakHeapMb", "not measured (remote target)");
            h.put("heapNote", probe.embedded()
                    ? "used heap of the one JVM that runs node and generator, MemoryMXBean sampled every second (ZGC: includes garbage not yet collected)"
                    : "not measured: the node runs in another process");

            if (s.flood().rooms() > 0) n.set("flood", r.flood().json(s.flood())); // messages 0: the same rooms as a baseline

            engine(n.putObject("engine"), engine, tp.get("answeredByModel").asDouble(), rec.outcomes.getOrDefault("answered/model", 0L));

            ObjectNode all = n.putObject("messages");
            all.put("sent", rec.sent).put("accepted", rec.accepted).put("outcomes", rec.outcomeCount);
            ObjectNode rj = all.putObject("rejected");
            rec.rejected.forEach(rj::put);
            ObjectNode oc = all.putObject("outcomes_by_kind_reason");
            rec.outcomes.forEach(oc::put);
            ObjectNode ocm = all.putObject("outcomes_by_kind_reason_after_warmup");
            rec.outcomesMeasured.forEach(ocm::put);

            ObjectNode one = n.putObject("exactlyOneOutcome");
            boolean ok = r.missingCount() == 0 && rec.duplicateOutcomes == 0 && rec.outcomeCount == rec.accepted;
            one.put("ok", ok);
            one.put("statement", ok ? "every sent message that the node accepted (" + rec.accepted + ") has exactly one outcome"
                    : (r.missingCount() + " accepted messages without an outcome after the grace period, "
                    + rec.duplicateOutcomes + " second outcome frames (" + rec.conflictingOutcomes + " conflicting)"));
            one.put("missingCount", r.missingCount());
            ArrayNode miss = one.putArray("missing");
            r.missing().forEach(miss::add);
            one.put("duplicateOutcomeFrames", rec.duplicateOutcomes).put("conflictingOutcomes", rec.conflictingOutcomes);

            ObjectNode late = n.putObject("sendLateness");
            late.put("lateThresholdMs", LoadGenerator.LATE_NS / 1e6).put("late", rec.late)
                    .put("p99Ms", round(rec.lateness.getValueAtPercentile(99) / 1000.0))
                    .put("maxMs", round(rec.lateness.getMaxValue() / 1000.0))
                    .put("note", "a send that could not go out on time waited for an in-flight slot and is counted here; latencies are measured from the scheduled time, so the wait is in them");

            ObjectNode col = n.putObject("outcomeCollection");
            col.put("wsSampleRooms", r.wsRooms()).put("wsConnected", r.wsConnected()).put("wsOutcomes", rec.wsOutcomes)
                    .put("polledOutcomes", rec.polledOutcomes).put("polls", rec.polls).put("pollsNotFound", rec.pollsNotFound)
                    .put("maxOpenMessages", r.maxOpen());
            col.set("firstReplyMsWsSample", percentiles(rec.firstReply));
            col.set("firstSegmentMsWsSample", percentiles(rec.firstSegment));
            col.put("how", "WebSockets on " + r.wsRooms() + " evenly spaced rooms give client-observed outcome and first-reply times "
                    + "(the reply frame is the first sign of a reply; the node does not stream tokens to viewers); every other message is polled "
                    + "with GET /v1/rooms/{roomId}/messages/{id} (first look " + s.outcomes().firstPollAfterMs() + " ms after sending, then backing off, at most "
                    + s.outcomes().maxPollsPerS() + " polls/s) and its latency is the send lag plus the node's own latencyMs "
                    + "(acceptance to outcome), so the poll interval does not blur it; after the last send every missing message is polled each second "
                    + "for up to " + s.outcomes().graceS() + " s");

            ObjectNode nm = n.putObject("nodeMetrics");
            nm.put("source", probe.metricsAvailable() ? "/metrics (Prometheus) and /health"
                    : "/health only: this node serves no /metrics; queue depth is the node's pending messages (accepted, no outcome yet), batch sizes not available");
            ArrayNode names = nm.putArray("series");
            probe.metricNames().forEach(names::add);

            ArrayNode tl = n.putArray("timeline");
            int last = (int) Math.ceil(r.totalSeconds());
            for (LoadRecorder.Bucket b : rec.buckets(last)) {
                ObjectNode o = tl.addObject();
                o.put("fromS", b.fromS).put("sent", b.sent).put("late", b.late).put("completed", b.completed);
                if (b.latency.getTotalCount() > 0) {
                    o.put("p50Ms", ms(b.latency, 50)).put("p95Ms", ms(b.latency, 95)).put("p99Ms", ms(b.latency, 99));
                }
                ObjectNode bo = o.putObject("outcomes");
                b.outcomes.forEach(bo::put);
            }
            ArrayNode sm = n.putArray("samples");
            for (NodeProbe.Sample x : probe.samples()) {
                ObjectNode o = sm.addObject();
                o.put("atS", round(x.atS()));
                put(o, "heapUsedMb", x.heapUsedMb());
                put(o, "heapCommittedMb", x.heapCommittedMb());
                put(o, "nodePending", x.pending());
                put(o, "activeRooms", x.activeRooms());
                put(o, "queueDepth", x.queueDepth());
                put(o, "batchSize", x.batchSize());
            }
            n.put("bucketS", rec.bucketS());
        }
        return n;
    }

    public static Path write(Path dir, ObjectNode summary) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("summary.json"), JSON.writeValueAsString(summary));
        Files.writeString(dir.resolve("report.html"), html(summary));
        return dir;
    }

    private static void put(ObjectNode o, String k, double v) { if (!Double.isNaN(v)) o.put(k, round(v)); }

    private static ObjectNode percentiles(Histogram h) {
        ObjectNode n = JSON.createObjectNode();
        n.put("count", h.getTotalCount());
        if (h.getTotalCount() == 0) return n;
        n.put("p50", ms(h, 50)).put("p95", ms(h, 95)).put("p99", ms(h, 99)).put("max", round(h.getMaxValue() / 1000.0));
        return n;
    }

    private static double ms(Histogram h, double p) { return round(h.getValueAtPercentile(p) / 1000.0); }

    private static double round(double v) { return Math.round(v * 10) / 10.0; }

    // ---------------------------------------------------------------------------------- HTML

    /** The engine's side: sheds timed from arrival at the batcher, and model answers against the engine's ceiling. */
    private static void engine(ObjectNode en, EngineFigures engine, double modelAnswersPerS, long modelAnswers) {
        var shed = engine.shedAtBatcher();
        if (shed != null) {
            ObjectNode sh = en.putObject("shedAtBatcher");
            sh.put("count", shed.count()).put("withinOneSecond", shed.withinOneSecond());
            if (shed.count() > 0) {
                sh.put("shareWithinOneSecond", Math.round(1000.0 * shed.withinOneSecond() / shed.count()) / 1000.0);
                bound(sh, "p50AtMostS", shed.p50AtMostS());
                bound(sh, "p95AtMostS", shed.p95AtMostS());
            }
            sh.put("note", "whole run, reason overload, from the node's " + EngineFigures.SHED_WAIT + " histogram: from a request's"
                    + " arrival at the batcher to its refusal (P50/P95 as the bucket bounds that hold them); the viewer's"
                    + " outcome can come later, after the room's avatar has finished speaking");
        } else {
            en.put("shedAtBatcher", "not served: the node's /metrics has no " + EngineFigures.SHED_WAIT);
        }
        double reply = engine.meanTokensPerGeneration();
        if (Double.isFinite(reply)) en.put("meanTokensPerGeneration", round(reply));
        double perAnswer = engine.tokensPerModelAnswer(modelAnswers);
        if (Double.isFinite(perAnswer)) en.put("tokensPerModelAnswer", round(perAnswer));
        var ceiling = engine.ceiling();
        double answers = engine.ceilingAnswersPerSecond(modelAnswers);
        if (ceiling != null) {
            en.putObject("ceiling").put("rooms", ceiling.rooms()).put("replyTokens", ceiling.replyTokens())
                    .put("tokensPerSecond", round(ceiling.tokensPerSecond()));
        }
        if (Double.isFinite(answers)) {
            en.put("ceilingAnswersPerSecond", round(answers)).put("modelAnswersPerSecond", modelAnswersPerS)
                    .put("shareOfCeiling", Math.round(1000 * modelAnswersPerS / answers) / 1000.0);
            en.put("ceilingNote", String.format("%d requests of %d tokens decoding together on the node's own engine after the load:"
                            + " %.1f tokens/s, at this run's %.1f completion tokens per answer by the model (every generation's tokens"
                            + " over the model's answers); prompts not counted, so an upper bound",
                    ceiling.rooms(), ceiling.replyTokens(), ceiling.tokensPerSecond(), perAnswer));
        } else {
            en.put("ceilingNote", ceiling == null ? "not measured: the node's engine is not a batcher in this process (a remote"
                    + " node, or engine.backend remote); bench engine on the engine's machine measures it"
                    : "no answer by the model in this run to size answers by");
        }
    }

    /** A histogram bucket bound; past the last bucket there is no bound to give. */
    private static void bound(ObjectNode o, String key, double seconds) {
        if (Double.isInfinite(seconds)) o.put(key, "over the largest bucket");
        else if (!Double.isNaN(seconds)) o.put(key, seconds);
    }

    /** report.html (reports/load.mustache): the headline table, then uPlot charts with the library inside the page. */
    static String html(ObjectNode s) {
        var h = s.get("headline");
        var sc = s.get("scenario");
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("window", h.get("window").asText()));
        var qc = h.get("questionCoverage");
        rows.add(new Row("question coverage: answer spoken (own or merged) / within " + qc.get("withinS") + " s", qc.get("spoken") + " / "
                + qc.get("spokenWithin") + " of " + qc.get("questions") + " questions (" + qc.get("percent") + " %, " + qc.get("percentWithin") + " %)"));
        var vu = s.path("voiceUtilisation");
        rows.add(new Row("voice utilisation after warm-up, per room of the WS sample: mean / median / busiest (% of the time speaking)",
                vu.has("meanPercent") ? vu.get("meanPercent") + " / " + vu.get("p50Percent") + " / " + vu.get("maxPercent")
                        + " (" + vu.get("rooms") + " rooms)" : "no sampled room"));
        rows.add(new Row("answered latency (ms) P50 / P95 / P99 / max", pct(h.get("answeredLatencyMs"))));
        rows.add(new Row("all outcomes latency (ms) P50 / P95 / P99 / max", pct(h.get("allOutcomesLatencyMs"))));
        rows.add(new Row("answered by the model, latency (ms) P50 / P95 / P99 / max", pct(h.get("modelAnswerLatencyMs"))));
        rows.add(new Row("shed at once: time to the fallback (ms) P50 / P95 / P99 / max", pct(h.get("shedAtOnceLatencyMs"))));
        var en = s.get("engine");
        var shed = en.get("shedAtBatcher");
        rows.add(new Row("shed at the batcher (overload): count / within 1 s of reaching it / P50, P95 at most (s)", shed.isObject()
                ? shed.get("count") + " / " + shed.get("withinOneSecond") + " / " + shed.path("p50AtMostS").asText("–") + ", "
                + shed.path("p95AtMostS").asText("–") : shed.asText()));
        rows.add(new Row("model answers/s against the engine's ceiling (answers/s, share)", en.has("ceilingAnswersPerSecond")
                ? en.get("modelAnswersPerSecond") + " / " + en.get("ceilingAnswersPerSecond") + " (" + en.get("shareOfCeiling") + "); "
                + en.get("ceilingNote").asText() : en.get("ceilingNote").asText()));
        rows.add(new Row("first segment, WS sample (ms)", pct(s.get("outcomeCollection").get("firstSegmentMsWsSample"))));
        rows.add(new Row("first reply frame, WS sample (ms)", pct(s.get("outcomeCollection").get("firstReplyMsWsSample"))));
        var tp = h.get("throughputPerS");
        rows.add(new Row("throughput (msg/s): sent / outcomes / answered / answered by the model", tp.get("sent") + " / " + tp.get("outcomes") + " / "
                + tp.get("answered") + " / " + tp.get("answeredByModel")));
        rows.add(new Row("outcomes by kind (whole run)", h.get("outcomesByKind").toString()));
        rows.add(new Row("drops by reason (whole run)", h.get("dropsByReason").toString()));
        rows.add(new Row("answered by model / by fallback / by fallback shed at once", h.get("answeredByModel") + " / "
                + h.get("answeredByFallback") + " / " + h.get("answeredByFallbackShedAtOnce")));
        if (s.has("flood")) {
            var f = s.get("flood");
            for (String group : List.of("flooder", "othersInFloodedRooms", "othersElsewhere")) {
                var g = f.get(group);
                rows.add(new Row("flood: " + group + " (outcomes, answered or merged, P50 / P95 ms)", g.get("outcomes") + ", "
                        + g.get("answeredOrMerged") + ", " + g.path("p50Ms").asText("–") + " / " + g.path("p95Ms").asText("–")
                        + " " + g.get("byOutcome")));
            }
        }
        rows.add(new Row("peak heap (MB)", h.get("peakHeapMb").asText() + " (" + h.get("heapNote").asText() + ")"));
        var late = s.get("sendLateness");
        rows.add(new Row("late sends (> " + late.get("lateThresholdMs") + " ms)", late.get("late") + ", p99 lag " + late.get("p99Ms") + " ms, max " + late.get("maxMs") + " ms"));
        rows.add(new Row("messages", s.get("messages").get("sent") + " sent, " + s.get("messages").get("accepted") + " accepted, rejected "
                + s.get("messages").get("rejected")));
        rows.add(new Row("node figures from", s.get("nodeMetrics").get("source").asText()));
        rows.add(new Row("outcome collection", s.get("outcomeCollection").get("how").asText()));
        rows.add(new Row("scenario", sc.toString()));
        rows.add(new Row("run", s.get("run").toString()));

        var tl = s.get("timeline");
        double bucket = s.get("bucketS").asDouble();
        List<Double> xs = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>();
        tl.forEach(t -> { xs.add(t.get("fromS").asDouble()); t.get("outcomes").fieldNames().forEachRemaining(keys::add); });
        List<Chart> charts = new ArrayList<>();
        charts.add(new Chart("latency", "Latency over time (by scheduled send time, after warm-up)", "ms", xs, List.of(
                series("P50", tl, t -> t.path("p50Ms").asDouble(Double.NaN)), series("P95", tl, t -> t.path("p95Ms").asDouble(Double.NaN)),
                series("P99", tl, t -> t.path("p99Ms").asDouble(Double.NaN))), false, null));
        if (s.has("voiceUtilisation")) {
            var vt = s.get("voiceUtilisation").get("timeline");
            List<Double> vx = new ArrayList<>();
            vt.forEach(t -> vx.add(t.get("fromS").asDouble()));
            charts.add(new Chart("voice", "Voice utilisation over time (share of each bucket the avatar speaks, WS sample rooms)", "% speaking", vx,
                    List.of(series("mean over rooms", vt, t -> t.get("meanPercent").asDouble()),
                            series("busiest room", vt, t -> t.get("maxPercent").asDouble())), false, null));
        }
        charts.add(new Chart("throughput", "Throughput", "msg/s", xs, List.of(series("sent", tl, t -> t.get("sent").asDouble() / bucket),
                series("outcomes (by finish time)", tl, t -> t.get("completed").asDouble() / bucket)), false, null));
        charts.add(new Chart("outcomes", "Outcomes by kind/reason (by scheduled send time)", "messages per " + (int) bucket + " s", xs,
                keys.stream().map(k -> series(k, tl, t -> t.get("outcomes").path(k).asDouble(0))).toList(), true, null));

        var sm = s.get("samples");
        List<Double> sx = new ArrayList<>();
        sm.forEach(x -> sx.add(x.get("atS").asDouble()));
        charts.add(new Chart("heap", "Heap", "MB", sx, List.of(series("heap used", sm, x -> x.path("heapUsedMb").asDouble(Double.NaN)),
                series("heap committed", sm, x -> x.path("heapCommittedMb").asDouble(Double.NaN))), false,
                h.get("peakHeapMb").isNumber() ? null : "not measured: the node runs in another process."));
        List<Series> qs = new ArrayList<>(List.of(series("node pending messages (/health)", sm, x -> x.path("nodePending").asDouble(Double.NaN)),
                series("active rooms (/health)", sm, x -> x.path("activeRooms").asDouble(Double.NaN))));
        Series queue = series("queue depth (/metrics)", sm, x -> x.path("queueDepth").asDouble(Double.NaN));
        if (!queue.unmeasured()) qs.add(queue);
        charts.add(new Chart("queue", "Queue depth and rooms (" + s.get("nodeMetrics").get("source").asText() + ")", "count", sx, qs, false, null));
        Series batch = series("batch size (/metrics)", sm, x -> x.path("batchSize").asDouble(Double.NaN));
        charts.add(new Chart("batch", "Batch size", "sequences per step", sx, List.of(batch), false,
                batch.unmeasured() ? "not available: the node serves no batch-size series on /metrics." : null));

        var one = s.get("exactlyOneOutcome");
        Map<String, Object> scope = new HashMap<>();
        scope.put("name", sc.get("name").asText());
        scope.put("description", sc.path("description").asText());
        scope.put("note", s.get("run").path("note").asText());
        scope.put("ok", one.get("ok").asBoolean());
        scope.put("statement", one.get("statement").asText());
        scope.put("rows", rows);
        scope.put("charts", charts);
        scope.put("warmupS", sc.get("warmupS").asText());
        scope.put("chartData", HtmlReport.scriptJson(charts.stream().filter(c -> c.empty() == null).toList()));
        scope.put("chartScript", HtmlReport.chartScript());
        scope.put("chartStyle", HtmlReport.chartStyle());
        return HtmlReport.render("load", scope);
    }

    record Row(String label, String value) { }

    /** One line of a chart; null where the run has no figure (JSON has no NaN). */
    record Series(String name, List<Double> values) {
        boolean unmeasured() { return values.stream().allMatch(java.util.Objects::isNull); }
    }

    /** A chart's data; {@code empty}, when set, is said instead of drawing it. */
    record Chart(String id, String title, String yLabel, List<Double> x, List<Series> series, boolean stacked, String empty) { }

    private static Series series(String name, com.fasterxml.jackson.databind.JsonNode points,
                                 java.util.function.ToDoubleFunction<com.fasterxml.jackson.databind.JsonNode> value) {
        List<Double> values = new ArrayList<>();
        points.forEach(p -> {
            double v = value.applyAsDouble(p);
            values.add(Double.isNaN(v) ? null : v);
        });
        return new Series(name, values);
    }

    /** The questions' coverage after the warm-up: how many had their answer spoken (their own or one they were merged into), in all and in time. */
    static ObjectNode coverage(LoadRecorder rec) {
        ObjectNode c = JSON.createObjectNode();
        c.put("questions", rec.questions).put("spoken", rec.questionsSpoken).put("spokenWithin", rec.questionsSpokenInTime)
                .put("withinS", LoadRecorder.COVERED_WITHIN_US / 1_000_000)
                .put("percent", rec.questions == 0 ? 0 : round(100.0 * rec.questionsSpoken / rec.questions))
                .put("percentWithin", rec.questions == 0 ? 0 : round(100.0 * rec.questionsSpokenInTime / rec.questions))
                .put("definition", "messages labelled " + new java.util.TreeSet<>(LoadRecorder.QUESTIONS) + " (the flood's aside), scheduled after"
                        + " the warm-up: spoken = answered (model, fallback, fallback at once) or merged into an answer; within = by that"
                        + " many seconds after the scheduled send");
        return c;
    }

    private static String pct(com.fasterxml.jackson.databind.JsonNode p) {
        if (p.get("count").asLong() == 0) return "no samples";
        return p.get("p50") + " / " + p.get("p95") + " / " + p.get("p99") + " / " + p.get("max") + " (n=" + p.get("count") + ")";
    }

    private LoadReport() { }
}
