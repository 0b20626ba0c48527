package io.liveharness.claims;

/** What the facts of a turn say of a claim. */
public enum Verdict {
    /** A fact of the turn says it. */
    BACKED,
    /** The facts say otherwise, or it is a kind of claim only a fact could make true and none does. */
    FALSE,
    /** The facts say nothing either way (a denial of something the facts do not list). */
    UNKNOWN
}
