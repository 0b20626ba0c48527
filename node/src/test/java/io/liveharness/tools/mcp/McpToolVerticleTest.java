package io.liveharness.tools.mcp;

import io.liveharness.api.Addresses;
import io.liveharness.api.LocalCodec;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class McpToolVerticleTest {
    private Vertx vertx;

    @BeforeAll
    static void install() { EverythingServer.entry(); }

    @BeforeEach
    void startVertx() {
        vertx = Vertx.vertx();
        LocalCodec.registerAll(vertx.eventBus());
    }

    @AfterEach
    void cleanUp() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        List<ProcessHandle> left = EverythingServer.killLeftovers();
        assertTrue(left.isEmpty(), "server processes left running after undeploy: " + left);
    }

    private ToolResult request(String tool, String args) throws Exception {
        return vertx.eventBus().<ToolResult>request(Addresses.tool(tool), new ToolCall("room-1", tool, args))
                .toCompletionStage().toCompletableFuture().get(15, TimeUnit.SECONDS).body();
    }

    @Test
    void answersToolRequestsOnTheEventBusWithTheServersResult() throws Exception {
        McpToolSource source = new McpToolSource(EverythingServer.stdioSpec("promo").withPrefixToolNames(true));
        McpToolVerticle verticle = new McpToolVerticle(source);
        vertx.deployVerticle(verticle).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);

        assertTrue(verticle.served().containsAll(List.of("promo__echo", "promo__get-sum")), verticle.served().toString());
        assertEquals(ToolResult.ok("promo__echo", "\"Echo: 直播间\""), request("promo__echo", "{\"message\":\"直播间\"}"));
        assertEquals(ToolResult.ok("promo__get-sum", "\"The sum of 3 and 4 is 7.\""), request("promo__get-sum", "{\"a\":3,\"b\":4}"));
        ToolResult bad = request("promo__get-sum", "{\"a\":3}");
        assertFalse(bad.ok());
        assertEquals("promo__get-sum", bad.name());
    }

    @Test
    void undeployUnregistersTheToolsAndStopsTheServer() throws Exception {
        McpToolSource source = new McpToolSource(EverythingServer.stdioSpec("everything"));
        String id = vertx.deployVerticle(new McpToolVerticle(source)).toCompletionStage().toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        ProcessHandle server = source.serverProcess().orElseThrow();

        vertx.undeploy(id).toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);

        assertFalse(server.isAlive(), "server pid " + server.pid() + " survived undeploy");
        ExecutionException noHandler = assertThrows(ExecutionException.class, () -> request("echo", "{\"message\":\"x\"}"));
        assertInstanceOf(ReplyException.class, noHandler.getCause());
    }

    @Test
    void aServerThatCannotStartFailsTheDeployWithItsReason() {
        McpToolSource source = new McpToolSource(
                McpServerSpec.stdio("broken", List.of("node", "-e", "console.error('no promo db'); process.exit(3)"), java.util.Map.of()));

        ExecutionException failed = assertThrows(ExecutionException.class, () -> vertx.deployVerticle(new McpToolVerticle(source))
                .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS));

        assertEquals("MCP server 'broken' did not start: server process exited with code 3 before initializing; stderr: no promo db",
                failed.getCause().getMessage());
        assertFalse(source.connected());
    }
}
