package io.liveharness.eval.augment;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes N variants of one harness version: every transformation applied to each, each
 * transformation with a random of its own derived from (seed, variant, transformation), so a
 * variant is reproducible and adding a transformation does not reshuffle the others.
 */
public final class HarnessAugmenter {

    /** One variant: its files and what was changed. */
    public record Variant(int index, HarnessFiles files, List<String> notes) { }

    public static List<Variant> variants(HarnessFiles base, int n, long seed) {
        return variants(base, n, seed, Transformations.all());
    }

    public static List<Variant> variants(HarnessFiles base, int n, long seed, List<Transformation> transformations) {
        String name = HarnessLoader.load(base).name();
        List<Variant> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            HarnessEdit edit = new HarnessEdit(base);
            for (int t = 0; t < transformations.size(); t++) {
                transformations.get(t).apply(edit, new Random(seed * 1_000_003L + i * 1_009L + t));
            }
            ObjectNode manifest = edit.manifest();
            String variantName = (name + "-hsa" + i).length() > 64 ? "hsa" + i : name + "-hsa" + i;
            manifest.put("name", variantName);
            manifest.put("description", "Harness-State Augmentation variant " + i + " of " + name + " (seed " + seed + ")");
            edit.manifest(manifest);
            HarnessFiles files = edit.files(base.origin() + "#hsa" + i);
            HarnessLoader.load(files); // a variant that does not validate is a bug in a transformation: fail here
            out.add(new Variant(i, files, edit.notes()));
        }
        return out;
    }

    private HarnessAugmenter() { }
}
