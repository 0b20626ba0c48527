package io.liveharness.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What changed between two harness versions, file by file, as unified-style line diffs: what an
 * operator reads before moving a channel.
 */
public final class HarnessDiff {

    public static String between(HarnessFiles a, HarnessFiles b) {
        StringBuilder out = new StringBuilder();
        TreeSet<String> paths = new TreeSet<>(a.files().keySet());
        paths.addAll(b.files().keySet());
        for (String path : paths) {
            String x = a.text(path);
            String y = b.text(path);
            if (x != null && x.equals(y)) continue;
            if (x == null) out.append("added   ").append(path).append('\n');
            else if (y == null) out.append("removed ").append(path).append('\n');
            else out.append("changed ").append(path).append('\n');
            for (String line : lines(x == null ? "" : x, y == null ? "" : y)) out.append("    ").append(line).append('\n');
        }
        return out.isEmpty() ? "no differences\n" : out.toString();
    }

    /** A line diff by longest common subsequence: "-" lines only in a, "+" lines only in b. */
    static List<String> lines(String a, String b) {
        String[] x = a.isEmpty() ? new String[0] : a.split("\n", -1);
        String[] y = b.isEmpty() ? new String[0] : b.split("\n", -1);
        int[][] lcs = new int[x.length + 1][y.length + 1];
        for (int i = x.length - 1; i >= 0; i--) {
            for (int j = y.length - 1; j >= 0; j--) {
                lcs[i][j] = x[i].equals(y[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < x.length || j < y.length) {
            if (i < x.length && j < y.length && x[i].equals(y[j])) { i++; j++; }
            else if (j < y.length && (i == x.length || lcs[i][j + 1] >= lcs[i + 1][j])) out.add("+ " + y[j++]);
            else out.add("- " + x[i++]);
        }
        return out;
    }

    private HarnessDiff() { }
}
