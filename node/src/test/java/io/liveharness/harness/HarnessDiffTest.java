package io.liveharness.harness;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HarnessDiffTest {

    private static String lines(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> "rule " + i).collect(Collectors.joining("\n", "", "\n"));
    }

    @Test
    void aChangedLineInALongPromptShowsAsAHunkWithItsLineNumbersAndThreeLinesAround() {
        String before = lines(1, 20);
        String after = before.replace("rule 10\n", "rule ten\n");
        HarnessFiles a = HarnessFiles.fromText("a", Map.of("prompts/rules.md", before, "skills/faq.md", "same\n"));
        HarnessFiles b = HarnessFiles.fromText("b", Map.of("prompts/rules.md", after, "skills/faq.md", "same\n"));
        assertEquals("""
                changed prompts/rules.md
                    @@ -7,7 +7,7 @@
                     rule 7
                     rule 8
                     rule 9
                    -rule 10
                    +rule ten
                     rule 11
                     rule 12
                     rule 13
                """, HarnessDiff.between(a, b));
    }

    @Test
    void addedAndRemovedFilesShowEveryLine() {
        HarnessFiles a = HarnessFiles.fromText("a", Map.of("old.md", "gone\n"));
        HarnessFiles b = HarnessFiles.fromText("b", Map.of("new.md", "one\ntwo\n"));
        assertEquals("""
                added   new.md
                    @@ -1,0 +1,2 @@
                    +one
                    +two
                removed old.md
                    @@ -1,1 +1,0 @@
                    -gone
                """, HarnessDiff.between(a, b));
    }

    @Test
    void theSameFilesHaveNoDifferences() {
        HarnessFiles a = HarnessFiles.fromText("a", Map.of("x.md", "x\n"));
        assertEquals("no differences\n", HarnessDiff.between(a, HarnessFiles.fromText("b", Map.of("x.md", "x\n"))));
    }
}
