package io.liveharness.training.trainer;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** train.log (progress lines, also on stderr) and metrics.jsonl (one JSON object per step) of a run folder. */
final class RunLog {
    private static final ObjectMapper JSON = Json.MAPPER;
    private final Path log, metrics;
    private final boolean quiet;

    RunLog(Path dir, boolean quiet) {
        log = dir.resolve("train.log");
        metrics = dir.resolve("metrics.jsonl");
        this.quiet = quiet;
    }

    Path metricsFile() { return metrics; }

    /** A fresh run: empty files. */
    void reset() {
        try {
            Files.deleteIfExists(log);
            Files.deleteIfExists(metrics);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A resumed run: drops metrics of steps after the checkpoint's, which the run will take again. */
    void truncateAfter(int step) {
        if (!Files.isRegularFile(metrics)) return;
        try {
            List<String> kept = new ArrayList<>();
            for (String line : Files.readAllLines(metrics)) {
                if (!line.isBlank() && JSON.readTree(line).get("step").asInt() <= step) kept.add(line);
            }
            Files.write(metrics, kept);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void line(String text) {
        String stamped = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")) + " " + text;
        if (!quiet) System.err.println(text);
        append(log, stamped + "\n");
    }

    void metrics(Map<String, Object> values) {
        try {
            append(metrics, JSON.writeValueAsString(values) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void append(Path file, String text) {
        try {
            Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
