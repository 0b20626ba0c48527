package io.liveharness.eval.rubric;

/** The judge's answer parser, for callers that have an answer but no judge (tests, offline re-scoring). */
public final class JudgeAccess {
    public static JudgeVerdict parse(String text) { return Judge.parse(text, "offline"); }

    private JudgeAccess() { }
}
