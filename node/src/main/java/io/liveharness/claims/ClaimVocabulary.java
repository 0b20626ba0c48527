package io.liveharness.claims;

import io.liveharness.config.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The words the claim reader reads by, from {@code vocabulary.yaml} beside this class: each kind's
 * words in both languages. Words are data; the reading rules are code ({@link ClaimReader}).
 */
public record ClaimVocabulary(Map<String, List<String>> colours, List<String> notColours,
                              Map<String, List<String>> materials, Map<String, List<String>> productKinds, List<String> nameOpeners, List<String> nameWords,
                              List<String> sizes, List<String> sizeCues, List<String> shelfLife, List<String> returns,
                              List<String> warranty, List<String> inStock, List<String> soldOut, List<String> push,
                              List<String> couponPrice, List<String> promises, Map<String, List<String>> promotions,
                              List<String> promotionNumbers, Map<String, List<String>> regions, List<String> remote,
                              List<String> freeShipping, List<String> hostCues, List<String> notNames, List<String> greetings,
                              Negation negation, Refusal refusal) {
    private static final String RESOURCE = "io/liveharness/claims/vocabulary.yaml";

    /**
     * Words that deny a claim: {@code before} it in its clause, at most {@code maxGap} tokens earlier
     * ("没有紫色"), or right {@code after} it ("紫色没有哦"); {@code notNegations} look like one and deny nothing.
     */
    public record Negation(int maxGap, List<String> before, List<String> notNegations, List<String> after) { }

    /**
     * Phrases that decline, conditions that make a clause decline nothing, words that send the viewer
     * back to the platform (a link with them is no pitch), and redirects that decline by handing over.
     */
    public record Refusal(List<String> phrases, List<String> conditions, List<String> inPlatform, List<String> redirects) { }

    public static final ClaimVocabulary DEFAULT = load();

    /** The promotion-figure patterns, compiled, case-insensitive. */
    List<Pattern> promotionPatterns() {
        return promotionNumbers.stream().map(p -> Pattern.compile(p, Pattern.CASE_INSENSITIVE)).toList();
    }

    private static ClaimVocabulary load() {
        try (InputStream in = ClaimVocabulary.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            return Json.YAML.readValue(in, ClaimVocabulary.class);
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + " does not parse: " + e.getMessage(), e);
        }
    }
}
