package io.liveharness.harness;

import java.util.List;
import java.util.Map;

/**
 * An MCP server a harness version discovers promotion tools from.
 *
 * @param transport {@code stdio} (command) or {@code http} (streamable HTTP at url)
 */
public record McpServerDeclaration(String name, String transport, List<String> command, Map<String, String> env,
                                   String url, Long timeoutMs) {
}
