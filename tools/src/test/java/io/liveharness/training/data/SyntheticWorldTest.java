package io.liveharness.training.data;

import io.liveharness.config.ConfigLoader;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated world gives a model nothing typical to fall back on: names and links must be read. */
class SyntheticWorldTest {
    @TempDir
    Path dir;

    @Test
    void namesAreMostlyDistinctAndLinksDifferInARoomWithOneToThreeDigits() throws Exception {
        var w = SyntheticWorld.write(WorldSpec.load(WorldSpec.DEFAULT_FILE), ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 300, 7, dir);
        Map<String, Product> products = SyntheticWorld.products(w);
        var generated = products.values().stream().filter(p -> p.id().matches(".*-\\d{3,}") && !p.id().matches("[a-z]+-[1-3]0\\d")).toList();
        assertTrue(generated.size() >= 300, "every room has a product: " + generated.size());
        long names = generated.stream().map(Product::name).distinct().count();
        assertTrue(names > generated.size() * 0.6, names + " distinct names among " + generated.size() + " products");
        Set<Integer> digits = generated.stream().map(p -> p.actionLinkId().length() - "link-".length()).collect(Collectors.toSet());
        assertEquals(Set.of(1, 2, 3), digits, "link ids of every length, so none is typical");
        var rooms = RoomManifests.load(Path.of(w.config().rooms().dir()), Catalog.load(Path.of(w.config().catalog().file())));
        int checked = 0;
        for (RoomManifest room : rooms) {
            if (!w.generatedRooms().contains(room.id())) continue;
            Set<String> links = new HashSet<>();
            for (String id : room.products()) assertTrue(links.add(products.get(id).actionLinkId()), room.id() + " has two products on one link");
            checked++;
        }
        assertEquals(300, checked, "every generated room loads");
    }
}
