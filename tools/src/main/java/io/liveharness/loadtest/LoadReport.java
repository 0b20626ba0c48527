package io.liveharness.loadtest;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Writes a run's {@code summary.json} and {@code report.html} (one self-contained file, inline SVG
 * charts, no network) into {@code <reports>/<scenario>-<time>/}.
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

    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
            "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939"};

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

    static String html(ObjectNode s) {
        StringBuilder b = new StringBuilder();
        var h = s.get("headline");
        var sc = s.get("scenario");
        b.append("<!doctype html><html><head><meta charset=\"utf-8\"><title>loadtest ").append(esc(sc.get("name").asText()))
                .append("</title><style>body{font:14px sans-serif;margin:24px;max-width:1100px}table{border-collapse:collapse}"
                        + "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}h2{margin-top:28px}.ok{color:#2ca02c}.bad{color:#d62728}"
                        + "svg{background:#fafafa;border:1px solid #ddd}</style></head><body>");
        b.append("<h1>Load test: ").append(esc(sc.get("name").asText())).append("</h1><p>").append(esc(sc.path("description").asText())).append("</p>");
        b.append("<p>").append(esc(s.get("run").path("note").asText())).append("</p>");
        var one = s.get("exactlyOneOutcome");
        b.append("<p class=\"").append(one.get("ok").asBoolean() ? "ok" : "bad").append("\"><b>")
                .append(esc(one.get("statement").asText())).append("</b></p>");
        b.append("<h2>Headline</h2><table>");
        row(b, "window", h.get("window").asText());
        var qc = h.get("questionCoverage");
        row(b, "question coverage: answer spoken (own or merged) / within " + qc.get("withinS") + " s", qc.get("spoken") + " / "
                + qc.get("spokenWithin") + " of " + qc.get("questions") + " questions (" + qc.get("percent") + " %, " + qc.get("percentWithin") + " %)");
        var vu = s.path("voiceUtilisation");
        row(b, "voice utilisation after warm-up, per room of the WS sample: mean / median / busiest (% of the time speaking)",
                vu.has("meanPercent") ? vu.get("meanPercent") + " / " + vu.get("p50Percent") + " / " + vu.get("maxPercent")
                        + " (" + vu.get("rooms") + " rooms)" : "no sampled room");
        row(b, "answered latency (ms) P50 / P95 / P99 / max", pct(h.get("answeredLatencyMs")));
        row(b, "all outcomes latency (ms) P50 / P95 / P99 / max", pct(h.get("allOutcomesLatencyMs")));
        row(b, "answered by the model, latency (ms) P50 / P95 / P99 / max", pct(h.get("modelAnswerLatencyMs")));
        row(b, "shed at once: time to the fallback (ms) P50 / P95 / P99 / max", pct(h.get("shedAtOnceLatencyMs")));
        var en = s.get("engine");
        var shed = en.get("shedAtBatcher");
        row(b, "shed at the batcher (overload): count / within 1 s of reaching it / P50, P95 at most (s)", shed.isObject()
                ? shed.get("count") + " / " + shed.get("withinOneSecond") + " / " + shed.path("p50AtMostS").asText("–") + ", "
                + shed.path("p95AtMostS").asText("–") : shed.asText());
        row(b, "model answers/s against the engine's ceiling (answers/s, share)", en.has("ceilingAnswersPerSecond")
                ? en.get("modelAnswersPerSecond") + " / " + en.get("ceilingAnswersPerSecond") + " (" + en.get("shareOfCeiling") + "); "
                + en.get("ceilingNote").asText() : en.get("ceilingNote").asText());
        row(b, "first segment, WS sample (ms)", pct(s.get("outcomeCollection").get("firstSegmentMsWsSample")));
        row(b, "first reply frame, WS sample (ms)", pct(s.get("outcomeCollection").get("firstReplyMsWsSample")));
        var tp = h.get("throughputPerS");
        row(b, "throughput (msg/s): sent / outcomes / answered / answered by the model", tp.get("sent") + " / " + tp.get("outcomes") + " / "
                + tp.get("answered") + " / " + tp.get("answeredByModel"));
        row(b, "outcomes by kind (whole run)", h.get("outcomesByKind").toString());
        row(b, "drops by reason (whole run)", h.get("dropsByReason").toString());
        row(b, "answered by model / by fallback / by fallback shed at once", h.get("answeredByModel") + " / "
                + h.get("answeredByFallback") + " / " + h.get("answeredByFallbackShedAtOnce"));
        if (s.has("flood")) {
            var f = s.get("flood");
            for (String group : List.of("flooder", "othersInFloodedRooms", "othersElsewhere")) {
                var g = f.get(group);
                row(b, "flood: " + group + " (outcomes, answered or merged, P50 / P95 ms)", g.get("outcomes") + ", "
                        + g.get("answeredOrMerged") + ", " + g.path("p50Ms").asText("–") + " / " + g.path("p95Ms").asText("–")
                        + " " + g.get("byOutcome"));
            }
        }
        row(b, "peak heap (MB)", h.get("peakHeapMb").asText() + " (" + h.get("heapNote").asText() + ")");
        var late = s.get("sendLateness");
        row(b, "late sends (&gt; " + late.get("lateThresholdMs") + " ms)", late.get("late") + ", p99 lag " + late.get("p99Ms") + " ms, max " + late.get("maxMs") + " ms");
        row(b, "messages", s.get("messages").get("sent") + " sent, " + s.get("messages").get("accepted") + " accepted, rejected "
                + s.get("messages").get("rejected"));
        row(b, "node figures from", s.get("nodeMetrics").get("source").asText());
        row(b, "outcome collection", s.get("outcomeCollection").get("how").asText());
        row(b, "scenario", sc.toString());
        row(b, "run", s.get("run").toString());
        b.append("</table>");

        var tl = s.get("timeline");
        int n = tl.size();
        double[] xs = new double[n];
        double[] p50 = new double[n], p95 = new double[n], p99 = new double[n], sent = new double[n], done = new double[n];
        double bucket = s.get("bucketS").asDouble();
        TreeSet<String> keys = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            var t = tl.get(i);
            xs[i] = t.get("fromS").asDouble();
            p50[i] = t.path("p50Ms").asDouble(Double.NaN);
            p95[i] = t.path("p95Ms").asDouble(Double.NaN);
            p99[i] = t.path("p99Ms").asDouble(Double.NaN);
            sent[i] = t.get("sent").asDouble() / bucket;
            done[i] = t.get("completed").asDouble() / bucket;
            t.get("outcomes").fieldNames().forEachRemaining(keys::add);
        }
        double warm = sc.get("warmupS").asDouble();
        b.append("<h2>Latency over time (by scheduled send time, after warm-up)</h2>");
        b.append(lines("ms", xs, List.of(new Series("P50", p50), new Series("P95", p95), new Series("P99", p99)), warm));
        if (s.has("voiceUtilisation")) {
            var vt = s.get("voiceUtilisation").get("timeline");
            double[] vx = new double[vt.size()], mean = new double[vt.size()], busiest = new double[vt.size()];
            for (int i = 0; i < vt.size(); i++) {
                vx[i] = vt.get(i).get("fromS").asDouble();
                mean[i] = vt.get(i).get("meanPercent").asDouble();
                busiest[i] = vt.get(i).get("maxPercent").asDouble();
            }
            b.append("<h2>Voice utilisation over time (share of each bucket the avatar speaks, WS sample rooms)</h2>");
            b.append(lines("% speaking", vx, List.of(new Series("mean over rooms", mean), new Series("busiest room", busiest)), warm));
        }
        b.append("<h2>Throughput</h2>");
        b.append(lines("msg/s", xs, List.of(new Series("sent", sent), new Series("outcomes (by finish time)", done)), warm));
        b.append("<h2>Outcomes by kind/reason (by scheduled send time)</h2>");
        Map<String, double[]> stacks = new LinkedHashMap<>();
        for (String k : keys) {
            double[] v = new double[n];
            for (int i = 0; i < n; i++) v[i] = tl.get(i).get("outcomes").path(k).asDouble(0);
            stacks.put(k, v);
        }
        b.append(stacked("messages per " + (int) bucket + " s", xs, bucket, stacks, warm));

        var sm = s.get("samples");
        int m = sm.size();
        double[] sx = new double[m], heap = new double[m], committed = new double[m], pending = new double[m],
                active = new double[m], queue = new double[m], batch = new double[m];
        for (int i = 0; i < m; i++) {
            var x = sm.get(i);
            sx[i] = x.get("atS").asDouble();
            heap[i] = x.path("heapUsedMb").asDouble(Double.NaN);
            committed[i] = x.path("heapCommittedMb").asDouble(Double.NaN);
            pending[i] = x.path("nodePending").asDouble(Double.NaN);
            active[i] = x.path("activeRooms").asDouble(Double.NaN);
            queue[i] = x.path("queueDepth").asDouble(Double.NaN);
            batch[i] = x.path("batchSize").asDouble(Double.NaN);
        }
        b.append("<h2>Heap</h2>");
        if (h.get("peakHeapMb").isNumber()) {
            b.append(lines("MB", sx, List.of(new Series("heap used", heap), new Series("heap committed", committed)), warm));
        } else {
            b.append("<p>not measured: the node runs in another process.</p>");
        }
        b.append("<h2>Queue depth and rooms (").append(esc(s.get("nodeMetrics").get("source").asText())).append(")</h2>");
        List<Series> qs = new ArrayList<>(List.of(new Series("node pending messages (/health)", pending), new Series("active rooms (/health)", active)));
        if (!allNaN(queue)) qs.add(new Series("queue depth (/metrics)", queue));
        b.append(lines("count", sx, qs, warm));
        b.append("<h2>Batch size</h2>");
        b.append(allNaN(batch) ? "<p>not available: the node serves no batch-size series on /metrics.</p>"
                : lines("sequences per step", sx, List.of(new Series("batch size (/metrics)", batch)), warm));
        b.append("</body></html>\n");
        return b.toString();
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

    private record Series(String name, double[] values) { }

    private static boolean allNaN(double[] v) {
        for (double x : v) if (!Double.isNaN(x)) return false;
        return true;
    }

    private static void row(StringBuilder b, String k, String v) {
        b.append("<tr><th>").append(k).append("</th><td>").append(esc(v)).append("</td></tr>");
    }

    private static String pct(com.fasterxml.jackson.databind.JsonNode p) {
        if (p.get("count").asLong() == 0) return "no samples";
        return p.get("p50") + " / " + p.get("p95") + " / " + p.get("p99") + " / " + p.get("max") + " (n=" + p.get("count") + ")";
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final int W = 1000, H = 300, L = 70, R = 20, T = 20, B = 40;

    private static String axes(StringBuilder b, double xMax, double yMax, String yLabel, double warm) {
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W).append("\" height=\"").append(H + 60).append("\">");
        for (int i = 0; i <= 4; i++) {
            double y = T + (H - T - B) * (1 - i / 4.0);
            b.append(String.format("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>", L, y, W - R, y));
            b.append(String.format("<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%s</text>", L - 4, y + 4, fmt(yMax * i / 4)));
        }
        for (int i = 0; i <= 10; i++) {
            double x = L + (W - L - R) * i / 10.0;
            b.append(String.format("<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s s</text>", x, H - B + 16, fmt(xMax * i / 10)));
        }
        if (warm > 0 && warm < xMax) {
            double x = L + (W - L - R) * warm / xMax;
            b.append(String.format("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\" stroke-dasharray=\"4\"/>", x, T, x, H - B));
            b.append(String.format("<text x=\"%.1f\" y=\"%d\" font-size=\"11\">warm-up ends</text>", x + 3, T + 10));
        }
        b.append(String.format("<text x=\"12\" y=\"%d\" font-size=\"11\" transform=\"rotate(-90 12 %d)\">%s</text>", H / 2, H / 2, esc(yLabel)));
        return "";
    }

    private static String fmt(double v) {
        return v >= 100 ? String.valueOf(Math.round(v)) : String.format("%.1f", v);
    }

    private static double niceMax(double v) {
        if (v <= 0 || Double.isNaN(v)) return 1;
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[]{1, 2, 2.5, 5, 10}) if (m * p >= v) return m * p;
        return 10 * p;
    }

    private static String lines(String yLabel, double[] xs, List<Series> series, double warm) {
        double xMax = xs.length == 0 ? 1 : Math.max(1, xs[xs.length - 1]);
        double yMax = 0;
        for (Series s : series) for (double v : s.values()) if (!Double.isNaN(v)) yMax = Math.max(yMax, v);
        yMax = niceMax(yMax);
        StringBuilder b = new StringBuilder();
        axes(b, xMax, yMax, yLabel, warm);
        int c = 0;
        for (Series s : series) {
            StringBuilder pts = new StringBuilder();
            for (int i = 0; i < xs.length; i++) {
                double v = s.values()[i];
                if (Double.isNaN(v)) {
                    if (!pts.isEmpty()) { polyline(b, pts, COLORS[c]); pts.setLength(0); }
                    continue;
                }
                pts.append(String.format("%.1f,%.1f ", L + (W - L - R) * xs[i] / xMax, T + (H - T - B) * (1 - v / yMax)));
            }
            if (!pts.isEmpty()) polyline(b, pts, COLORS[c]);
            legend(b, c, s.name());
            c++;
        }
        return b.append("</svg>").toString();
    }

    private static void polyline(StringBuilder b, StringBuilder pts, String color) {
        b.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color).append("\" points=\"").append(pts).append("\"/>");
    }

    private static void legend(StringBuilder b, int i, String name) {
        int x = L + 10 + (i % 5) * 180;
        int y = H - 4 + (i / 5) * 14 + 10;
        b.append(String.format("<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>",
                x, y - 9, COLORS[i % COLORS.length], x + 14, y, esc(name)));
    }

    private static String stacked(String yLabel, double[] xs, double bucket, Map<String, double[]> stacks, double warm) {
        int n = xs.length;
        double xMax = n == 0 ? 1 : Math.max(1, xs[n - 1] + bucket);
        double yMax = 0;
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (double[] v : stacks.values()) sum += v[i];
            yMax = Math.max(yMax, sum);
        }
        yMax = niceMax(yMax);
        StringBuilder b = new StringBuilder();
        axes(b, xMax, yMax, yLabel, warm);
        double bw = (W - L - R) * bucket / xMax;
        double[] base = new double[n];
        int c = 0;
        for (var e : stacks.entrySet()) {
            for (int i = 0; i < n; i++) {
                double v = e.getValue()[i];
                if (v <= 0) continue;
                double y1 = T + (H - T - B) * (1 - (base[i] + v) / yMax);
                double hgt = (H - T - B) * v / yMax;
                b.append(String.format("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s: %d</title></rect>",
                        L + (W - L - R) * xs[i] / xMax, y1, Math.max(1, bw - 1), hgt, COLORS[c % COLORS.length], esc(e.getKey()), (long) v));
                base[i] += v;
            }
            legend(b, c, e.getKey());
            c++;
        }
        return b.append("</svg>").toString();
    }

    private LoadReport() { }
}
