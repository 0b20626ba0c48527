package io.liveharness.loadtest;

import java.util.ArrayList;
import java.util.List;

/**
 * One sample line of a Prometheus text exposition ({@code name{label="v",...} value}), as the
 * node's {@code /metrics} serves it; comments, blank lines and values that are not numbers are skipped.
 */
record PrometheusSample(String series, double value) {

    static List<PrometheusSample> parse(String text) {
        List<PrometheusSample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            int sp = line.lastIndexOf(' ');
            if (sp < 0) continue;
            try {
                out.add(new PrometheusSample(line.substring(0, sp).trim(), Double.parseDouble(line.substring(sp + 1).trim())));
            } catch (NumberFormatException e) {
                // not a sample line
            }
        }
        return out;
    }

    /** The metric's name, without its labels. */
    String name() {
        int brace = series.indexOf('{');
        return brace < 0 ? series : series.substring(0, brace);
    }

    /** The value of one label, or null if the series has none of that name. */
    String label(String label) {
        int i = series.indexOf(label + "=\"");
        if (i < 0) return null;
        int from = i + label.length() + 2;
        return series.substring(from, series.indexOf('"', from));
    }
}
