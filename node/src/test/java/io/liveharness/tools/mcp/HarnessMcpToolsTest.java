package io.liveharness.tools.mcp;

import io.liveharness.api.Addresses;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.liveharness.config.NodeConfig.McpConfig;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server the node's conf declares and its stable harness names: its tools are discovered, named for the server, callable like local ones. */
class HarnessMcpToolsTest {

    @AfterEach
    void noServerLeftBehind() {
        assertTrue(EverythingServer.killLeftovers().isEmpty(), "the node stopped every MCP server it started");
    }

    @Test
    void theToolsOfAnMcpServerTheHarnessNamesAreDiscoveredAndServed(@TempDir Path dir) throws Exception {
        Path harness = TestNodes.copyDefaultHarness(dir);
        Files.writeString(harness.resolve("harness.yaml"), Files.readString(harness.resolve("harness.yaml")) + "mcpServers: [everything]\n");
        replace(harness.resolve("skills/promotions/SKILL.md"), "allowed-tools: coupon_rules product_lookup",
                "allowed-tools: coupon_rules product_lookup everything__echo");
        var config = TestNodes.withHarnessDir(TestNodes.config(), dir)
                .withMcp(new McpConfig(Map.of("everything", EverythingServer.conf(Map.of()))));
        try (Node node = TestNodes.start(config)) {
            Http http = Http.operator(node.port());
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                String harnesses = http.get("/v1/harness").body();
                assertTrue(harnesses.contains("everything__echo"), "the MCP tools were not discovered: " + harnesses);
            });
            ToolResult r = node.vertx().eventBus().<ToolResult>request(Addresses.tool("everything__echo"),
                            new ToolCall("dress-room", "everything__echo", "{\"message\":\"满200减20\"}"))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).body();
            assertTrue(r.ok(), r.toString());
            assertTrue(r.contentJson().contains("满200减20"), r.contentJson());
            assertEquals("everything__echo", r.name());
        }
    }

    private static void replace(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        if (!text.contains(from)) throw new AssertionError(file + " lacks " + from);
        Files.writeString(file, text.replace(from, to));
    }
}
