package io.liveharness.eval.compare;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

/**
 * Every promotion, forced or not, appended to {@code promotions.jsonl} in the harness state folder
 * and synced to disk before the channel moves: a forced promotion's reason outlives the process
 * and the machine's next crash.
 */
public final class PromotionLog {
    public static final String FILE = "promotions.jsonl";
    private static final ObjectMapper JSON = Json.MAPPER;

    public static void append(Path stateDir, String version, String channel, String from, boolean forced, String reason,
                              String gate) throws IOException {
        ObjectNode line = JSON.createObjectNode().put("at", Instant.now().toString()).put("version", version)
                .put("channel", channel).put("from", from).put("forced", forced).put("reason", reason).put("gate", gate);
        Files.createDirectories(stateDir);
        Files.writeString(stateDir.resolve(FILE), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.SYNC);
    }

    public static List<String> read(Path stateDir) throws IOException {
        Path f = stateDir.resolve(FILE);
        return Files.isRegularFile(f) ? Files.readAllLines(f, StandardCharsets.UTF_8) : List.of();
    }

    private PromotionLog() { }
}
