package io.liveharness.eval.report;

/** Small pieces shared by the HTML reports (the templates escape what they show). */
public final class Html {
    public static final String STYLE = """
            <style>body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:1400px}table{border-collapse:collapse;margin:1em 0}
            td,th{border:1px solid #ccc;padding:3px 7px;vertical-align:top;text-align:left}th{background:#f3f3f3}
            .ok{color:#080}.bad{color:#b00}.note{background:#fff4d6;border:1px solid #e5c46b;padding:.6em 1em}
            .num{text-align:right;font-variant-numeric:tabular-nums}small{color:#666}</style>""";

    public static String pct(double d) { return String.format("%.1f%%", 100 * d); }

    public static String mark(boolean ok) { return ok ? "<span class=ok>✓</span>" : "<span class=bad>✗</span>"; }

    private Html() { }
}
