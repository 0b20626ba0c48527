package io.liveharness.harness;

import java.util.List;

/**
 * One skill (S): an Agent Skills folder. Only {@link #name} and {@link #description} go into every
 * prompt; the body is loaded when the skill is active for a request.
 *
 * @param intents  the router intents this skill serves (our field, under {@code metadata.intents})
 * @param fallback a reply template built from the product on stage, said when the model fails
 *                 ({@code metadata.fallback}); placeholders are {@code {field}} of the product
 */
public record Skill(String name, String description, List<String> allowedTools, List<String> intents,
                    int priority, String fallback, String body) {
}
