package io.liveharness.eval.rubric;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the judge model said about one case. {@code accurate}/{@code effective} are null when the
 * judge's answer could not be read; the deterministic checks decide alone then, and {@code error} says why.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JudgeVerdict(Boolean accurate, Boolean effective, String reason, String model, String error) { }
