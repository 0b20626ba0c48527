package io.liveharness.tools.mcp;

import io.liveharness.api.ToolResult;
import io.liveharness.harness.ToolSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 90, unit = TimeUnit.SECONDS)
class McpToolSourceHttpTest {
    private int port;
    private Process server;
    private McpToolSource source;

    @BeforeAll
    static void install() { EverythingServer.entry(); }

    @BeforeEach
    void startServer() throws Exception {
        port = EverythingServer.freePort();
        server = EverythingServer.startHttp(port);
    }

    @AfterEach
    void cleanUp() {
        if (source != null) source.close();
        EverythingServer.stop(server);
        List<ProcessHandle> left = EverythingServer.killLeftovers();
        assertTrue(left.isEmpty(), "server processes left running: " + left);
    }

    @Test
    void listsAndCallsToolsOverStreamableHttpOnALoopbackPort() throws Exception {
        source = new McpToolSource(EverythingServer.httpSpec("everything", port));
        List<ToolSpec> tools = source.start().get(30, TimeUnit.SECONDS);

        List<String> names = tools.stream().map(ToolSpec::name).toList();
        assertTrue(names.containsAll(List.of("echo", "get-sum")), names.toString());
        assertEquals(ToolResult.ok("echo", "\"Echo: over http\""),
                source.call("echo", "{\"message\":\"over http\"}").get(10, TimeUnit.SECONDS));
        assertEquals(ToolResult.ok("get-sum", "\"The sum of 1.5 and 2 is 3.5.\""),
                source.call("get-sum", "{\"a\":1.5,\"b\":2}").get(10, TimeUnit.SECONDS));
    }

    @Test
    void badArgumentsOverHttpAreAnErrorResult() throws Exception {
        source = new McpToolSource(EverythingServer.httpSpec("everything", port));
        source.start().get(30, TimeUnit.SECONDS);

        ToolResult missing = source.call("echo", "{}").get(10, TimeUnit.SECONDS);

        assertFalse(missing.ok());
        assertTrue(missing.error().contains("message"), missing.error());
        assertTrue(source.connected());
    }

    @Test
    void aKilledServerFailsTheNextCallClearlyAndTheSessionComesBackWhenTheServerDoes() throws Exception {
        source = new McpToolSource(EverythingServer.httpSpec("everything", port));
        source.start().get(30, TimeUnit.SECONDS);
        assertTrue(source.call("echo", "{\"message\":\"before\"}").get(10, TimeUnit.SECONDS).ok());

        EverythingServer.stop(server);
        ToolResult during = source.call("echo", "{\"message\":\"anyone?\"}").get(15, TimeUnit.SECONDS);

        assertFalse(during.ok());
        assertTrue(during.error().startsWith("MCP server 'everything' is unavailable ("), during.error());
        assertFalse(source.connected());

        server = EverythingServer.startHttp(port);
        ToolResult after = McpToolSourceStdioTest.eventuallyOk(source, "echo", "{\"message\":\"after\"}");
        assertEquals("\"Echo: after\"", after.contentJson());
    }
}
