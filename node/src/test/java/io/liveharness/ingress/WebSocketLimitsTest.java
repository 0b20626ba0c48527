package io.liveharness.ingress;

import io.liveharness.api.Addresses;
import io.liveharness.api.AvatarReply;
import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Viewers' event WebSockets are bounded: a client that stops reading is disconnected once its
 * unsent frames pass {@code http.webSocketQueueBytes} (not buffered without end), sockets past
 * {@code http.maxWebSockets} are refused, and a silent connection is closed after
 * {@code http.idleTimeoutMs}. The clients here are raw sockets, so nothing reads unless the test does.
 */
class WebSocketLimitsTest {

    private static NodeConfig config(int maxSockets, int queueBytes, long idleMs) {
        NodeConfig c = TestNodes.config();
        return c.withHttp(c.http().withWebSockets(maxSockets, queueBytes, idleMs));
    }

    /** A raw WebSocket client: the handshake, then only what the test reads. */
    private static final class RawSocket implements AutoCloseable {
        final Socket socket = new Socket();
        final int status;
        final String head;

        RawSocket(int port, String room) throws IOException {
            socket.setReceiveBufferSize(4096); // before connect: a small window, so the node's side fills fast
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(20_000);
            String key = Base64.getEncoder().encodeToString("liveharness-test!".substring(0, 16).getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(("GET /v1/rooms/" + room + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key + "\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            head = readHead(socket.getInputStream());
            status = Integer.parseInt(head.split(" ")[1]);
        }

        private static String readHead(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            while (true) {
                int c = in.read();
                if (c < 0) throw new EOFException("connection closed in the handshake: " + b);
                b.write(c);
                String s = b.toString(StandardCharsets.ISO_8859_1);
                if (s.endsWith("\r\n\r\n")) return s;
            }
        }

        /** Reads frames until a close frame: its code and reason, and the bytes of data frames before it. */
        String readUntilClose(long[] dataBytes) throws IOException {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            while (true) {
                int b0 = in.readUnsignedByte();
                int b1 = in.readUnsignedByte();
                long len = b1 & 0x7f;
                if (len == 126) len = in.readUnsignedShort();
                else if (len == 127) len = in.readLong();
                byte[] payload = new byte[(int) len];
                in.readFully(payload);
                if ((b0 & 0x0f) == 0x8) {
                    int code = ((payload[0] & 0xff) << 8) | (payload[1] & 0xff);
                    return code + " " + new String(payload, 2, payload.length - 2, StandardCharsets.UTF_8);
                }
                dataBytes[0] += len;
            }
        }

        @Override
        public void close() throws IOException { socket.close(); }
    }

    @Test
    void aClientThatStopsReadingIsClosedWithAReasonInsteadOfBufferedWithoutEnd() throws Exception {
        int queueBytes = 64 * 1024;
        try (Node node = TestNodes.start(config(100, queueBytes, 300_000)); RawSocket ws = new RawSocket(node.port(), "tech-room")) {
            assertEquals(101, ws.status, ws.head);
            // A busy room: 40 MB of replies while the client reads nothing, far past any socket buffers.
            String text = "x".repeat(2000);
            for (int i = 0; i < 20_000; i++) {
                node.vertx().eventBus().publish(Addresses.reply("tech-room"),
                        new AvatarReply("tech-room", "m" + i, text, "product_qa", 1.0, "v", false, System.currentTimeMillis()));
                if (i % 1000 == 0) Thread.sleep(20);
            }
            Thread.sleep(500);
            long[] received = {0};
            String close;
            try {
                close = ws.readUntilClose(received);
            } catch (EOFException | SocketTimeoutException e) {
                fail("the node never closed the stalled socket (" + received[0] + " bytes of frames read): it buffered them all");
                return;
            }
            assertTrue(close.startsWith("1008 too slow"), close);
            // what reached the client is bounded by the queue and the two sides' socket buffers, not the 40 MB sent
            assertTrue(received[0] < 16L * 1024 * 1024, "the stalled client still got " + received[0] + " bytes");
        }
    }

    @Test
    void socketsPastTheCapAreRefusedAndAClosedOneFreesItsPlace() throws Exception {
        try (Node node = TestNodes.start(config(2, 64 * 1024, 300_000));
             RawSocket a = new RawSocket(node.port(), "tech-room");
             RawSocket b = new RawSocket(node.port(), "tech-room")) {
            assertEquals(101, a.status, a.head);
            assertEquals(101, b.status, b.head);
            try (RawSocket c = new RawSocket(node.port(), "tech-room")) {
                assertEquals(503, c.status, c.head);
            }
            a.close();
            long until = System.nanoTime() + 10_000_000_000L;
            int status = 0;
            while (System.nanoTime() < until) {
                try (RawSocket d = new RawSocket(node.port(), "tech-room")) {
                    status = d.status;
                }
                if (status == 101) break;
                Thread.sleep(100);
            }
            assertEquals(101, status, "a closed socket's place is free again");
        }
    }

    @Test
    void aSilentConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        try (Node node = TestNodes.start(config(100, 64 * 1024, 1500)); RawSocket ws = new RawSocket(node.port(), "tech-room")) {
            assertEquals(101, ws.status, ws.head);
            long start = System.nanoTime();
            ws.socket.setSoTimeout(15_000);
            try {
                int read = ws.socket.getInputStream().read(); // a close frame or end of stream: either means closed
                assertTrue(read == -1 || (read & 0x0f) == 0x8, "unexpected frame byte " + read);
            } catch (SocketTimeoutException e) {
                fail("a silent WebSocket was still open after 15 s with http.idleTimeoutMs 1500");
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 1000, "closed after " + ms + " ms, before the idle timeout");
        }
    }
}
