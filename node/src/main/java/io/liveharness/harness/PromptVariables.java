package io.liveharness.harness;

import java.util.Map;

/**
 * The variables a prompt section's template may use, {@code {{name}}}, and what each holds. The
 * prompt assembly stage provides every one of them; a template naming another is refused when
 * the version is validated.
 */
public final class PromptVariables {
    public static final Map<String, String> ALL = Map.ofEntries(
            Map.entry("persona", "the room's persona, from its manifest"),
            Map.entry("room_title", "the room's title"),
            Map.entry("prohibitions", "the harness's global prohibitions, one per line"),
            Map.entry("skill_catalog", "name and description of every skill"),
            Map.entry("active_skill", "the body of the skill active for this request"),
            Map.entry("tool_schemas", "the tools the active skill may call, with their argument schemas (none on the chitchat path)"),
            Map.entry("product_specs", "the on-stage product in full, the room's other products in a line"),
            Map.entry("faqs", "the room's FAQ entries most relevant to the question"),
            Map.entry("room_state", "what is on stage and the live promotions"),
            Map.entry("streamer_utterances", "what the streamer said recently"));

    public static boolean known(String name) { return ALL.containsKey(name); }

    private PromptVariables() { }
}
