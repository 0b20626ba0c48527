package io.liveharness.room;

import io.liveharness.tools.Catalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoomManifestsTest {
    private final Catalog catalog = Catalog.load(Path.of("catalog/products.yaml"));

    @Test
    void theDemoRoomsLoad() {
        List<RoomManifest> rooms = RoomManifests.load(Path.of("rooms"), catalog);
        assertEquals(List.of("dress-room", "snack-room", "tech-room"), rooms.stream().map(RoomManifest::id).toList());
        assertEquals("stable", rooms.getFirst().harness().channel());
        assertEquals(List.of("fashion", "food", "electronics"), rooms.stream().map(RoomManifest::group).toList(), "each room's group, a metrics label");
    }

    @Test
    void aGroupIsALabelOfASafeAlphabetAndDefaultsWhenNotGiven(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.yaml"), "id: a\npersona: p\nproducts: [dress-101]\n");
        assertEquals(RoomManifest.DEFAULT_GROUP, RoomManifests.load(dir, catalog).getFirst().group());
        Files.writeString(dir.resolve("b.yaml"), "id: b\npersona: p\nproducts: [dress-101]\ngroup: 'Summer Sale!'\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RoomManifests.load(dir, catalog));
        assertTrue(e.getMessage().contains(dir.resolve("b.yaml") + ": group 'Summer Sale!'"), e.getMessage());
    }

    @Test
    void everyBadManifestIsReportedWithItsFileAndLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.yaml"), "id: a\npersona: p\nproducts: [dress-101]\ncolour: red\n");
        Files.writeString(dir.resolve("b.yaml"), "id: b\npersona: p\nproducts: [no-such-product]\n");
        Files.writeString(dir.resolve("c.yaml"), "id: 'bad id!'\npersona: p\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RoomManifests.load(dir, catalog));
        String m = e.getMessage();
        assertTrue(m.contains(dir.resolve("a.yaml") + ":4:") && m.contains("colour"), m);
        assertTrue(m.contains(dir.resolve("b.yaml").toString()) && m.contains("no-such-product"), m);
        assertTrue(m.contains(dir.resolve("c.yaml").toString()) && m.contains("bad id!"), m);
    }
}
