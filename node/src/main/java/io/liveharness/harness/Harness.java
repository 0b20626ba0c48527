package io.liveharness.harness;

import io.liveharness.router.Intent;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One immutable harness version, h = (S, T, P, K): skills, tools, the prompt pipeline and hooks,
 * plus the global prohibitions the prompt states and the MCP servers that add tools at run time.
 *
 * @param version     content hash: two harnesses with the same files have the same version
 * @param mcpServers  names of MCP servers the node's conf declares ({@code mcp.servers}); a harness
 *                    never says what runs, only which of the node's servers its skills may call
 * @param corrections the words the pipeline wraps around what it tells the model
 */
public record Harness(String name, String version, String description, List<String> prohibitions,
                      List<Skill> skills, List<ToolSpec> tools, PromptSpec prompt, List<HookSpec> hooks,
                      List<String> mcpServers, Corrections corrections) {
    /** What an MCP server name may be: it becomes part of tool names and bus addresses. */
    public static final String MCP_SERVER_NAME = "[A-Za-z0-9][A-Za-z0-9_-]{0,47}";
    /**
     * Between an MCP server's name and its tool's: {@code promo__get-coupon}. Model tool-name rules
     * usually allow only [A-Za-z0-9_-].
     */
    public static final String MCP_TOOL_SEPARATOR = "__";

    /** The skill that serves an intent; the highest priority wins when several do. */
    public Optional<Skill> skillFor(Intent intent) {
        return skills.stream()
                .filter(s -> s.intents().contains(intent))
                .max(Comparator.comparingInt(Skill::priority));
    }

    public Optional<ToolSpec> tool(String toolName) {
        return tools.stream().filter(t -> t.name().equals(toolName)).findFirst();
    }
}
