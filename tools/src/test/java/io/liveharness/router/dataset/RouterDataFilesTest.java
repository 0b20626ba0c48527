package io.liveharness.router.dataset;

import io.liveharness.router.Intent;
import io.liveharness.router.train.DataSetManifest;
import io.liveharness.router.train.LabelledData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The router data set's data files: they load, a malformed one is refused naming file and line, and they make the committed data set. */
class RouterDataFilesTest {
    @TempDir Path tmp;

    @Test
    void theProjectFilesLoad() {
        Templates bank = Templates.load(Templates.BANK_FILE);
        Templates extra = Templates.load(Templates.TRAINING_ONLY_FILE);
        for (Intent intent : Intent.values()) {
            assertTrue(bank.of(intent).size() >= 20, intent.label());
            assertTrue(!extra.of(intent).isEmpty(), intent.label());
        }
        assertEquals("{p}有{c}的吗", bank.of(Intent.PRODUCT_QA).getFirst());
        Catalogue c = Catalogue.load(Catalogue.DEFAULT_FILE);
        assertEquals(7, c.rooms().size());
        assertEquals("women's clothing", c.rooms().getFirst().category());
        assertEquals("dress", c.rooms().getFirst().productEn(0));
        assertTrue(c.colours().contains("黑色|black") && c.cities().contains("西安|Xi'an"));
    }

    @Test
    void templatesMissingAnIntentOrOfTheWrongTypeAreRefusedNamingTheFile() throws Exception {
        String all = Files.readString(Templates.BANK_FILE);
        Path noSpam = write("no-spam.yaml", all.substring(0, all.indexOf("\nspam:") + 1));
        assertMessage(assertThrows(RuntimeException.class, () -> Templates.load(noSpam)), noSpam + ":1:", "no templates for 'spam'");

        Path notAList = write("not-a-list.yaml", "product_qa: 5\n");
        assertMessage(assertThrows(RuntimeException.class, () -> Templates.load(notAList)), notAList + ":1:", "must be a list");

        Path number = write("number.yaml", "product_qa:\n  - \"ok\"\n  - 42\n");
        assertMessage(assertThrows(RuntimeException.class, () -> Templates.load(number)), number.toString(), "product_qa[1] must be a non-blank string");

        Path badLabel = write("bad-label.yaml", "product_qa: [\"a\"]\nsmalltalk: [\"b\"]\n");
        assertMessage(assertThrows(RuntimeException.class, () -> Templates.load(badLabel)), badLabel + ":2:", "'smalltalk' is not an intent label");
    }

    @Test
    void roomsMissingAKeyOrOfTheWrongTypeAreRefusedNamingTheFile() throws Exception {
        String all = Files.readString(Catalogue.DEFAULT_FILE);
        Path noCities = write("no-cities.yaml", all.substring(0, all.indexOf("\ncities:") + 1));
        assertMessage(assertThrows(RuntimeException.class, () -> Catalogue.load(noCities)), noCities.toString(), "missing 'cities'");

        Path wrongType = write("wrong-type.yaml", all.replace("colours: [", "colours: 3\nx: ["));
        assertMessage(assertThrows(RuntimeException.class, () -> Catalogue.load(wrongType)), wrongType.toString(), "");

        Path notPair = write("not-pair.yaml", all.replace("\"纯棉|cotton\", \"雪纺|chiffon\"", "\"纯棉\", \"雪纺|chiffon\""));
        assertMessage(assertThrows(RuntimeException.class, () -> Catalogue.load(notPair)), notPair + ":", "'纯棉' is not a \"中文|english\" pair");

        Path missing = tmp.resolve("absent.yaml");
        assertMessage(assertThrows(RuntimeException.class, () -> Catalogue.load(missing)), missing.toString(), "cannot read");
    }

    /** The committed data set is what the generator makes from the committed data files, byte for byte, as its manifest says. */
    @Test
    void theCommittedDataSetIsWhatTheDataFilesMake() throws Exception {
        Path dir = Path.of("data/router");
        DataSetManifest manifest = DataSetManifest.read(dir).orElseThrow();
        assertEquals(ViewerMessageGenerator.SOURCE_FILES.stream().map(Path::toString).toList(), List.copyOf(manifest.sources().keySet()));
        manifest.sources().forEach((file, sha) -> assertEquals(sha, DataSetManifest.sha256(Path.of(file)), file + " changed since the data set was made"));
        var split = new ViewerMessageGenerator(manifest.seed()).generate(manifest.total());
        LabelledData.writeJsonl(tmp.resolve("train.jsonl"), split.train());
        LabelledData.writeJsonl(tmp.resolve("test.jsonl"), split.test());
        for (String name : List.of("train.jsonl", "test.jsonl")) {
            assertArrayEquals(Files.readAllBytes(dir.resolve(name)), Files.readAllBytes(tmp.resolve(name)), name);
            assertTrue(manifest.lists(dir.resolve(name)), name);
        }
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(tmp.resolve(name), text);
    }

    private static void assertMessage(Throwable e, String... parts) {
        for (String p : parts) assertTrue(e.getMessage().contains(p), "'" + e.getMessage() + "' should say '" + p + "'");
    }
}
