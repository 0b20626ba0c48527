package io.liveharness.training.tokenizer;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.eval.augment.HarnessAugmenter;
import io.liveharness.harness.HarnessFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The text the tokenizer learns from: what the model will read and write in this project.
 * data/router/test.jsonl and eval/dev stay out: they measure the tokenizer and the model.
 */
public final class TokenizerCorpus {
    /** One text and where it came from. */
    public record Text(String source, String text) { }

    public static final int DEFAULT_VARIANTS = 20;
    public static final long VARIANT_SEED = 1;
    private static final ObjectMapper JSON = Json.MAPPER;

    private TokenizerCorpus() { }

    /**
     * catalog/*.yaml, rooms/*.yaml, every file under harness/, the "text" of data/router/train.jsonl,
     * and {@code variants} augmented copies of harness/default (renamed skills, tools and headings,
     * so names the harness may take later still tokenize well).
     */
    public static List<Text> project(Path root, int variants) {
        List<Text> out = new ArrayList<>();
        for (String dir : List.of("catalog", "rooms")) {
            for (Path f : files(root.resolve(dir))) if (f.toString().endsWith(".yaml")) out.add(whole(root.relativize(f).toString(), f));
        }
        for (Path f : files(root.resolve("harness"))) withCompactJson(whole(root.relativize(f).toString(), f), out);
        out.addAll(jsonl(root.resolve("data/router/train.jsonl")));
        if (variants > 0) {
            HarnessFiles base = HarnessFiles.fromDirectory(root.resolve("harness/default"));
            for (HarnessAugmenter.Variant v : HarnessAugmenter.variants(base, variants, VARIANT_SEED)) {
                v.files().files().forEach((path, bytes) -> withCompactJson(
                        new Text("harness/default#hsa" + v.index() + "/" + path, new String(bytes, StandardCharsets.UTF_8)), out));
            }
        }
        return out;
    }

    /**
     * An extra file: JSONL whose lines have "text", or OpenAI-chat "messages" (every message's
     * content counts), or else plain text taken whole.
     */
    public static List<Text> file(Path f) {
                return f.toString().endsWith(".jsonl") ? jsonl(f) : List.of(whole(f.toString(), f));
    }

    private static List<Text> jsonl(Path f) {
        List<Text> out = new ArrayList<>();
        try (Stream<String> lines = Files.lines(f)) {
            int[] n = {0};
            lines.forEach(line -> {
                n[0]++;
                if (line.isBlank()) return;
                try {
                    texts(JSON.readTree(line), f + ":" + n[0], out);
                } catch (IOException e) {
                    throw new IllegalArgumentException(f + ":" + n[0] + ": not JSON: " + e.getMessage(), e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        }
        return out;
    }

    private static void texts(JsonNode line, String where, List<Text> out) {
        if (line.path("text").isTextual()) out.add(new Text(where, line.get("text").asText()));
        for (JsonNode m : line.path("messages")) {
            JsonNode c = m.path("content");
            if (c.isTextual()) out.add(new Text(where, c.asText()));
            for (JsonNode part : c) if (part.path("text").isTextual()) out.add(new Text(where, part.get("text").asText()));
        }
    }

    /** A harness JSON file also as the prompt renders it: tool schemas go in compact, without spaces. */
    private static void withCompactJson(Text t, List<Text> out) {
        out.add(t);
        if (!t.source().endsWith(".json")) return;
        try {
            out.add(new Text(t.source() + "#compact", JSON.readTree(t.text()).toString()));
        } catch (IOException e) {
            // not JSON after all: the text itself is enough
        }
    }

    private static Text whole(String source, Path f) {
        try {
            return new Text(source, Files.readString(f));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        }
    }

    /** Regular files under {@code dir}, in path order, leaving out dot files. */
    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException(dir + " is not a folder");
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> !dir.relativize(p).toString().startsWith(".") && !dir.relativize(p).toString().contains("/."))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
