package io.liveharness.api;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** How a viewer message ended. Every accepted message ends in exactly one. */
public enum OutcomeKind {
    ANSWERED, MERGED, DROPPED, FAILED;

    @JsonValue
    public String label() { return name().toLowerCase(Locale.ROOT); }
}
