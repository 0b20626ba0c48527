package io.liveharness.node;

import io.liveharness.api.Addresses;
import io.liveharness.api.MessageOutcome;
import io.liveharness.ingress.MessageLedger;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Closing a node ends every message it accepted: the rooms finish what they can within the reply
 * deadline, and whatever is still waiting then ends as {@code failed} with reason {@code shutdown}.
 * None is left pending, none ends twice.
 */
class GracefulCloseTest {

    @Test
    void everyAcceptedMessageHasExactlyOneOutcomeAfterClose() throws Exception {
        Node node = TestNodes.start();
        Map<String, AtomicInteger> heard = new ConcurrentHashMap<>();
        node.vertx().eventBus().<MessageOutcome>consumer(Addresses.outcome("tech-room"),
                        m -> heard.computeIfAbsent(m.body().messageId(), k -> new AtomicInteger()).incrementAndGet())
                .completion().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        Http viewer = new Http(node.port());
        String[] texts = {"is the power bank in stock?", "how long does shipping take?", "what is the return policy?",
                "does the earbuds case charge wirelessly?", "any coupon today?", "how much is the keyboard?",
                "is the charger fast?", "what colours are there?", "does it work with iphone?", "warranty how long?"};
        List<String> accepted = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            String id = "close-" + i;
            Http.Reply r = viewer.post("/v1/rooms/tech-room/messages", Http.JSON.createObjectNode()
                    .put("messageId", id).put("userId", "v" + i).put("text", texts[i]).toString());
            assertEquals(202, r.status(), r.body());
            accepted.add(id);
        }
        node.close(); // at once: most of them are still queued

        MessageLedger ledger = node.ledger();
        for (String id : accepted) {
            MessageLedger.Entry e = ledger.find("tech-room", id);
            assertNotNull(e, id);
            assertNotNull(e.outcome(), id + " was accepted and left with no outcome");
            AtomicInteger n = heard.get(id);
            assertTrue(n == null || n.get() == 1, id + " ended " + n + " times");
        }
        assertEquals(0L, ledger.counts().get("pending"), "pending messages after close");
    }
}
