package io.liveharness.eval;

import io.liveharness.eval.rubric.JudgeVerdict;

/** Reaches the judge's parser, which is package-private to the rubric. */
final class JudgeVerdictParsing {
    static JudgeVerdict parse(String text) { return io.liveharness.eval.rubric.JudgeAccess.parse(text); }

    private JudgeVerdictParsing() { }
}
