package io.liveharness.eval.rubric;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.run.Transcript;

/** A deterministic check of one rubric clause against a case's transcript. */
public interface Check {
    String name();

    Metric metric();

    CheckResult check(DevCase c, Transcript t);
}
