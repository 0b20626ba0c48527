package io.liveharness.loadtest;

import java.util.Map;
import java.util.TreeMap;

/**
 * What the node's engine says about a load test, read from one scrape of its Prometheus
 * {@code /metrics} after the run: how long the requests it shed (reason {@code overload}) had been at
 * the batcher, which is where "shed at once" is promised (a shed message's outcome may still wait
 * for its room's avatar to finish speaking); the reply length of its generations; and, for an
 * embedded node, its decode ceiling measured on the same engine after the load.
 *
 * @param shedAtBatcher the overload sheds' wait from arrival at the batcher; null if the node serves no such histogram
 * @param generations   generations the engine finished (each with its completion tokens); NaN if not served
 * @param completionTokens their tokens; NaN if not served
 * @param ceiling       the engine's decode ceiling, or null (a remote node: its engine cannot be driven from here)
 */
public record EngineFigures(ShedWait shedAtBatcher, double generations, double completionTokens, Ceiling ceiling) {

    /** The histogram of one shed reason: how many, how many within a second, and bucket bounds of its median and P95. */
    public record ShedWait(long count, long withinOneSecond, double p50AtMostS, double p95AtMostS) { }

    /** {@code tokensPerSecond} with {@code rooms} requests of {@code replyTokens} tokens decoding together. */
    public record Ceiling(int rooms, int replyTokens, double tokensPerSecond) { }

    static final String SHED_WAIT = "liveharness_engine_shed_wait_seconds";
    static final String TOKENS = "liveharness_engine_tokens_total";
    static final String GENERATIONS = "liveharness_engine_tokens_per_second_count";

    /** Mean completion tokens of one generation (a tool call or a reply); NaN when unknown. */
    public double meanTokensPerGeneration() {
        return generations > 0 ? completionTokens / generations : Double.NaN;
    }

    /**
     * Completion tokens the engine wrote per answer by the model: an answer may take several
     * generations (a tool call, then the reply), and the run's failed ones count too. NaN when unknown.
     */
    public double tokensPerModelAnswer(long modelAnswers) {
        return modelAnswers > 0 && completionTokens >= 0 ? completionTokens / modelAnswers : Double.NaN;
    }

    /** The ceiling in answers by the model per second, at this run's tokens per answer; NaN when either is unknown. */
    public double ceilingAnswersPerSecond(long modelAnswers) {
        return ceiling == null ? Double.NaN : ceiling.tokensPerSecond() / tokensPerModelAnswer(modelAnswers);
    }

    public static EngineFigures parse(String metrics, Ceiling ceiling) {
        Map<Double, Double> buckets = new TreeMap<>();
        double shedCount = Double.NaN;
        double generations = Double.NaN;
        double completion = Double.NaN;
        for (PrometheusSample sample : PrometheusSample.parse(metrics)) {
            String series = sample.series();
            double v = sample.value();
            boolean overload = "overload".equals(sample.label("reason"));
            if (series.startsWith(SHED_WAIT + "_bucket{") && overload) {
                String le = sample.label("le");
                if (le != null) buckets.put(le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le), v);
            } else if (series.startsWith(SHED_WAIT + "_count{") && overload) {
                shedCount = v;
            } else if (series.startsWith(TOKENS + "{") && "completion".equals(sample.label("kind"))) {
                completion = v;
            } else if (sample.name().equals(GENERATIONS)) {
                generations = v;
            }
        }
        ShedWait shed = Double.isNaN(shedCount) ? null : new ShedWait((long) shedCount,
                Math.round(buckets.getOrDefault(1.0, Double.NaN)), atMost(buckets, shedCount, 0.5), atMost(buckets, shedCount, 0.95));
        return new EngineFigures(shed, generations, completion, ceiling);
    }

    /** The smallest bucket bound that holds at least {@code q} of the count (NaN for none recorded). */
    private static double atMost(Map<Double, Double> cumulative, double count, double q) {
        if (!(count > 0)) return Double.NaN;
        for (var e : cumulative.entrySet()) if (e.getValue() >= q * count) return e.getKey();
        return Double.POSITIVE_INFINITY;
    }
}
