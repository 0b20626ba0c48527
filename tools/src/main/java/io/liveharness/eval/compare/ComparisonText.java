package io.liveharness.eval.compare;

import java.util.Locale;

/** A comparison as an operator reads it in a terminal. */
public final class ComparisonText {

    public static String render(Comparison c) {
        StringBuilder s = new StringBuilder();
        s.append("B = ").append(c.runB()).append(" (").append(c.harnessB()).append(")  vs  A = ").append(c.runA()).append(" (")
                .append(c.harnessA()).append("), ").append(c.cases()).append(" paired cases");
        if (!c.onlyInOne().isEmpty()) s.append(", ").append(c.onlyInOne().size()).append(" in one run only (left out)");
        s.append("\n");
        s.append(String.format(Locale.ROOT, "%-14s %8s %8s %9s   %s%n", "metric", "A", "B", "B-A", "95% CI (paired bootstrap, " + c.resamples() + " resamples, seed " + c.seed() + ")"));
        c.deltas().forEach((m, d) -> s.append(String.format(Locale.ROOT, "%-14s %7.1f%% %7.1f%% %+8.1f   [%+.1f, %+.1f]%s%n", m, 100 * d.a(), 100 * d.b(),
                100 * d.delta(), 100 * d.low(), 100 * d.high(), d.significant() ? "  significant" : "")));
        s.append("flipped cases: ").append(c.flips().size()).append("\n");
        c.flipsByIntent().forEach((intent, byMetric) -> byMetric.forEach((m, n) ->
                s.append(String.format(Locale.ROOT, "  %-14s %-14s fixed %3d  broken %3d%n", intent, m, n.fixed(), n.broken()))));
        if (!c.regressionsByKind().isEmpty()) {
            s.append("newly failing cases by failure kind:\n");
            c.regressionsByKind().forEach((k, n) -> s.append(String.format(Locale.ROOT, "  %-22s %3d%n", k, n)));
        }
        int shown = 0;
        for (Comparison.Flip f : c.flips()) {
            if (shown++ == 20) {
                s.append("  ... ").append(c.flips().size() - 20).append(" more in the comparison file\n");
                break;
            }
            s.append(String.format(Locale.ROOT, "  %-34s %-13s %s -> %s %s%n", f.caseId(), f.metric(), f.before() ? "pass" : "fail",
                    f.after() ? "pass" : "fail", f.after() ? "" : f.failuresAfter()));
        }
        return s.toString();
    }

    private ComparisonText() { }
}
