package io.liveharness.hat;

/** The three models a plan trains: the report's baseline, its HSA-SFT stage, and its RL stage on top. */
public enum Arm {
    /** SFT on trajectories under the default harness only: the report's fixed-harness SFT. */
    FIXED_SFT("fixed-sft"),
    /** SFT on the same number of tokens spread over augmented harness states, the withheld family left out. */
    HSA_SFT("hsa-sft"),
    /** hsa-sft fine-tuned on its own best-scoring samples over augmented harnesses (expert iteration). */
    HSA_RL("hsa-rl");

    private final String id;

    Arm(String id) { this.id = id; }

    public String id() { return id; }
}
