package io.liveharness.eval.run;

import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.rubric.CaseScore;

/** One case of a run as its file {@code cases/<id>.json} holds it: the case, what happened, the scores. */
public record CaseRecord(DevCase devCase, Transcript transcript, CaseScore score) { }
