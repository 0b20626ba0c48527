package io.liveharness.training.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KindMixTest {
    private final Phrasings phrasings = Phrasings.load(Phrasings.DEFAULT_FILE);

    @Test
    void theCommittedMixNamesOnlyKindsThatHavePhrasingsAndKeepsItsOrder() {
        KindMix mix = KindMix.load(KindMix.DEFAULT_FILE, phrasings);
        assertEquals("price", mix.weights().keySet().iterator().next(), "a seed draws the same cases only if the order is the file's");
        assertTrue(mix.weights().containsKey("router"));
        assertTrue(mix.weights().values().stream().allMatch(w -> w >= 0));
    }

    @Test
    void aKindWithoutPhrasingsIsRefusedByName(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("mix.yaml"), "kinds:\n  price: 3\n  colour: 2\n");
        var e = assertThrows(IllegalArgumentException.class, () -> KindMix.load(file, phrasings));
        assertTrue(e.getMessage().contains("'colour'") && e.getMessage().contains(file.toString()), e.getMessage());
    }

    @Test
    void aWeightThatIsNotAWholeNumberIsRefused(@TempDir Path dir) throws Exception {
        for (String bad : List.of("-1", "1.5", "lots")) {
            Path file = Files.writeString(dir.resolve("mix.yaml"), "kinds:\n  price: " + bad + "\n");
            var e = assertThrows(IllegalArgumentException.class, () -> KindMix.load(file, phrasings));
            assertTrue(e.getMessage().contains("'price'"), e.getMessage());
        }
    }
}
