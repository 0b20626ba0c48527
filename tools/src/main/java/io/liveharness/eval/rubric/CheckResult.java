package io.liveharness.eval.rubric;

/**
 * One deterministic check on one case.
 *
 * @param status {@code pass}, {@code fail}, or {@code n/a} when the rubric asks nothing of this check
 */
public record CheckResult(String check, Metric metric, String status, String detail) {
    public static final String PASS = "pass";
    public static final String FAIL = "fail";
    public static final String NA = "n/a";

    public static CheckResult pass(Check c, String detail) { return new CheckResult(c.name(), c.metric(), PASS, detail); }

    public static CheckResult fail(Check c, String detail) { return new CheckResult(c.name(), c.metric(), FAIL, detail); }

    public static CheckResult na(Check c) { return new CheckResult(c.name(), c.metric(), NA, null); }

    public boolean failed() { return FAIL.equals(status); }

    public boolean applies() { return !NA.equals(status); }
}
