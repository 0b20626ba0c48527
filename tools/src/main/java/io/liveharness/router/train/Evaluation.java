package io.liveharness.router.train;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * How predictions compare with gold labels: accuracy, macro-F1 (the unweighted mean over classes,
 * so small classes count as much as product_qa), per-class precision/recall and the confusion matrix.
 *
 * @param confusion rows are gold labels, columns predicted, both in {@code labels} order
 */
public record Evaluation(List<String> labels, int[][] confusion, int total, double accuracy, double macroF1,
                         List<ClassStats> perClass) {

    public record ClassStats(String label, int support, double precision, double recall, double f1) { }

    public static Evaluation of(List<String> gold, List<String> predicted) {
        if (gold.size() != predicted.size() || gold.isEmpty()) throw new IllegalArgumentException("need equal, non-empty lists");
        TreeSet<String> all = new TreeSet<>(gold);
        all.addAll(predicted);
        List<String> labels = List.copyOf(all);
        int k = labels.size();
        int[][] m = new int[k][k];
        int correct = 0;
        for (int i = 0; i < gold.size(); i++) {
            int g = labels.indexOf(gold.get(i));
            int p = labels.indexOf(predicted.get(i));
            m[g][p]++;
            if (g == p) correct++;
        }
        List<ClassStats> stats = new ArrayList<>();
        double f1Sum = 0;
        int withSupport = 0;
        for (int c = 0; c < k; c++) {
            int tp = m[c][c];
            int support = 0;
            int predictedAs = 0;
            for (int j = 0; j < k; j++) {
                support += m[c][j];
                predictedAs += m[j][c];
            }
            double precision = predictedAs == 0 ? 0 : (double) tp / predictedAs;
            double recall = support == 0 ? 0 : (double) tp / support;
            double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
            stats.add(new ClassStats(labels.get(c), support, precision, recall, f1));
            // a label only ever predicted, never gold, is not a class of the test set
            if (support > 0) {
                f1Sum += f1;
                withSupport++;
            }
        }
        return new Evaluation(labels, m, gold.size(), (double) correct / gold.size(), f1Sum / withSupport, List.copyOf(stats));
    }

    public String summaryLine() {
        return "accuracy=%.4f macro_f1=%.4f n=%d".formatted(accuracy, macroF1, total);
    }
}
