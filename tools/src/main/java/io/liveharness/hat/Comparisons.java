package io.liveharness.hat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.liveharness.eval.compare.Comparison;
import io.liveharness.eval.compare.RunComparer;
import io.liveharness.eval.rubric.CaseScore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's two questions, per eval set, with the eval's paired bootstrap ({@code eval compare}):
 * does HSA-SFT beat fixed-harness SFT, and does the RL stage add to HSA-SFT. Each comparison is
 * written whole to {@code comparisons/}; the step records the deltas and their intervals.
 */
final class Comparisons {
    static final String DIR = "comparisons";
    static final List<Arm[]> PAIRS = List.of(new Arm[]{Arm.FIXED_SFT, Arm.HSA_SFT}, new Arm[]{Arm.HSA_SFT, Arm.HSA_RL});
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    static Map<String, Object> run(HatPlan plan, Map<Arm, Map<EvalSet, List<CaseScore>>> scores, Path out) throws Exception {
        Files.createDirectories(out.resolve(DIR));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Arm[] pair : PAIRS) {
            for (EvalSet set : EvalSet.values()) {
                Comparison c = RunComparer.compare(pair[0].id() + "/" + set.id(), set.id(), scores.get(pair[0]).get(set),
                        pair[1].id() + "/" + set.id(), set.id(), scores.get(pair[1]).get(set), plan.eval().bootstrapSeed(), plan.eval().resamples());
                String file = pair[1].id() + "__vs__" + pair[0].id() + "__" + set.id() + ".json";
                JSON.writeValue(out.resolve(DIR).resolve(file).toFile(), c);
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("a", pair[0].id());
                row.put("b", pair[1].id());
                row.put("set", set.id());
                row.put("pairs", c.cases());
                row.put("deltas", c.deltas());
                row.put("file", DIR + "/" + file);
                rows.add(row);
            }
        }
        return Map.of("comparisons", rows);
    }

    private Comparisons() { }
}
