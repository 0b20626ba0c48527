package io.liveharness.eval.augment;

import java.util.Random;

/**
 * One task-preserving change of a harness's surface (Harness-State Augmentation, §3): what the
 * model reads changes, what the harness does does not. Explicit and seeded: the same files and the
 * same random give the same variant.
 */
public interface Transformation {
    String name();

    /** What it changes, and why the task stays the same, for docs/eval.md and the variant's notes. */
    String description();

    void apply(HarnessEdit harness, Random random);
}
