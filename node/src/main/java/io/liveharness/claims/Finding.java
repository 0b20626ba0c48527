package io.liveharness.claims;

/** A claim with the verdict of the turn's facts on it, and why, in words a model or an operator can act on. */
public record Finding(Claim claim, Verdict verdict, String reason) {
    public boolean isFalse() { return verdict == Verdict.FALSE; }
}
