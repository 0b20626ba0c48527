package io.liveharness.training.data;

import io.liveharness.config.ConfigLoader;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

class CaseSamplerTest {
    @TempDir
    Path dir;

    @Test
    void shelfLifeIsAskedMostlyOfGoodsWhoseMaterialGivesOne() throws Exception {
        var w = SyntheticWorld.write(WorldSpec.load(WorldSpec.DEFAULT_FILE), ConfigLoader.load(ConfigLoader.DEFAULT_FILE), 300, 7, dir);
        Map<String, Product> products = SyntheticWorld.products(w);
        var rooms = RoomManifests.load(Path.of(w.config().rooms().dir()), Catalog.load(Path.of(w.config().catalog().file())));
        Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);
        var sampler = new CaseSampler(phrasings, KindMix.load(KindMix.DEFAULT_FILE, phrasings), rooms, products,
                List.of(new CaseSampler.RouterMessage("hello", "chitchat")), List.of(), 3);
        int cases = 0, asked = 0, withOne = 0, onStageWithOne = 0;
        for (int s = 0; s < 6_000; s++) {
            for (DevCase c : sampler.session("s" + s, 5)) {
                cases++;
                boolean gives = givesShelfLife(products.get(c.onStage()));
                if (gives) onStageWithOne++;
                if (!c.tags().contains("shelfLife")) continue;
                asked++;
                if (gives) withOne++;
            }
        }
        assertTrue(onStageWithOne < cases * 0.35, "the world's goods mostly have no shelf life: " + onStageWithOne + " of " + cases);
        assertTrue(asked > 100, asked + " shelf-life questions drawn");
        assertTrue(withOne > asked * 0.6, withOne + " of " + asked + " shelf-life questions are about goods that give one");
        assertTrue(withOne < asked, "some ask goods without one, whose answer is that the data does not say");
    }

    private static boolean givesShelfLife(Product p) {
        return p.material().contains("保质期") || p.material().contains("shelf life");
    }
}
