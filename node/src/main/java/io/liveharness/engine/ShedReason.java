package io.liveharness.engine;

import java.util.Locale;

/** Why the engine ended a request without a token. */
public enum ShedReason {
    /** The backlog ahead of the request would finish it past its deadline: refused at once, not at the deadline. */
    OVERLOAD,
    /** A guest request got no sequence by its {@link CompletionRequest#admitByNanos()}. */
    ADMISSION,
    /** Its deadline passed while it waited, which the estimate did not foresee. */
    DEADLINE;

    /** The lower-case name, as metrics and outcomes spell it. */
    public String label() { return name().toLowerCase(Locale.ROOT); }
}
