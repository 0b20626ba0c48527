package io.liveharness.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.ReplySegment;
import io.liveharness.ingress.RequestJson;
import org.HdrHistogram.Histogram;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One room's figures for the operator: intent mix, messages waiting or being answered, replies in
 * the last minute, P50/P95 per stage over its last {@value #WINDOW} outcomes, hook blocks and
 * fallbacks. Small and bounded (a room costs a few KB); synchronized, as the HTTP verticle reads
 * what the monitor writes.
 */
public final class RoomStats {
    static final int WINDOW = 64;
    private static final long MINUTE_MS = 60_000;

    private final Map<String, Long> intents = new TreeMap<>();
    private final Map<String, long[]> stageMicros = new LinkedHashMap<>(); // ring of WINDOW samples per stage
    private final Map<String, Integer> stageCount = new LinkedHashMap<>();
    private final Deque<Long> replyTimes = new ArrayDeque<>();
    private long pending, outcomes, hookBlocks, fallbacks, answered, dropped, failed, stateChanged;
    private long segments, speakingUntilMs;
    private double speechSeconds;

    synchronized void accepted() { pending++; }

    synchronized void outcome(MessageOutcome o) {
        pending = Math.max(0, pending - 1);
        outcomes++;
        switch (o.kind()) {
            case ANSWERED -> answered++;
            case DROPPED -> dropped++;
            case FAILED -> failed++;
            case MERGED -> { }
        }
        if (o.fallbackReply()) fallbacks++;
        if (o.reason() == OutcomeReason.STATE_CHANGED) stateChanged++;
        if (o.intent() != null) intents.merge(o.intent(), 1L, Long::sum);
        for (String h : o.hooks()) if ("block".equals(NodeMetrics.HookResult.parse(h).decision())) hookBlocks++;
        o.timings().micros().forEach((stage, micros) -> add(stage, micros));
        add("end_to_end", o.endToEndMs() * 1000);
    }

    /** A segment released: the avatar will say it from its speaksAtMs for its estimated seconds. */
    synchronized void segment(ReplySegment s) {
        segments++;
        speechSeconds += s.speechSeconds();
        speakingUntilMs = Math.max(speakingUntilMs, s.speechEndsAtMs());
    }

    synchronized void reply(long atMs) {
        replyTimes.addLast(atMs);
        trim(atMs);
    }

    /** Waiting or being answered: accepted here, no outcome yet. */
    public synchronized long pending() { return pending; }

    private void add(String stage, long micros) {
        long[] ring = stageMicros.computeIfAbsent(stage, s -> new long[WINDOW]);
        int n = stageCount.merge(stage, 1, Integer::sum);
        ring[(n - 1) % WINDOW] = micros;
    }

    private void trim(long now) {
        while (!replyTimes.isEmpty() && replyTimes.peekFirst() < now - MINUTE_MS) replyTimes.pollFirst();
    }

    synchronized ObjectNode json(long now) {
        trim(now);
        ObjectNode n = RequestJson.JSON.createObjectNode();
        n.put("queueDepth", pending).put("repliesPerMinute", replyTimes.size()).put("outcomes", outcomes)
                .put("answered", answered).put("dropped", dropped).put("failed", failed)
                .put("hookBlocks", hookBlocks).put("fallbacks", fallbacks).put("stateChanged", stateChanged);
        n.putObject("speech").put("segments", segments).put("seconds", Math.round(speechSeconds * 1000) / 1000.0)
                .put("speakingUntilMs", speakingUntilMs).put("speaking", now < speakingUntilMs);
        ObjectNode mix = n.putObject("intents");
        intents.forEach(mix::put);
        ObjectNode stages = n.putObject("latencyMs");
        stageMicros.forEach((stage, ring) -> {
            Histogram h = new Histogram(3);
            int samples = Math.min(WINDOW, stageCount.get(stage));
            for (int i = 0; i < samples; i++) h.recordValue(Math.max(0, ring[i]));
            stages.putObject(stage).put("p50", h.getValueAtPercentile(50) / 1000.0).put("p95", h.getValueAtPercentile(95) / 1000.0)
                    .put("samples", samples);
        });
        return n;
    }
}
