package io.liveharness.training.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KindMixTest {
    private static final String PRODUCT = "productSessions:\n  share: 0.5\n  turns:\n    price: 1\n  last:\n    price: 1\n    stock: 2\n";
    private final Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);

    @Test
    void theCommittedMixNamesOnlyKindsThatHavePhrasingsAndKeepsItsOrder() {
        KindMix mix = KindMix.load(KindMix.DEFAULT_FILE, phrasings);
        assertEquals("price", mix.weights().keySet().iterator().next(), "a seed draws the same cases only if the order is the file's");
        assertTrue(mix.weights().containsKey("router"));
        assertTrue(mix.weights().values().stream().allMatch(w -> w >= 0));
        assertTrue(mix.productShare() > 0 && mix.productShare() < 1, "both kinds of session are drawn: " + mix.productShare());
        assertTrue(mix.lastTurns().containsKey("stock"), "a product session's last question may need a tool");
    }

    @Test
    void everyCommittedMixLoads() throws Exception {
        try (var files = Files.list(KindMix.DEFAULT_FILE.getParent())) {
            List<Path> mixes = files.filter(f -> f.getFileName().toString().matches("mix.*\\.yaml")).toList();
            assertTrue(mixes.size() >= 2, "mix.yaml and the stages' own: " + mixes);
            for (Path f : mixes) assertFalse(KindMix.load(f, phrasings).weights().isEmpty(), f.toString());
        }
    }

    @Test
    void aKindWithoutPhrasingsIsRefusedByNameAndPlace(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("mix.yaml"), PRODUCT + "kinds:\n  price: 3\n  colour: 2\n");
        var e = assertThrows(IllegalArgumentException.class, () -> KindMix.load(file, phrasings));
        assertTrue(e.getMessage().contains("'colour'") && e.getMessage().contains(file.toString()) && e.getMessage().contains("kinds"), e.getMessage());

        Path routerInProduct = Files.writeString(dir.resolve("mix2.yaml"), PRODUCT.replace("stock: 2", "router: 2") + "kinds:\n  price: 3\n");
        e = assertThrows(IllegalArgumentException.class, () -> KindMix.load(routerInProduct, phrasings));
        assertTrue(e.getMessage().contains("productSessions.last") && e.getMessage().contains("'router'"), e.getMessage());
    }

    @Test
    void aWeightThatIsNotAWholeNumberIsRefused(@TempDir Path dir) throws Exception {
        for (String bad : List.of("-1", "1.5", "lots")) {
            Path file = Files.writeString(dir.resolve("mix.yaml"), PRODUCT + "kinds:\n  price: " + bad + "\n");
            var e = assertThrows(IllegalArgumentException.class, () -> KindMix.load(file, phrasings));
            assertTrue(e.getMessage().contains("'price'"), e.getMessage());
        }
    }

    @Test
    void aShareOutsideZeroToOneOrMissingIsRefused(@TempDir Path dir) throws Exception {
        for (String share : List.of("share: 1.5", "share: -0.1", "share: half", "")) {
            Path file = Files.writeString(dir.resolve("mix.yaml"), PRODUCT.replace("share: 0.5", share) + "kinds:\n  price: 1\n");
            var e = assertThrows(IllegalArgumentException.class, () -> KindMix.load(file, phrasings));
            assertTrue(e.getMessage().contains("productSessions.share"), e.getMessage());
        }
    }

    @Test
    void aKindIsDrawnByItsWeightAndAZeroWeightNever() {
        Map<String, Integer> weights = new LinkedHashMap<>();
        weights.put("price", 1);
        weights.put("never", 0);
        weights.put("stock", 3);
        Random random = new Random(5);
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int i = 0; i < 40_000; i++) counts.merge(KindMix.draw(weights, random), 1, Integer::sum);
        assertEquals(null, counts.get("never"));
        double stockShare = counts.get("stock") / 40_000.0;
        assertTrue(Math.abs(stockShare - 0.75) < 0.01, "stock drawn " + stockShare + " of the time, weight 3 of 4");
    }

    @Test
    void equalWeightsDrawAsAnIndexIntoTheListWould() {
        // the Java pools this file replaced picked list.get(random.nextInt(size)): the same seed draws the same kinds
        List<String> list = List.of("price", "size", "stock", "stock", "other");
        Map<String, Integer> weights = new LinkedHashMap<>();
        for (String k : list) weights.merge(k, 1, Integer::sum);
        Random a = new Random(11), b = new Random(11);
        for (int i = 0; i < 1_000; i++) assertEquals(list.get(a.nextInt(list.size())), KindMix.draw(weights, b));
    }
}
