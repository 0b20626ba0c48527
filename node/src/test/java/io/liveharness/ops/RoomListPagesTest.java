package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.node.Node;
import io.liveharness.room.RoomManifest;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /v1/rooms} on a node of many rooms: pages of a bounded size in room id order, each
 * room once across the pages, filters by name prefix and state, and a 400 naming a bad parameter.
 */
class RoomListPagesTest {
    /** Rooms beyond the committed three, so that the list takes several pages. */
    static List<RoomManifest> manyRooms(int n) {
        return IntStream.range(0, n).mapToObj(i -> new RoomManifest(String.format("room-%04d", i), "Bulk room " + i,
                "You are the host of this room. Short answers.", "en", List.of("earbuds-201"), "earbuds-201", null, null)).toList();
    }

    @Test
    void theRoomsComeInBoundedPagesEachOnceAndFilterByPrefixAndState() {
        try (Node node = TestNodes.start(OpsNodes.config(), manyRooms(250))) {
            var operator = OpsNodes.Client.operator(node.port());

            List<String> seen = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
                Http.Reply r = operator.get("/v1/rooms?limit=100" + (cursor == null ? "" : "&cursor=" + cursor));
                assertEquals(200, r.status(), r.body());
                JsonNode page = r.json();
                assertTrue(page.path("rooms").size() <= 100, "at most the limit: " + page.path("rooms").size());
                assertEquals(253, page.path("total").asInt());
                page.path("rooms").forEach(room -> seen.add(room.path("roomId").asText()));
                cursor = page.path("nextCursor").isNull() ? null : page.path("nextCursor").asText();
                pages++;
            } while (cursor != null && pages < 10);
            assertEquals(3, pages);
            assertEquals(253, seen.size(), "every room once");
            assertEquals(seen.stream().sorted().toList(), seen, "in room id order");
            assertEquals(253, seen.stream().distinct().count());

            JsonNode firstPage = operator.get("/v1/rooms").json();
            assertEquals(RoomPage.DEFAULT_LIMIT, firstPage.path("rooms").size(), "a bounded page without a limit too");

            JsonNode dress = operator.get("/v1/rooms?prefix=dress").json();
            assertEquals(List.of("dress-room"), ids(dress));
            assertEquals(1, dress.path("total").asInt());
            JsonNode bulk = operator.get("/v1/rooms?prefix=room-000&limit=5").json();
            assertEquals(10, bulk.path("total").asInt(), "room-0000 to room-0009");
            assertEquals(List.of("room-0000", "room-0001", "room-0002", "room-0003", "room-0004"), ids(bulk));

            assertEquals(200, operator.post("/v1/rooms/room-0001/passivate", "").status());
            JsonNode passive = operator.get("/v1/rooms?state=passive&limit=500").json();
            assertEquals(List.of("room-0001"), ids(passive), "only the passivated room is passive");
            JsonNode active = operator.get("/v1/rooms?state=active&prefix=room-000").json();
            assertEquals(9, active.path("total").asInt());
        }
    }

    @Test
    void aBadParameterIsA400NamingIt() {
        try (Node node = TestNodes.start(OpsNodes.config())) {
            var operator = OpsNodes.Client.operator(node.port());
            for (String[] bad : new String[][] {{"limit=0", "limit"}, {"limit=501", "limit"}, {"limit=ten", "limit"},
                    {"state=sleeping", "state"}, {"cursor=%25%25", "cursor"}}) {
                Http.Reply r = operator.get("/v1/rooms?" + bad[0]);
                assertEquals(400, r.status(), bad[0] + ": " + r.body());
                assertEquals(bad[1], r.json().path("field").asText(), r.body());
                assertTrue(r.json().path("detail").asText().contains("'" + bad[1] + "'"), r.body());
            }
        }
    }

    private static List<String> ids(JsonNode page) {
        List<String> out = new ArrayList<>();
        page.path("rooms").forEach(r -> out.add(r.path("roomId").asText()));
        return out;
    }
}
