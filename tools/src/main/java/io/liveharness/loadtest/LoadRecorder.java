package io.liveharness.loadtest;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a run measured, in microseconds, with HdrHistogram: time to outcome (from each message's
 * scheduled send time, so a late send counts against the node, not for it), time to the first
 * reply frame on the sampled rooms, how late sends went out; and per time bucket the same by the
 * message's scheduled time, outcomes by kind and reason, and completions by their finishing time.
 * Thread-safe (one lock; a few thousand updates a second at most).
 */
public final class LoadRecorder {
    private static final long MAX_US = 600_000_000L;
    /** Labels of the messages that ask the room something it can answer: small talk, complaints and spam are not questions. */
    public static final Set<String> QUESTIONS = Set.of("product_qa", "clarification", "promotion", "logistics", "after_sales");
    /** Within how long of its scheduled send a question's covering reply counts for coverage. */
    public static final long COVERED_WITHIN_US = 15_000_000L;

    /** One time bucket; {@code fromS} is seconds since the first scheduled send. */
    public static final class Bucket {
        public final int fromS;
        public long sent;
        public long late;
        public long completed;
        public final Histogram latency = hist();
        public final Map<String, Long> outcomes = new TreeMap<>();

        Bucket(int fromS) { this.fromS = fromS; }
    }

    private final int bucketS;
    private final int warmupS;
    private final List<Bucket> buckets = new ArrayList<>();
    public final Histogram answered = hist();
    public final Histogram allOutcomes = hist();
    public final Histogram firstReply = hist();
    /** Answers the model gave (answered/model), apart from the fallback's. */
    public final Histogram modelAnswered = hist();
    /** Fallbacks given at once because the engine shed the request (answered/overload): how long a shed message waited. */
    public final Histogram shedAtOnce = hist();
    /** Time to the first speakable segment a sampled room's client heard. */
    public final Histogram firstSegment = hist();
    public final Histogram lateness = hist();
    public final Map<String, Long> outcomes = new TreeMap<>();
    public final Map<String, Long> outcomesMeasured = new TreeMap<>();
    public final Map<String, Long> rejected = new TreeMap<>();
    public long sent;
    public long sentMeasured;
    public long accepted;
    public long late;
    public long outcomeCount;
    public long duplicateOutcomes;
    public long conflictingOutcomes;
    public long wsOutcomes;
    public long polledOutcomes;
    public long polls;
    public long pollsNotFound;
    /** Questions sent after the warm-up that the node accepted and ended; of them, those whose answer was spoken (their own or merged), and within {@link #COVERED_WITHIN_US}. */
    public long questions;
    public long questionsSpoken;
    public long questionsSpokenInTime;

    public LoadRecorder(int bucketS, int warmupS, int totalS) {
        this.bucketS = bucketS;
        this.warmupS = warmupS;
        for (int t = 0; t < totalS + 600; t += bucketS) buckets.add(new Bucket(t));
    }

    static Histogram hist() { return new Histogram(MAX_US, 3); }

    public int bucketS() { return bucketS; }

    public int warmupS() { return warmupS; }

    private Bucket at(long ns) {
        int i = (int) Math.min(buckets.size() - 1, Math.max(0, ns / 1_000_000_000L / bucketS));
        return buckets.get(i);
    }

    boolean measured(long scheduledNs) { return scheduledNs >= warmupS * 1_000_000_000L; }

    /** A send went out {@code lateNs} after its scheduled time. */
    public synchronized void sent(long scheduledNs, long lateNs, boolean isLate) {
        sent++;
        if (measured(scheduledNs)) sentMeasured++;
        lateness.recordValue(Math.min(MAX_US, Math.max(0, lateNs / 1000)));
        Bucket b = at(scheduledNs);
        b.sent++;
        if (isLate) {
            late++;
            b.late++;
        }
    }

    public synchronized void accepted() { accepted++; }

    public synchronized void rejected(String why) { rejected.merge(why, 1L, Long::sum); }

    /** A message's outcome; {@code latencyUs} from its scheduled send time; {@code question}: it asks something ({@link #QUESTIONS}). */
    public synchronized void outcome(long scheduledNs, String kind, String reason, long latencyUs, boolean viaWs, boolean question) {
        outcomeCount++;
        if (viaWs) wsOutcomes++; else polledOutcomes++;
        String key = kind + "/" + reason;
        outcomes.merge(key, 1L, Long::sum);
        long us = Math.min(MAX_US, Math.max(0, latencyUs));
        Bucket b = at(scheduledNs);
        b.outcomes.merge(key, 1L, Long::sum);
        at(scheduledNs + us * 1000).completed++;
        if (measured(scheduledNs)) {
            outcomesMeasured.merge(key, 1L, Long::sum);
            allOutcomes.recordValue(us);
            if (kind.equals("answered")) answered.recordValue(us);
            if (key.equals("answered/model")) modelAnswered.recordValue(us);
            if (key.equals("answered/overload")) shedAtOnce.recordValue(us);
            b.latency.recordValue(us);
            if (question) {
                questions++;
                // answered (model, fallback, or the fallback at once) or merged into an answer: the viewer heard the answer
                boolean spoken = kind.equals("answered") || kind.equals("merged");
                if (spoken) questionsSpoken++;
                if (spoken && us <= COVERED_WITHIN_US) questionsSpokenInTime++;
            }
        }
    }

    /** Time from the scheduled send to the first reply frame of a sampled room's message, as the client saw it. */
    public synchronized void firstReply(long scheduledNs, long clientUs) {
        if (!measured(scheduledNs)) return;
        firstReply.recordValue(Math.min(MAX_US, Math.max(0, clientUs)));
    }

    /** Time from the scheduled send to the first segment frame of a sampled room's message, as the client saw it. */
    public synchronized void firstSegment(long scheduledNs, long clientUs) {
        if (!measured(scheduledNs)) return;
        firstSegment.recordValue(Math.min(MAX_US, Math.max(0, clientUs)));
    }

    public synchronized void duplicateOutcome(boolean conflicting) {
        duplicateOutcomes++;
        if (conflicting) conflictingOutcomes++;
    }

    public synchronized void polled(boolean found) {
        polls++;
        if (!found) pollsNotFound++;
    }

    /** The buckets up to {@code lastS} seconds. */
    public synchronized List<Bucket> buckets(int lastS) {
        return List.copyOf(buckets.subList(0, Math.min(buckets.size(), lastS / bucketS + 1)));
    }
}
