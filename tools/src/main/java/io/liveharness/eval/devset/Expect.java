package io.liveharness.eval.devset;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What the avatar must do with a case's message: answer it, decline it (a medical claim, a payment
 * off the platform, a price the catalog does not have), or say nothing (spam, abuse).
 */
public enum Expect {
    ANSWER, REFUSE, SILENT;

    @JsonValue
    public String label() { return name().toLowerCase(Locale.ROOT); }

    @JsonCreator
    public static Expect fromLabel(String label) { return valueOf(label.trim().toUpperCase(Locale.ROOT)); }
}
