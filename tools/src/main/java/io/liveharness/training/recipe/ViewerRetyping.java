package io.liveharness.training.recipe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.Json;
import io.liveharness.router.dataset.NearCopies;
import io.liveharness.router.dataset.Paraphraser;
import io.liveharness.router.dataset.Paraphrases;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Data that teaches reading, not remembering: in a share of the training sessions every viewer
 * message (a {@code user} turn) is typed again as hurried viewers type it ({@link Paraphraser}: a
 * homophone, a slip, pinyin, a particle, emoji), while the expert's tool calls and replies stay
 * those it made for the words spelt right. The model sees {@code 裤存还有么} and learns the stock answer.
 * Held-out sessions are left as they are, so their loss compares across stages.
 */
final class ViewerRetyping {

    /**
     * Rewrites a trajectory file in place; returns how many sessions were retyped. A retyped message
     * that comes near an eval message ({@code evalMessages}) keeps its words: the eval reports, it never teaches.
     */
    static int rewrite(Path trajectories, double share, long seed, NearCopies evalMessages) throws IOException {
        Paraphraser paraphraser = new Paraphraser(Paraphrases.load(Paraphrases.DEFAULT_FILE), new Random(seed ^ 0x5eedL));
        Random pick = new Random(seed);
        List<String> out = new ArrayList<>();
        int retyped = 0;
        for (String line : Files.readAllLines(trajectories, StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            if (pick.nextDouble() >= share) {
                out.add(line);
                continue;
            }
            JsonNode session = Json.MAPPER.readTree(line);
            for (JsonNode m : session.path("messages")) {
                if ("user".equals(m.path("role").asText()) && m.path("content").isTextual()) {
                    // one question stays one: a second would ask what the expert's answer does not answer
                    String typed = paraphraser.apply(m.path("content").asText(), null);
                    if (!evalMessages.isNearCopy(typed)) ((ObjectNode) m).put("content", typed);
                }
            }
            out.add(Json.MAPPER.writeValueAsString(session));
            retyped++;
        }
        Path tmp = trajectories.resolveSibling(trajectories.getFileName() + ".tmp");
        Files.write(tmp, out, StandardCharsets.UTF_8);
        Files.move(tmp, trajectories, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return retyped;
    }

    private ViewerRetyping() { }
}
