package io.liveharness.room;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.RoomsConfig;
import io.liveharness.node.Node;
import io.liveharness.harness.HarnessRef;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whatever goes wrong in a room's turn ends that message, and the room goes on to the next. */
class RoomTurnFailureTest {
    private static final String UNKNOWN = "default-0123456789abcdef";

    private static String message(String id, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", "v").put("text", text).toString();
    }

    /** What another process sharing the store (or a hand edit) may write: a pin to a version this node lacks. */
    private static void pinBehindTheNodesBack(Path stateDir, String roomId, String version) throws IOException {
        Path routing = stateDir.resolve("routing.json");
        ObjectNode r = (ObjectNode) Http.JSON.readTree(routing.toFile());
        ((ObjectNode) r.with("pins")).putObject(roomId).put("version", version);
        Files.writeString(routing, r.toString());
        Files.setLastModifiedTime(routing, FileTime.fromMillis(System.currentTimeMillis() + 2_000));
    }

    @Test
    void aRoomPinnedToAVersionThisNodeLacksFailsThatMessageAndAnswersTheNext() throws Exception {
        NodeConfig config = TestNodes.config();
        try (Node node = TestNodes.start(config)) {
            Http viewer = new Http(node.port());
            pinBehindTheNodesBack(Path.of(config.harness().stateDir()), "tech-room", UNKNOWN);
            long until = System.nanoTime() + 10_000_000_000L;
            while (node.harnesses().routing().pins().get("tech-room") == null) {
                assertTrue(System.nanoTime() < until, "the node did not pick up the pin");
                Thread.sleep(20);
            }

            viewer.post("/v1/rooms/tech-room/messages", message("wedge-1", "is the power bank in stock?"));
            JsonNode first = viewer.awaitOutcome("wedge-1", Duration.ofSeconds(20));
            assertEquals("failed", first.path("status").asText(), first.toString());
            viewer.post("/v1/rooms/tech-room/messages", message("wedge-2", "how long does the battery last?"));
            assertEquals("failed", viewer.awaitOutcome("wedge-2", Duration.ofSeconds(20)).path("status").asText(),
                    "the room is free again: its next message gets an outcome too");
            JsonNode detail = Http.operator(node.port()).awaitOperatorOutcome("wedge-1", Duration.ofSeconds(5));
            assertTrue(detail.path("detail").asText().contains(UNKNOWN), "the operator sees why: " + detail);

            Http.Reply unpinned = Http.operator(node.port()).delete("/v1/rooms/tech-room/harness");
            assertEquals(200, unpinned.status(), unpinned.body());
            viewer.post("/v1/rooms/tech-room/messages", message("wedge-3", "is the power bank in stock?"));
            JsonNode third = viewer.awaitOutcome("wedge-3", Duration.ofSeconds(30));
            assertEquals("answered", third.path("status").asText(), third.toString());
        }
    }

    @Test
    void aManifestPinnedToAVersionTheStoreLacksStopsTheBootNamingTheFile(@TempDir Path rooms) throws IOException {
        try (var committed = Files.list(Path.of("rooms"))) {
            for (Path f : committed.toList()) Files.copy(f, rooms.resolve(f.getFileName()));
        }
        Path bad = rooms.resolve("pinned-room.yaml");
        Files.writeString(bad, """
                id: pinned-room
                title: pinned
                persona: 你是主播.
                products: [dress-101]
                harness:
                  version: %s
                """.formatted(UNKNOWN));
        NodeConfig c = TestNodes.config();
        RoomsConfig r = c.rooms();
        NodeConfig config = TestNodes.withRooms(c, r.withDir(rooms.toString()));
        RuntimeException e = assertThrows(RuntimeException.class, () -> TestNodes.start(config).close());
        assertTrue(e.getMessage().contains(bad.toString()) && e.getMessage().contains(UNKNOWN), e.getMessage());

        RoomManifest given = new RoomManifest("given-room", "given", "你是主播.", "zh", List.of("dress-101"), null,
                new HarnessRef(null, UNKNOWN), List.of());
        RuntimeException extra = assertThrows(RuntimeException.class, () -> TestNodes.start(TestNodes.config(), List.of(given)).close());
        assertTrue(extra.getMessage().contains("given-room") && extra.getMessage().contains(UNKNOWN), extra.getMessage());
    }
}
