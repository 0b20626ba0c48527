package io.liveharness.eval.run;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What a run ran: the harness version, the model, the dev set (and its SHA-256), the judge, when
 * and how long.
 *
 * @param testModel true when the model's text carries no meaning (the tiny test model): the scores
 *                  then say nothing about answer quality
 * @param command   the command that ran the cases (for a re-scored run, the source run's)
 * @param rescored  for a run re-scored from another's transcripts, where from and how; null for a run that ran its cases
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunMeta(String id, String harnessVersion, String harnessSource, String model, boolean testModel,
                      String devSet, String devSetSha256, String judge, String startedAt, long wallMs, String command,
                      Rescored rescored) {

    public RunMeta(String id, String harnessVersion, String harnessSource, String model, boolean testModel, String devSet,
                   String devSetSha256, String judge, String startedAt, long wallMs, String command) {
        this(id, harnessVersion, harnessSource, model, testModel, devSet, devSetSha256, judge, startedAt, wallMs, command, null);
    }

    /**
     * A re-scoring: the transcripts of run {@code sourceId} (folder {@code sourceDir}) scored again
     * by the checks of the code that ran {@code command} at {@code at}; a stored judge verdict is
     * kept, not asked again.
     *
     * @param notes what the source run did not store and how it was made up for, or could not be
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Rescored(String sourceId, String sourceDir, String at, String command, List<String> notes) {
        public Rescored {
            notes = notes == null ? List.of() : List.copyOf(notes);
        }
    }

    /** The same run under another id, re-scored. */
    public RunMeta rescoredAs(String newId, Rescored how) {
        return new RunMeta(newId, harnessVersion, harnessSource, model, testModel, devSet, devSetSha256, judge, startedAt, wallMs, command, how);
    }
}
