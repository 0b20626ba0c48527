package io.liveharness.training.data;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.YamlFiles;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.DevSetVocabulary;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;
import io.liveharness.router.question.QuestionLexicon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The probe asks, in a world's generated rooms, what the demo asks, and its rubric holds the catalog's facts. */
class WorldProbeTest {
    @TempDir
    Path dir;

    @Test
    void everyQuestionIsAskedInAGeneratedRoomAndItsFactIsTheCatalogs() throws Exception {
        NodeConfig base = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        WorldSpec spec = WorldSpec.load(WorldSpec.DEFAULT_FILE);
        SyntheticWorld.write(spec, base, 150, 3, dir.resolve(SyntheticWorld.WORLD_DIR));
        NodeConfig world = SyntheticWorld.configOf(base, dir);
        Catalog catalog = Catalog.load(Path.of(world.catalog().file()));
        Map<String, RoomManifest> rooms = RoomManifests.load(Path.of(world.rooms().dir()), catalog).stream()
                .collect(Collectors.toMap(RoomManifest::id, Function.identity()));
        List<String> soldOut = DevSetVocabulary.load(DevSetVocabulary.DEFAULT_FILE).words("out_of_stock");
        QuestionLexicon lexicon = QuestionLexicon.load(QuestionLexicon.DEFAULT_FILE);

        List<DevCase> cases = WorldProbe.cases(List.copyOf(rooms.values()), catalog, spec, lexicon,
                WorldProbe.Phrasings.load(WorldProbe.DEFAULT_FILE), soldOut);

        Set<String> seen = new HashSet<>();
        for (WorldProbe.Kind kind : WorldProbe.Kind.values()) {
            long n = cases.stream().filter(c -> c.tags().equals(List.of(kind.tag))).count();
            assertTrue(n >= 10, kind + ": " + n + " questions in 150 rooms");
        }
        for (DevCase c : cases) {
            RoomManifest room = rooms.get(c.room());
            assertTrue(c.room().startsWith(SyntheticWorld.ROOM_PREFIX), c.id() + " is asked in a demo room");
            assertTrue(seen.add(c.room() + c.tags()), c.room() + " asked two questions of " + c.tags());
            assertEquals(room.language().equals("en") ? "en" : "zh", c.lang(), c.id());
            String fact = c.rubric().facts().getFirst();
            Product asked = catalog.find(c.onStage()).orElseThrow();
            assertTrue(room.products().contains(asked.id()), c.id());
            switch (c.tags().getFirst()) {
                case "other-kind" -> {
                    Product other = room.products().stream().map(id -> catalog.find(id).orElseThrow())
                            .filter(p -> !p.id().equals(room.onStage()) && c.text().contains(kindWord(spec, p, c.lang())))
                            .findFirst().orElseThrow(() -> new AssertionError(c.id() + ": '" + c.text() + "' names no product off stage"));
                    assertEquals(1, room.products().stream().filter(id -> catalog.find(id).orElseThrow().category().equals(other.category())).count(),
                            c.id() + ": the kind names one product");
                    assertEquals(other.stock() > 0 ? String.valueOf(other.stock()) : String.join("|", soldOut), fact, c.id());
                }
                case "shelf-life" -> assertTrue(asked.material().zh().contains("保质期 " + fact) || asked.material().en().contains("shelf life " + fact),
                        c.id() + ": " + fact + " is not the shelf life of " + asked.material());
                case "feature" -> {
                    List<String> words = List.of(fact.split("\\|"));
                    assertTrue(asked.name().zh().contains(words.getFirst()), c.id() + ": " + asked.name() + " does not carry " + words.getFirst());
                    assertTrue(c.text().contains(c.lang().equals("zh") ? words.getFirst() : words.get(1)), c.id() + ": " + c.text());
                }
                default -> throw new AssertionError(c.id() + " has tags " + c.tags());
            }
        }
    }

    @Test
    void aFolderWithoutAWorldAndAPhrasingFileWithoutAKindAreRefusedByName() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SyntheticWorld.configOf(ConfigLoader.load(ConfigLoader.DEFAULT_FILE), dir));
        assertTrue(e.getMessage().contains(dir.resolve("world/catalog/products.yaml").toString()), e.getMessage());

        Path phrasings = Files.writeString(dir.resolve("probe.yaml"), "otherKind: {zh: \"{kind}还有货吗\", en: \"is the {kind} in stock\"}\n");
        YamlFiles.FileException f = assertThrows(YamlFiles.FileException.class, () -> WorldProbe.Phrasings.load(phrasings));
        assertTrue(f.getMessage().contains(phrasings.toString()) && f.getMessage().contains("shelfLife"), f.getMessage());
        Path typo = Files.writeString(dir.resolve("typo.yaml"), "otherKind: {zh: a, en: b}\nshelflife: {zh: a, en: b}\n");
        YamlFiles.FileException t = assertThrows(YamlFiles.FileException.class, () -> WorldProbe.Phrasings.load(typo));
        assertTrue(t.getMessage().contains(typo + ":2"), "the file and line of the unknown key: " + t.getMessage());
        Path slot = Files.writeString(dir.resolve("slot.yaml"), "otherKind: {zh: \"{knd}还有货吗\", en: \"is the {kind} in stock\"}\n"
                + "shelfLife: {zh: a, en: b}\nfeature: {zh: \"有{feature}吗\", en: \"does it have {feature}?\"}\n");
        YamlFiles.FileException u = assertThrows(YamlFiles.FileException.class, () -> WorldProbe.Phrasings.load(slot));
        assertTrue(u.getMessage().contains("{knd}") && u.getMessage().contains("{kind}"), "a misspelt slot is named: " + u.getMessage());
    }

    private static String kindWord(WorldSpec spec, Product p, String lang) {
        WorldSpec.Category c = spec.categories().stream().filter(k -> k.en().equals(p.category())).findFirst().orElseThrow();
        return lang.equals("zh") ? c.zh() : c.en();
    }
}
