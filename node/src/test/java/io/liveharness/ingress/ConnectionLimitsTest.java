package io.liveharness.ingress;

import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connections cannot be held for free: one that has not finished its first request's headers
 * within {@code http.headerTimeoutMs} is closed, one address holds at most
 * {@code http.maxConnectionsPerAddress} connections at once, and one address posts at most its
 * allowance of viewer messages (429 past it).
 */
class ConnectionLimitsTest {

    private static NodeConfig config() {
        NodeConfig c = TestNodes.config();
        return c.withHttp(c.http().withConnectionLimits(1_000L, 10, 5, 60));
    }

    /** True once the node has closed the socket (a read sees the end), false if it is still open after {@code waitMs}. */
    private static boolean closedWithin(Socket s, long waitMs) throws IOException {
        s.setSoTimeout((int) waitMs);
        try {
            while (true) {
                if (s.getInputStream().read() < 0) return true;
            }
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private static Socket unfinished(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        s.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII)); // never ends
        s.getOutputStream().flush();
        return s;
    }

    @Test
    void connectionsThatNeverFinishTheirHeadersAreClosedAndOneAddressHoldsFew() throws Exception {
        try (Node node = TestNodes.start(config(), new ScriptedBackend(call -> ScriptedBackend.pieces("Yes.")))) {
            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 10; i++) held.add(unfinished(node.port()));
                Socket eleventh = unfinished(node.port());
                assertTrue(closedWithin(eleventh, 800), "the 11th connection from one address is closed at once");
                long start = System.nanoTime();
                for (Socket s : held) assertTrue(closedWithin(s, 5_000), "a connection that never finished its headers is closed");
                long tookMs = (System.nanoTime() - start) / 1_000_000;
                assertTrue(tookMs < 4_000, "within about the header timeout, not the idle timeout: " + tookMs + " ms");
            } finally {
                for (Socket s : held) s.close();
            }
            assertEquals(200, new Http(node.port()).get("/health").status(), "the node still answers");
        }
    }

    @Test
    void oneAddressPostsAtMostItsAllowanceOfViewerMessages() {
        try (Node node = TestNodes.start(config(), new ScriptedBackend(call -> ScriptedBackend.pieces("Yes.")))) {
            Http viewer = new Http(node.port());
            int accepted = 0;
            Http.Reply refused = null;
            for (int i = 0; i < 8; i++) {
                String body = Http.JSON.createObjectNode().put("messageId", "addr-" + i).put("userId", "viewer-" + i)
                        .put("text", "is the power bank in stock?").toString();
                Http.Reply r = viewer.post("/v1/rooms/tech-room/messages", body);
                if (r.status() == 202) accepted++;
                else refused = r;
            }
            assertEquals(5, accepted, "the address's burst");
            assertTrue(refused != null && refused.status() == 429, String.valueOf(refused));
            assertTrue(refused.json().path("detail").asText().contains("http.perAddress"), refused.body());
        }
    }
}
