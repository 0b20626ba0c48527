package io.liveharness.training.recipe;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.router.dataset.NearCopies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A retyped session keeps everything the expert wrote; only the viewer's words change. */
class ViewerRetypingTest {
    /** Stands in for the eval's messages: the first session's viewer message is one of them. */
    private static final NearCopies EVAL = new NearCopies(List.of("这条连衣裙多少钱"));

    @TempDir
    Path dir;

    private static String session(String viewer) {
        return "{\"messages\":[{\"role\":\"system\",\"content\":\"## Rules\"},{\"role\":\"user\",\"content\":\"" + viewer
                + "\"},{\"role\":\"assistant\",\"content\":\"现在¥159, 点link-1下单哦\"}],\"tools\":[]}";
    }

    @Test
    void everyViewerMessageOfARetypedSessionChangesAndNothingElseDoes() throws Exception {
        Path file = dir.resolve("train.jsonl");
        List<String> viewers = List.of("这条连衣裙多少钱", "有没有M码的尺码", "这个颜色还有货吗", "what does the dress cost today", "什么时候发货呢");
        List<String> lines = new ArrayList<>();
        for (String v : viewers) lines.add(session(v));
        Files.write(file, lines, StandardCharsets.UTF_8);

        assertEquals(viewers.size(), ViewerRetyping.rewrite(file, 1.0, 7, EVAL));
        List<String> after = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(viewers.size(), after.size());
        for (int i = 0; i < after.size(); i++) {
            JsonNode m = Json.MAPPER.readTree(after.get(i)).path("messages");
            assertEquals("## Rules", m.get(0).path("content").asText());
            String written = m.get(1).path("content").asText();
            if (i == 0) {
                assertTrue(written.equals(viewers.get(0)) || !EVAL.isNearCopy(written), "nothing near an eval message is written: " + written);
            } else {
                assertNotEquals(viewers.get(i), written, "the viewer's words are retyped");
            }
            assertEquals("现在¥159, 点link-1下单哦", m.get(2).path("content").asText(), "the expert's reply stays");
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
        assertEquals(0, ViewerRetyping.rewrite(file, 0.0, 7, new NearCopies(List.of())));
        assertEquals(lines, Files.readAllLines(file, StandardCharsets.UTF_8), "share 0 leaves the file as it was");
    }
}
