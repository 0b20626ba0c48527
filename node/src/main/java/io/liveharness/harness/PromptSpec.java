package io.liveharness.harness;

import java.util.List;

/** The prompt pipeline (P): its ordered sections and the token budget of the system prompt. */
public record PromptSpec(int tokenBudget, List<PromptSection> sections) {
    public static final int DEFAULT_TOKEN_BUDGET = 1200;
}
