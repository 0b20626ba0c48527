package io.liveharness.router;

import java.util.Locale;

/**
 * What a viewer message is about. The label is the name used in data files and on the wire.
 * Priority decides the order in a busy room's queue: lower runs first.
 */
public enum Intent {
    PRODUCT_QA(0),
    AFTER_SALES(1),
    CLARIFICATION(1),
    PROMOTION(2),
    LOGISTICS(2),
    COMPLAINT(2),
    CHITCHAT(4),
    SPAM(9);

    private final int priority;

    Intent(int priority) { this.priority = priority; }

    public int priority() { return priority; }

    public String label() { return name().toLowerCase(Locale.ROOT); }

    /** The intent whose label is exactly {@code label}, as harness files must write it. */
    public static java.util.Optional<Intent> byExactLabel(String label) {
        return java.util.Arrays.stream(values()).filter(i -> i.label().equals(label)).findFirst();
    }

    /** Every label, in declaration order, for error messages. */
    public static java.util.List<String> labels() {
        return java.util.Arrays.stream(values()).map(Intent::label).toList();
    }

    public static Intent fromLabel(String label) {
        try {
            return valueOf(label.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown intent label '" + label + "'", e);
        }
    }
}
