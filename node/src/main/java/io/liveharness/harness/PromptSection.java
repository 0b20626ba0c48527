package io.liveharness.harness;

/**
 * One section of the system prompt (P), rendered per request from its template.
 *
 * @param stable   true when the section's text is the same for every request of a room (persona,
 *                 prohibitions, skill catalog, tool schemas): stable sections come first, so a
 *                 backend can reuse the room's KV prefix
 * @param trimRank for a volatile section, its place in the trimming order when the prompt is over
 *                 its token budget: lower ranks lose lines first
 */
public record PromptSection(String name, String template, boolean stable, int trimRank, String file, int line) {
}
