package io.liveharness.room;

import io.liveharness.api.Addresses;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.RoomStateUpdate;
import io.liveharness.api.ViewerMessage;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.RoomsConfig;
import io.liveharness.node.Node;
import io.liveharness.room.RoomRegistry.State;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An idle room is undeployed and comes back with its context on the next message. */
class PassivationTest {

    @Test
    void passivationAndReactivationKeepTheContext() throws Exception {
        NodeConfig c = TestNodes.config();
        RoomsConfig r = c.rooms();
        NodeConfig quick = TestNodes.withRooms(c, r.withPassivateAfterMs(300L));
        try (Node node = TestNodes.start(quick)) {
            List<MessageOutcome> outcomes = new CopyOnWriteArrayList<>();
            node.vertx().eventBus().<MessageOutcome>consumer(Addresses.outcome("tech-room"), m -> outcomes.add(m.body()))
                    .completion().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            await(node.rooms().deliver("tech-room", new RoomStateUpdate("tech-room", "powerbank-202", null, null, null,
                    "Power bank back in stock next week!", System.currentTimeMillis())));
            await(node.rooms().deliver("tech-room", new ViewerMessage("tech-room", "p1", "v1", "is the power bank in stock?",
                    System.currentTimeMillis())));
            waitFor(() -> outcomes.size() == 1, "first answer");
            waitFor(() -> state(node) == State.PASSIVE, "room passivates when idle");

            RoomSnapshot first = node.rooms().storedSnapshot("tech-room").orElseThrow();
            assertEquals("powerbank-202", first.onStageProductId());
            assertEquals(List.of("Power bank back in stock next week!"), first.utterances().stream().map(RoomSnapshot.Utterance::text).toList());
            assertEquals(List.of("p1"), first.turns().stream().map(RoomSnapshot.Turn::messageId).toList());

            await(node.rooms().deliver("tech-room", new ViewerMessage("tech-room", "p2", "v2", "what about the earbuds warranty?",
                    System.currentTimeMillis())));
            waitFor(() -> outcomes.size() == 2, "second answer after reactivation");
            waitFor(() -> node.rooms().rooms().stream().anyMatch(i -> i.roomId().equals("tech-room") && i.passivations() == 2),
                    "room passivates a second time");

            RoomSnapshot second = node.rooms().storedSnapshot("tech-room").orElseThrow();
            assertEquals("powerbank-202", second.onStageProductId(), "live state survives reactivation");
            assertEquals(first.utterances(), second.utterances(), "the streamer's words survive reactivation");
            assertEquals(List.of("p1", "p2"), second.turns().stream().map(RoomSnapshot.Turn::messageId).toList(),
                    "the conversation continues where it was");
        }
    }

    @Test
    void anOperatorPassivatesAnIdleRoomNowAndItsNextMessageBringsItBack() throws Exception {
        try (Node node = TestNodes.start()) {
            var operator = io.liveharness.support.Http.operator(node.port());
            var viewer = new io.liveharness.support.Http(node.port());
            viewer.post("/v1/rooms/tech-room/messages", "{\"messageId\":\"op-1\",\"userId\":\"v\",\"text\":\"hi Max\"}");
            viewer.awaitOutcome("op-1", java.time.Duration.ofSeconds(60));
            var passivated = operator.post("/v1/rooms/tech-room/passivate", "");
            assertEquals(200, passivated.status(), passivated.body());
            waitFor(() -> state(node) == State.PASSIVE, "the room is undeployed");
            assertEquals(List.of("op-1"), node.rooms().storedSnapshot("tech-room").orElseThrow().turns().stream()
                    .map(RoomSnapshot.Turn::messageId).toList(), "its context is kept");
            viewer.post("/v1/rooms/tech-room/messages", "{\"messageId\":\"op-2\",\"userId\":\"v\",\"text\":\"and the power bank?\"}");
            assertEquals("answered", viewer.awaitOutcome("op-2", java.time.Duration.ofSeconds(60)).path("status").asText());
            assertEquals(404, operator.post("/v1/rooms/nope/passivate", "").status());
        }
    }

    @Test
    void theRoomsClockDecidesIdlenessAndStaleness() throws Exception {
        // an hour of idleness before passivation: only a clock moved by the test gets there in time
        NodeConfig c = TestNodes.config();
        RoomsConfig r = c.rooms();
        NodeConfig hour = TestNodes.withRooms(c, r.withPassivateAfterMs(3_600_000L));
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(System.currentTimeMillis());
        java.time.InstantSource clock = () -> java.time.Instant.ofEpochMilli(now.get());
        var model = new io.liveharness.support.ScriptedBackend(call -> io.liveharness.support.ScriptedBackend.pieces("有的, 点link-5下单."));
        try (Node node = TestNodes.start(hour, model, clock)) {
            List<MessageOutcome> outcomes = new CopyOnWriteArrayList<>();
            node.vertx().eventBus().<MessageOutcome>consumer(Addresses.outcome("tech-room"), m -> outcomes.add(m.body()))
                    .completion().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            await(node.rooms().deliver("tech-room", new ViewerMessage("tech-room", "c1", "v1", "is the power bank in stock?", now.get())));
            waitFor(() -> outcomes.size() == 1, "the answer");
            Thread.sleep(600);
            assertEquals(State.ACTIVE, state(node), "idle for a moment, not for an hour");
            now.addAndGet(3_600_001L);
            waitFor(() -> state(node) == State.PASSIVE, "the room passivates once its clock says an hour went by");
        }
    }

    private static State state(Node node) {
        return node.rooms().rooms().stream().filter(i -> i.roomId().equals("tech-room")).findFirst().orElseThrow().state();
    }

    private static void await(io.vertx.core.Future<?> f) throws Exception {
        f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) throw new AssertionError("timed out waiting for: " + what);
            Thread.sleep(20);
        }
    }
}
