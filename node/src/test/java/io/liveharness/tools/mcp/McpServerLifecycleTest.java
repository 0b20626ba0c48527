package io.liveharness.tools.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.api.Addresses;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.McpConfig;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.node.Node;
import io.liveharness.harness.HarnessRef;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node runs the MCP servers its conf declares, one instance per name, and only while a harness
 * version that a channel, pin or experiment uses names it.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class McpServerLifecycleTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Many refreshes of a test node (refreshMs 50): long enough for a server it wrongly starts to show. */
    private static final long SEVERAL_REFRESHES_MS = 1_500;

    @AfterEach
    void noServerLeftBehind() {
        assertTrue(EverythingServer.killLeftovers().isEmpty(), "the node stopped every MCP server it started");
    }

    private static NodeConfig node(Path dir, Map<String, String> sides) {
        Map<String, NodeConfig.McpServerConfig> servers = new LinkedHashMap<>();
        sides.forEach((name, side) -> servers.put(name, EverythingServer.conf(Map.of("SIDE", side))));
        return TestNodes.withHarnessDir(TestNodes.config(), dir).withMcp(new McpConfig(servers));
    }

    /** The files of {@code harness} with {@code mcpServers: [...]} appended and a marker making it a new version. */
    private static HarnessFiles naming(Path harness, String servers, String marker) throws Exception {
        var files = new TreeMap<>(HarnessFiles.fromDirectory(harness).files());
        String yaml = Files.readString(harness.resolve("harness.yaml")).replaceAll("(?m)^mcpServers:.*\\n", "");
        files.put("harness.yaml", (yaml + "mcpServers: " + servers + "\n").getBytes(StandardCharsets.UTF_8));
        files.put("prompts/rules.md", ("## Rules " + marker + "\n{{prohibitions}}\n").getBytes(StandardCharsets.UTF_8));
        return new HarnessFiles(marker, files);
    }

    /** A wait for what the node's refreshes bring about, named {@code what} in a failure. */
    private static ConditionFactory eventually(String what) {
        return Awaitility.await(what).atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofMillis(50));
    }

    private static JsonNode env(Node node, String tool) throws Exception {
        ToolResult r = node.vertx().eventBus().<ToolResult>request(Addresses.tool(tool), new ToolCall("dress-room", tool, "{}"))
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).body();
        assertTrue(r.ok(), r.toString());
        return JSON.readTree(r.contentJson());
    }

    @Test
    void aServerRunsOnlyWhileAVersionThatAChannelOrPinUsesNamesIt(@TempDir Path dir) throws Exception {
        Path harness = TestNodes.copyDefaultHarness(dir);
        try (Node node = TestNodes.start(node(dir, Map.of("promo", "promo")))) {
            String stable = node.harnesses().routing().channels().get("stable");
            String idle = node.harnesses().publish(naming(harness, "[promo]", "idle")).version();

            Thread.sleep(SEVERAL_REFRESHES_MS);
            assertEquals(List.of(), EverythingServer.running(), "the server of a stored version nothing uses was started");

            node.harnesses().setChannel("canary", idle);
            eventually("the canary's server starts").until(() -> EverythingServer.running().size() == 1);
            ProcessHandle server = EverythingServer.running().getFirst();

            node.harnesses().pin("dress-room", Pin.version(idle));
            node.harnesses().setChannel("canary", stable);
            Thread.sleep(SEVERAL_REFRESHES_MS);
            assertTrue(server.isAlive(), "a pinned room still uses the version: its server keeps running");
            assertEquals(List.of(server), EverythingServer.running());

            node.harnesses().unpin("dress-room");
            eventually("the server stops once no version in use names it").until(() -> !server.isAlive());
            assertEquals(List.of(), EverythingServer.running());
        }
    }

    @Test
    void aStableRoomAndACanaryRoomUsingDifferentServersNeverCross(@TempDir Path dir) throws Exception {
        Path harness = TestNodes.copyDefaultHarness(dir);
        Files.writeString(harness.resolve("harness.yaml"), Files.readString(harness.resolve("harness.yaml")) + "mcpServers: [side-a]\n");
        try (Node node = TestNodes.start(node(dir, Map.of("side-a", "a", "side-b", "b")))) {
            String canary = node.harnesses().publish(naming(harness, "[side-b]", "canary")).version();
            node.harnesses().setChannel("canary", canary);
            // A third version naming side-a shares its one instance rather than starting another.
            String alsoA = node.harnesses().publish(naming(harness, "[side-a]", "also-a")).version();
            node.harnesses().pin("tech-room", Pin.version(alsoA));

            Http http = Http.operator(node.port());
            eventually("both servers' tools are discovered").until(() -> {
                String body = http.get("/v1/harness").body();
                return body.contains("side-a__get-env") && body.contains("side-b__get-env");
            });
            Thread.sleep(SEVERAL_REFRESHES_MS);
            assertEquals(2, EverythingServer.running().size(), "one process per conf server, however many versions name it");

            assertEquals(List.of("side-a"), node.harnesses().resolve("dress-room", HarnessRef.STABLE).harness().mcpServers());
            assertEquals(List.of("side-b"), node.harnesses().resolve("snack-room", new HarnessRef("canary", null)).harness().mcpServers());
            List<String> stableSides = new ArrayList<>();
            List<String> canarySides = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                stableSides.add(env(node, "side-a__get-env").path("SIDE").asText());
                canarySides.add(env(node, "side-b__get-env").path("SIDE").asText());
            }
            assertEquals(List.of("a", "a", "a", "a", "a", "a", "a", "a"), stableSides, "a stable room's calls reach only its server");
            assertEquals(List.of("b", "b", "b", "b", "b", "b", "b", "b"), canarySides, "a canary room's calls reach only its server");

            Set<String> seen = new TreeSet<>();
            env(node, "side-a__get-env").fieldNames().forEachRemaining(seen::add);
            assertEquals(Set.of("PATH", "SIDE"), seen, "a server the node starts sees conf's env and PATH, nothing of the node's");
        }
    }
}
