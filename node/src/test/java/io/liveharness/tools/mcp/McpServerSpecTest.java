package io.liveharness.tools.mcp;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class McpServerSpecTest {
    private static String refusal(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void defaultsAreTheNamedConstants() {
        McpServerSpec spec = McpServerSpec.http("promo", URI.create("http://127.0.0.1:3001/mcp"));
        assertEquals(McpServerSpec.DEFAULT_CALL_TIMEOUT_MS, spec.callTimeoutMs());
        assertEquals(McpServerSpec.DEFAULT_CONNECT_TIMEOUT_MS, spec.connectTimeoutMs());
        assertEquals(McpServerSpec.DEFAULT_RECONNECT_MIN_MS, spec.reconnectMinMs());
        assertEquals(McpServerSpec.DEFAULT_RECONNECT_MAX_MS, spec.reconnectMaxMs());
        assertEquals("echo", spec.publicToolName("echo"));
        assertEquals("promo__echo", spec.withPrefixToolNames(true).publicToolName("echo"));
    }

    @Test
    void eachBadFieldIsRefusedByName() {
        assertEquals("mcp server: 'name' must match [A-Za-z0-9][A-Za-z0-9_-]{0,47}, got 'a b'",
                refusal(() -> McpServerSpec.stdio("a b", List.of("node"), Map.of())));
        assertEquals("mcp server 'p': 'command' must be a non-empty list of non-blank words",
                refusal(() -> McpServerSpec.stdio("p", List.of(), Map.of())));
        assertEquals("mcp server 'p': 'url' must be an absolute http(s) URL, got ftp://x/mcp",
                refusal(() -> McpServerSpec.http("p", URI.create("ftp://x/mcp"))));
        assertEquals("mcp server 'p': 'transport' is required (stdio or http)",
                refusal(() -> new McpServerSpec("p", null, 1, 1, 1, 1, false)));
        assertEquals("mcp server 'p': 'callTimeoutMs' must be > 0, got 0",
                refusal(() -> McpServerSpec.stdio("p", List.of("node"), Map.of()).withCallTimeoutMs(0)));
        assertEquals("mcp server 'p': 'reconnectMaxMs' (10) must be at least 'reconnectMinMs' (20)",
                refusal(() -> McpServerSpec.stdio("p", List.of("node"), Map.of()).withReconnect(20, 10)));
    }

    @Test
    void aConfServerGetsPrefixedToolNamesItsEnvFromConfAndNamesItsConfKeyWhenBad() {
        var conf = new io.liveharness.config.NodeConfig.McpServerConfig(new io.liveharness.config.NodeConfig.McpStdio(
                List.of("node", "/opt/promo/index.js"), Map.of("PROMO_DB", "/var/lib/promo", "DB_PASSWORD", "${PROMO_DB_PASSWORD}")),
                null, null, null, null, null);
        McpServerSpec spec = McpServerSpec.fromConfig("promo", conf, Map.of("PROMO_DB_PASSWORD", "s3cret", "OTHER", "x"));
        assertEquals("promo__echo", spec.publicToolName("echo"), "a conf server's tools are always <server>__<tool>");
        assertEquals(Map.of("PROMO_DB", "/var/lib/promo", "DB_PASSWORD", "s3cret"), ((McpServerSpec.Stdio) spec.transport()).env());
        assertEquals(McpServerSpec.DEFAULT_CALL_TIMEOUT_MS, spec.callTimeoutMs());

        assertEquals("conf mcp.servers.promo: stdio.env.DB_PASSWORD is ${PROMO_DB_PASSWORD}, which the node's environment does not set",
                refusal(() -> McpServerSpec.fromConfig("promo", conf, Map.of())));
        var empty = new io.liveharness.config.NodeConfig.McpServerConfig(
                new io.liveharness.config.NodeConfig.McpStdio(List.of(), Map.of()), null, null, null, null, null);
        assertEquals("conf mcp.servers.promo: mcp server 'promo': 'command' must be a non-empty list of non-blank words",
                refusal(() -> McpServerSpec.fromConfig("promo", empty, Map.of())));
    }
}
