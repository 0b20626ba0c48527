package io.liveharness.eval.devset;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * How one case is scored, as data. Tool names are the tool verticles' (the canonical names a
 * harness variant may rename), so a rubric keeps its meaning on every variant of a harness.
 *
 * @param facts            each entry a fact the reply must state; {@code |} separates the ways of saying it
 *                         ({@code "159"}, {@code "M码|M"}); numbers match as numbers (159 = 159.0)
 * @param requireTools     tools that must be called (successfully) this turn
 * @param forbidTools      tools that must not be called; {@code "*"} means any tool
 * @param toolArgs         per tool, argument values the call must carry (canonical argument names;
 *                         a value matches case-insensitively as a substring)
 * @param expect           answer, refuse or stay silent
 * @param forbiddenPhrases phrases the reply must not contain
 * @param actionLink       the action link id the reply must point to, or null
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Rubric(List<String> facts, List<String> requireTools, List<String> forbidTools,
                     Map<String, Map<String, String>> toolArgs, Expect expect, List<String> forbiddenPhrases,
                     String actionLink) {
    public static final String ANY_TOOL = "*";

    public Rubric {
        facts = facts == null ? List.of() : List.copyOf(facts);
        requireTools = requireTools == null ? List.of() : List.copyOf(requireTools);
        forbidTools = forbidTools == null ? List.of() : List.copyOf(forbidTools);
        toolArgs = toolArgs == null ? Map.of() : Map.copyOf(toolArgs);
        expect = expect == null ? Expect.ANSWER : expect;
        forbiddenPhrases = forbiddenPhrases == null ? List.of() : List.copyOf(forbiddenPhrases);
    }
}
