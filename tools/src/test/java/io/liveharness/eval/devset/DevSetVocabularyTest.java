package io.liveharness.eval.devset;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Policies;
import io.liveharness.tools.Product;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The dev set's vocabulary file: it loads, a malformed one is refused naming the file, and it makes the committed dev set, whose questions say what they ask about. */
class DevSetVocabularyTest {
    @TempDir Path tmp;

    @Test
    void theProjectFileLoads() {
        DevSetVocabulary v = DevSetVocabulary.load(DevSetVocabulary.DEFAULT_FILE);
        assertEquals(List.of("这个多少钱?", "现在多少钱呀?"), v.messages("product_qa", "price", "zh"));
        assertEquals(11, v.messages("chitchat", "every", "en").size());
        assertEquals(List.of("7"), v.words("returns"));
        assertEquals("120元卖不卖? 主播刚才说120的", v.fill(v.messages("product_qa", "wrong_price", "zh").getFirst(), "wrong", "120"));
    }

    @Test
    void aMalformedFileIsRefusedNamingTheFile() throws Exception {
        String all = Files.readString(DevSetVocabulary.DEFAULT_FILE);
        Path noWords = Files.writeString(tmp.resolve("no-words.yaml"), all.substring(0, all.indexOf("\nwords:") + 1));
        String m = assertThrows(RuntimeException.class, () -> DevSetVocabulary.load(noWords)).getMessage();
        assertTrue(m.startsWith(noWords.toString()) && m.contains("missing 'words'"), m);

        Path wrongType = Files.writeString(tmp.resolve("wrong-type.yaml"), all.replace("  returns: [\"7\"]", "  returns: {days: 7}"));
        m = assertThrows(RuntimeException.class, () -> DevSetVocabulary.load(wrongType)).getMessage();
        assertTrue(m.startsWith(wrongType + ":"), m);

        Path unknownKey = Files.writeString(tmp.resolve("unknown.yaml"), all + "extras: [1]\n");
        m = assertThrows(RuntimeException.class, () -> DevSetVocabulary.load(unknownKey)).getMessage();
        assertTrue(m.startsWith(unknownKey + ":") && m.contains("extras"), m);

        // a case the generator needs and the file lacks fails when the set is made, naming the file and the key
        Path noCourier = Files.writeString(tmp.resolve("no-courier.yaml"), all.replace("    courier:\n", "    carrier:\n"));
        DevSetVocabulary lacking = DevSetVocabulary.load(noCourier);
        m = assertThrows(IllegalArgumentException.class, () -> generate(lacking)).getMessage();
        assertTrue(m.startsWith(noCourier.toString()) && m.contains("messages.logistics.courier.zh"), m);

        DevSetVocabulary v = DevSetVocabulary.load(DevSetVocabulary.DEFAULT_FILE);
        m = assertThrows(IllegalArgumentException.class, () -> v.fill("{zh}多少钱?", "en", "dress")).getMessage();
        assertTrue(m.contains("{zh}"), m);
    }

    /** eval/dev/demo.jsonl is what the generator writes from the committed data with its seed (9, eval/dev/README.md). */
    @Test
    void theCommittedDevSetIsWhatTheDataMakes() throws Exception {
        Path out = tmp.resolve("demo.jsonl");
        DevSet.write(out, generate(DevSetVocabulary.load(DevSetVocabulary.DEFAULT_FILE)));
        assertArrayEquals(Files.readAllBytes(Path.of("eval/dev/demo.jsonl")), Files.readAllBytes(out));
    }

    /**
     * A question tagged other-product tests whether the avatar answers about the product the viewer
     * named. "连衣裙多少钱?" in a room of two dresses names both, and the product on stage is the
     * right answer to it; so the question must carry a word of another product of the room that the
     * one on stage lacks.
     */
    @Test
    void anOtherProductQuestionNamesWhatOnlyTheOtherProductIs() throws Exception {
        Map<String, Product> products = products();
        Map<String, RoomManifest> rooms = new LinkedHashMap<>();
        rooms().forEach(r -> rooms.put(r.id(), r));
        List<DevCase> asked = generate(DevSetVocabulary.load(DevSetVocabulary.DEFAULT_FILE)).stream()
                .filter(c -> c.tags().contains("other-product")).toList();
        assertEquals(8, asked.size());
        for (DevCase c : asked) {
            String text = plain(c.text());
            List<String> onStage = products.get(c.onStage()).keywords().stream().map(DevSetVocabularyTest::plain).toList();
            boolean named = rooms.get(c.room()).products().stream().filter(id -> !id.equals(c.onStage()))
                    .flatMap(id -> products.get(id).keywords().stream()).map(DevSetVocabularyTest::plain)
                    .anyMatch(k -> !onStage.contains(k) && text.contains(k));
            assertTrue(named, c.id() + ": \"" + c.text() + "\" names no word that only another product answers to");
        }
    }

    /** "Puff-sleeve" and "puff sleeve" are one word to a viewer. */
    private static String plain(String s) { return s.toLowerCase(Locale.ROOT).replace('-', ' '); }

    private static List<RoomManifest> rooms() throws Exception {
        NodeConfig config = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        return RoomManifests.load(Path.of(config.rooms().dir()), Catalog.load(Path.of(config.catalog().file())));
    }

    private static Map<String, Product> products() throws Exception {
        Catalog catalog = Catalog.load(Path.of(ConfigLoader.load(ConfigLoader.DEFAULT_FILE).catalog().file()));
        Map<String, Product> products = new LinkedHashMap<>();
        rooms().forEach(r -> r.products().forEach(id -> catalog.find(id).ifPresent(p -> products.put(id, p))));
        return products;
    }

    private static List<DevCase> generate(DevSetVocabulary vocab) throws Exception {
        NodeConfig config = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        Policies policies = Policies.load(Path.of(config.catalog().policies()));
        return DevSetGenerator.generate(rooms(), products(), policies, vocab, 9);
    }
}
