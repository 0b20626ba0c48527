package io.liveharness.node;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Liveness and readiness apart: a node alone (no Kafka) is live and ready once started; from the
 * moment it starts shutting down it is not ready (a load balancer stops sending viewers) while it
 * is still live and still finishing the messages it took.
 */
class ReadinessTest {

    @Test
    void aStartedNodeIsLiveAndReadyWithEveryCheckNamed() {
        try (Node node = TestNodes.start()) {
            Http probe = new Http(node.port());
            Http.Reply live = probe.get("/health/live");
            assertEquals(200, live.status(), live.body());
            Http.Reply ready = probe.get("/health/ready");
            assertEquals(200, ready.status(), ready.body());
            JsonNode checks = ready.json().path("checks");
            for (String check : new String[] {"engine", "partitions", "draining"}) assertEquals("ok", checks.path(check).asText(), ready.body());
            assertEquals(200, probe.get("/health").status(), "/health answers as before");
        }
    }

    @Test
    void aDrainingNodeIsNotReadyButStillLiveUntilItsMessagesEnd() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        var model = new ScriptedBackend(call -> new ScriptedBackend.Script().thenWaitFor(answer).say("好的").build());
        Node node = TestNodes.start(TestNodes.config(), model);
        Thread closing = null;
        try {
            Http probe = new Http(node.port());
            assertEquals(200, probe.get("/health/ready").status());
            Http.Reply posted = probe.post("/v1/rooms/tech-room/messages",
                    "{\"messageId\":\"drain-1\",\"userId\":\"v1\",\"text\":\"is the power bank in stock?\"}");
            assertEquals(202, posted.status(), posted.body());
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (model.calls().isEmpty() && System.nanoTime() < until) Thread.sleep(20);
            assertFalse(model.calls().isEmpty(), "the room asked the model, which holds the answer back");

            closing = Thread.ofPlatform().start(node::close); // what SIGTERM does
            Http.Reply ready = null;
            until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (System.nanoTime() < until) {
                ready = probe.get("/health/ready");
                if (ready.status() == 503) break;
                Thread.sleep(10);
            }
            assertEquals(503, ready.status(), "not ready while draining: " + ready.body());
            assertEquals("not_ready", ready.json().path("status").asText());
            assertTrue(ready.json().path("checks").path("draining").asText().contains("shutting down"), ready.body());
            assertEquals("ok", ready.json().path("checks").path("engine").asText(), ready.body());
            assertEquals(1L, node.ledger().counts().get("pending"), "the message taken is still being answered");
            assertEquals(200, probe.get("/health/live").status(), "a draining node is still live: it must not be killed early");
        } finally {
            answer.countDown();
            if (closing != null) closing.join(); else node.close();
        }
    }
}
