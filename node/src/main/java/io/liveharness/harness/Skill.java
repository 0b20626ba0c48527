package io.liveharness.harness;

import io.liveharness.router.Intent;

import java.util.List;
import java.util.Map;

/**
 * One skill (S): a folder in the Agent Skills format, {@code SKILL.md} with YAML front matter.
 * Only {@link #name} and {@link #description} go into every prompt; the {@link #body} is loaded
 * into the prompt only when the skill is active for a request (progressive disclosure).
 *
 * @param metadata the format's free string map; our own fields live there: {@code intents}
 *                 (the router intents it serves), {@code priority}, {@code fallback} and
 *                 {@code fallback-<language>} ({@code fallback-en}: the template for a viewer who
 *                 writes in English), {@code declines} (the must-refuse classes it answers:
 *                 {@code medical off-platform contact})
 * @param intents  parsed from {@code metadata.intents}
 * @param fallback a reply template said when the model fails, {@code {field}} of the product on stage
 */
public record Skill(String name, String description, String license, String compatibility,
                    Map<String, String> metadata, List<String> allowedTools, List<Intent> intents,
                    int priority, String fallback, String body) {

    /**
     * The must-refuse classes this skill answers ({@code metadata.declines}, labels of
     * {@link io.liveharness.router.question.Question.Decline}); the loader has checked each.
     */
    public List<String> declines() {
        String d = metadata.getOrDefault("declines", "").strip();
        return d.isEmpty() ? List.of() : List.of(d.split("[\\s,]+"));
    }

    /** The metadata key of the fallback template for viewers writing in {@code language}. */
    public static String fallbackKey(String language) { return "fallback-" + language; }

    /** The fallback template for a viewer writing in {@code language}: its own where the skill has one, else {@link #fallback}. */
    public String fallbackIn(String language) {
        String own = metadata.get(fallbackKey(language));
        return own == null || own.isBlank() ? fallback : own;
    }
}
