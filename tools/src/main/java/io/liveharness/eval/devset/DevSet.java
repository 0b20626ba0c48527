package io.liveharness.eval.devset;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A dev set as a JSON Lines file, one {@link DevCase} a line; blank lines and {@code //} lines are skipped. */
public final class DevSet {
    private static final ObjectMapper JSON = Json.MAPPER;

    public static List<DevCase> read(Path file) {
        List<DevCase> cases = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("//")) continue;
            DevCase c;
            try {
                c = JSON.readValue(line, DevCase.class);
            } catch (IOException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": not a dev-set case: " + e.getMessage().lines().findFirst().orElse(""), e);
            }
            if (c.id() == null || c.room() == null || c.text() == null) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": a case needs id, room and text");
            }
            if (!ids.add(c.id())) throw new IllegalArgumentException(file + ":" + (i + 1) + ": case id '" + c.id() + "' appears twice");
            cases.add(c);
        }
        return List.copyOf(cases);
    }

    public static void write(Path file, List<DevCase> cases) throws IOException {
        StringBuilder out = new StringBuilder();
        for (DevCase c : cases) out.append(JSON.writeValueAsString(c)).append('\n');
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }

    private DevSet() { }
}
