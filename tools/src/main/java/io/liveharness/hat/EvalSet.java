package io.liveharness.hat;

/** Where an arm is measured: the dev set on the default harness, and on two kinds of held-out variants. */
public enum EvalSet {
    DEFAULT("default", "default harness"),
    /** Held-out variants (a seed no training data used) with every transformation. */
    VARIANTS("variants", "variants (all)"),
    /** Held-out variants made with only the family the HSA data never saw. */
    WITHHELD("withheld", "variants (withheld family only)");

    private final String id;
    private final String title;

    EvalSet(String id, String title) {
        this.id = id;
        this.title = title;
    }

    public String id() { return id; }

    public String title() { return title; }
}
