package io.liveharness.router.features;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CueLexiconTest {
    @TempDir Path tmp;

    @Test
    void theProjectLexiconLoadsInTheFilesOrder() {
        assertEquals(List.of("l:promo", "l:aftersales", "l:complaint", "l:contact", "l:url", "l:abuse", "l:logistics",
                "l:product", "l:social", "l:price", "l:followup"), CueLexicon.load(CueLexicon.DEFAULT_FILE).featureNames());
    }

    /** A lexicon read from a file emits what its file says: a cue added there fires, one not there does not. */
    @Test
    void aLoadedLexiconMatchesItsOwnCues() throws Exception {
        Path file = Files.writeString(tmp.resolve("cues.yaml"), "promo: [\"优惠\", \"deal\", \"off\"]\nlogistics: [\"送货\"]\n");
        CueLexicon lexicon = CueLexicon.load(file);
        assertEquals(List.of("promo"), hits(lexicon, "有优惠吗"));
        assertEquals(List.of("promo"), hits(lexicon, "any deal"));
        assertEquals(List.of("promo"), hits(lexicon, "any deals"), "a Latin cue of four letters or more need only start a word");
        assertEquals(List.of("promo"), hits(lexicon, "10% off"));
        assertEquals(List.of(), hits(lexicon, "special offer"), "a short Latin cue must end a word");
        assertEquals(List.of("logistics"), hits(lexicon, "送货上门"));
    }

    @Test
    void aMalformedLexiconIsRefusedNamingTheFile() throws Exception {
        Path notList = Files.writeString(tmp.resolve("not-list.yaml"), "promo: [\"优惠\"]\nurl: 5\n");
        String m = assertThrows(RuntimeException.class, () -> CueLexicon.load(notList)).getMessage();
        assertTrue(m.startsWith(notList + ":2:") && m.contains("url must be a list"), m);

        Path phrase = Files.writeString(tmp.resolve("phrase.yaml"), "promo: [\"promo code\"]\n");
        m = assertThrows(RuntimeException.class, () -> CueLexicon.load(phrase)).getMessage();
        assertTrue(m.startsWith(phrase + ":1:") && m.contains("one lower-case word"), m);

        Path empty = Files.writeString(tmp.resolve("empty.yaml"), "# nothing\n");
        m = assertThrows(RuntimeException.class, () -> CueLexicon.load(empty)).getMessage();
        assertTrue(m.startsWith(empty + ":1:"), m);

        Path missing = tmp.resolve("absent.yaml");
        m = assertThrows(RuntimeException.class, () -> CueLexicon.load(missing)).getMessage();
        assertTrue(m.contains(missing.toString()), m);
    }

    private static List<String> hits(CueLexicon lexicon, String text) {
        TextFeaturizer.Scratch s = new TextFeaturizer.Scratch();
        TextFeaturizer.normalize(text, s);
        List<String> out = new ArrayList<>();
        lexicon.emit(s.text, 1, s.length - 1, (hash, kind, cps, from, to) -> out.add(new String(cps, from, to - from)));
        return out;
    }
}
