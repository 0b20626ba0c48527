package io.liveharness.bench.rooms;

import io.liveharness.harness.HarnessRef;
import io.liveharness.room.RoomManifest;

import java.util.ArrayList;
import java.util.List;

/** Many rooms like the demo's, for scale tests and benchmarks: same catalog, numbered ids. */
public final class SyntheticRooms {

    public static List<RoomManifest> manifests(int count) {
        List<RoomManifest> rooms = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rooms.add(new RoomManifest(String.format("room-%05d", i), "Room " + i,
                    "你是数字人主播, 回答简短.", "zh", List.of("dress-101", "dress-102"), "dress-101",
                    HarnessRef.STABLE, List.of()));
        }
        return rooms;
    }

    private SyntheticRooms() { }
}
