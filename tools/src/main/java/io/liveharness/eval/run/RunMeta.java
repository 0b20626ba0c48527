package io.liveharness.eval.run;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a run ran: the harness version, the model, the dev set (and its SHA-256), the judge, when
 * and how long.
 *
 * @param testModel true when the model's text carries no meaning (the tiny test model): the scores
 *                  then say nothing about answer quality
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunMeta(String id, String harnessVersion, String harnessSource, String model, boolean testModel,
                      String devSet, String devSetSha256, String judge, String startedAt, long wallMs, String command) { }
