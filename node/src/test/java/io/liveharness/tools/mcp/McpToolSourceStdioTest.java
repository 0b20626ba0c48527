package io.liveharness.tools.mcp;

import io.liveharness.api.ToolResult;
import io.liveharness.harness.ToolSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class McpToolSourceStdioTest {
    private final List<McpToolSource> sources = new ArrayList<>();

    @BeforeAll
    static void install() { EverythingServer.entry(); }

    @AfterEach
    void cleanUp() {
        sources.forEach(McpToolSource::close);
        List<ProcessHandle> left = EverythingServer.killLeftovers();
        assertTrue(left.isEmpty(), "server processes left running after close: " + left);
    }

    private McpToolSource started(McpServerSpec spec) throws Exception {
        McpToolSource source = new McpToolSource(spec);
        sources.add(source);
        source.start().get(30, TimeUnit.SECONDS);
        return source;
    }

    @Test
    void listsTheServersToolsWithDescriptionsAndInputSchemas() throws Exception {
        McpToolSource source = started(EverythingServer.stdioSpec("everything"));

        List<String> names = source.tools().stream().map(ToolSpec::name).toList();
        assertTrue(names.containsAll(List.of("echo", "get-sum", "trigger-long-running-operation")), names.toString());
        ToolSpec echo = source.tools().stream().filter(t -> t.name().equals("echo")).findFirst().orElseThrow();
        assertEquals("Echoes back the input string", echo.description());
        assertTrue(echo.parametersSchemaJson().contains("\"message\""), echo.parametersSchemaJson());
    }

    @Test
    void callsEchoAndGetSumAndReturnsTheirTextAsJson() throws Exception {
        McpToolSource source = started(EverythingServer.stdioSpec("everything"));

        ToolResult echo = source.call("echo", "{\"message\":\"hello room\"}").get(10, TimeUnit.SECONDS);
        assertEquals(ToolResult.ok("echo", "\"Echo: hello room\""), echo);
        ToolResult sum = source.call("get-sum", "{\"a\":2,\"b\":40}").get(10, TimeUnit.SECONDS);
        assertEquals(ToolResult.ok("get-sum", "\"The sum of 2 and 40 is 42.\""), sum);
    }

    @Test
    void theServerProcessSeesOnlyPathAndTheEnvironmentItsSpecGivesIt() throws Exception {
        assertTrue(System.getenv().keySet().stream().anyMatch(k -> !k.equals("PATH")),
                "precondition: the test JVM has variables besides PATH (that the child must not see)");
        McpToolSource source = started(McpServerSpec.stdio("envcheck",
                List.of("node", EverythingServer.entry().toString(), "stdio"), java.util.Map.of("PROMO_DB", "/var/lib/promo")));

        ToolResult env = source.call("get-env", "{}").get(10, TimeUnit.SECONDS);

        assertTrue(env.ok(), env.toString());
        com.fasterxml.jackson.databind.JsonNode seen = new com.fasterxml.jackson.databind.ObjectMapper().readTree(env.contentJson());
        java.util.Set<String> names = new java.util.TreeSet<>();
        seen.fieldNames().forEachRemaining(names::add);
        assertEquals(java.util.Set.of("PATH", "PROMO_DB"), names, "the child's environment");
        assertEquals(System.getenv("PATH"), seen.path("PATH").asText());
        assertEquals("/var/lib/promo", seen.path("PROMO_DB").asText());
    }

    @Test
    void prefixesToolNamesWithTheServerNameWhenTheSpecSaysSo() throws Exception {
        McpToolSource source = started(EverythingServer.stdioSpec("promo").withPrefixToolNames(true));

        assertTrue(source.tools().stream().allMatch(t -> t.name().startsWith("promo__")), source.tools().toString());
        ToolResult echo = source.call("promo__echo", "{\"message\":\"x\"}").get(10, TimeUnit.SECONDS);
        assertEquals(ToolResult.ok("promo__echo", "\"Echo: x\""), echo);
    }

    @Test
    void badArgumentsComeBackAsAnErrorResultNotAnException() throws Exception {
        McpToolSource source = started(EverythingServer.stdioSpec("everything"));

        ToolResult wrongType = source.call("get-sum", "{\"a\":\"two\",\"b\":1}").get(10, TimeUnit.SECONDS);
        assertFalse(wrongType.ok());
        assertTrue(wrongType.error().contains("a"), wrongType.error());
        ToolResult notJson = source.call("echo", "{message").get(10, TimeUnit.SECONDS);
        assertFalse(notJson.ok());
        assertTrue(notJson.error().startsWith("arguments are not a JSON object"), notJson.error());
        ToolResult unknown = source.call("no-such-tool", "{}").get(10, TimeUnit.SECONDS);
        assertEquals(ToolResult.error("no-such-tool", "MCP server 'everything' has no tool 'no-such-tool'"), unknown);
        assertTrue(source.connected(), "a bad call must not cost the connection");
    }

    @Test
    void aCallSlowerThanTheCallTimeoutIsAnErrorNamingTheTimeout() throws Exception {
        McpToolSource source = started(EverythingServer.stdioSpec("everything").withCallTimeoutMs(500));

        long t0 = System.nanoTime();
        ToolResult slow = source.call("trigger-long-running-operation", "{\"duration\":5,\"steps\":1}")
                .get(10, TimeUnit.SECONDS);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

        assertEquals(ToolResult.error("trigger-long-running-operation",
                "MCP server 'everything' tool 'trigger-long-running-operation' timed out after 500 ms"), slow);
        assertTrue(tookMs < 3_000, "answered after " + tookMs + " ms");
        assertEquals("\"Echo: still here\"", source.call("echo", "{\"message\":\"still here\"}").get(10, TimeUnit.SECONDS).contentJson());
    }

    @Test
    void aKilledServerFailsTheNextCallClearlyThenIsRestartedAndServesAgain() throws Exception {
        McpToolSource source = started(EverythingServer.stdioSpec("everything"));
        ProcessHandle first = source.serverProcess().orElseThrow();

        first.destroyForcibly();
        first.onExit().get(10, TimeUnit.SECONDS);
        ToolResult during = source.call("echo", "{\"message\":\"anyone?\"}").get(10, TimeUnit.SECONDS);

        assertFalse(during.ok());
        assertTrue(during.error().startsWith("MCP server 'everything' is unavailable ("), during.error());
        assertTrue(during.error().endsWith("reconnecting"), during.error());
        ToolResult after = eventuallyOk(source, "echo", "{\"message\":\"back\"}");
        assertEquals("\"Echo: back\"", after.contentJson());
        ProcessHandle second = source.serverProcess().orElseThrow();
        assertNotEquals(first.pid(), second.pid());
        assertTrue(second.isAlive());
    }

    @Test
    void closeStopsTheServerProcess() throws Exception {
        McpToolSource source = started(EverythingServer.stdioSpec("everything"));
        ProcessHandle process = source.serverProcess().orElseThrow();

        source.close();

        assertFalse(process.isAlive(), "pid " + process.pid() + " still alive after close");
        ToolResult closed = source.call("echo", "{\"message\":\"x\"}").get(1, TimeUnit.SECONDS);
        assertEquals(ToolResult.error("echo", "MCP server 'everything' is closed"), closed);
    }

    @Test
    void theServersListChangedNotificationReachesTheConnectionWithTheNewList() throws Exception {
        // The reference server registers simulate-research-query only once it has seen `initialized`,
        // and announces it with notifications/tools/list_changed.
        List<List<String>> told = new CopyOnWriteArrayList<>();
        try (McpConnection connection = McpConnection.open(EverythingServer.stdioSpec("everything"),
                tools -> told.add(tools.stream().map(t -> t.name()).toList()))) {
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                    .untilAsserted(() -> assertFalse(told.isEmpty(), "no tools/list_changed reached the client"));
            assertTrue(told.getLast().contains("simulate-research-query"), told.toString());
        }
    }

    @Test
    void theSourceTellsItsListenerTheToolList() throws Exception {
        McpToolSource source = new McpToolSource(EverythingServer.stdioSpec("everything"));
        sources.add(source);
        List<List<ToolSpec>> told = new CopyOnWriteArrayList<>();
        source.onToolsChanged(told::add);

        source.start().get(30, TimeUnit.SECONDS);
        // Whether the initial list or the list_changed after it brings the late tool is a race: wait.
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            assertFalse(told.isEmpty(), "the listener was told no tool list");
            assertTrue(told.getLast().stream().anyMatch(t -> t.name().equals("simulate-research-query")), told.toString());
        });
        assertEquals(source.tools(), told.getLast());
    }

    static ToolResult eventuallyOk(McpToolSource source, String tool, String args) throws Exception {
        return await("an ok result of " + tool).atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> source.call(tool, args).get(15, TimeUnit.SECONDS), ToolResult::ok);
    }
}
