package io.liveharness.router.train;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.opencsv.CSVReader;
import com.opencsv.exceptions.CsvException;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes labelled messages. JSONL lines carry {@code text,label} and optionally
 * {@code template,replyToAvatar,productKeywords}, or are eval cases ({@code text,intent}, a
 * {@code previous} exchange making the message a reply to the avatar); CSV needs a header with {@code text} and
 * {@code label} (or {@code category}, as Banking77 names it).
 */
public final class LabelledData {
    private static final ObjectMapper JSON = Json.MAPPER;

    public static List<LabelledMessage> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no labelled data file at " + file);
        }
        String name = file.getFileName().toString().toLowerCase();
        return name.endsWith(".csv") ? readCsv(file) : readJsonl(file);
    }

    private static List<LabelledMessage> readJsonl(Path file) throws IOException {
        List<LabelledMessage> out = new ArrayList<>();
        int lineNo = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            if (line.isBlank()) continue;
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (IOException e) {
                throw new IOException(file + ":" + lineNo + ": not a JSON object: " + e.getMessage());
            }
            // an eval case (the dev set's or the held-out set's) is labelled by its intent, and a follow-up answers the avatar
            String label = n.hasNonNull("label") ? "label" : "intent";
            if (!n.hasNonNull("text") || !n.hasNonNull(label)) {
                throw new IOException(file + ":" + lineNo + ": needs fields text and label (or, an eval case, intent)");
            }
            List<String> keywords = new ArrayList<>();
            n.path("productKeywords").forEach(k -> keywords.add(k.asText()));
            boolean reply = n.path("replyToAvatar").asBoolean(n.hasNonNull("previous"));
            out.add(new LabelledMessage(n.get("text").asText(), n.get(label).asText(), n.path("template").asText(""), reply, keywords));
        }
        return out;
    }

    private static List<LabelledMessage> readCsv(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVReader csv = new CSVReader(r)) {
            List<String[]> rows = csv.readAll();
            if (rows.isEmpty()) throw new IOException(file + ": empty CSV");
            String[] header = rows.getFirst();
            int text = indexOf(header, "text");
            int label = indexOf(header, "label");
            if (label < 0) label = indexOf(header, "category");
            int reply = indexOf(header, "replyToAvatar");
            if (text < 0 || label < 0) {
                throw new IOException(file + ": CSV header needs columns text and label (or category)");
            }
            List<LabelledMessage> out = new ArrayList<>(rows.size());
            for (int i = 1; i < rows.size(); i++) {
                String[] row = rows.get(i);
                if (row.length <= Math.max(text, label)) continue;
                boolean replyTo = reply >= 0 && reply < row.length && Boolean.parseBoolean(row[reply].trim());
                out.add(new LabelledMessage(row[text], row[label].trim(), "", replyTo, List.of()));
            }
            return out;
        } catch (CsvException e) {
            throw new IOException(file + ": bad CSV: " + e.getMessage(), e);
        }
    }

    private static int indexOf(String[] header, String column) {
        for (int i = 0; i < header.length; i++) {
            if (header[i].trim().replace("\uFEFF", "").equalsIgnoreCase(column)) return i;
        }
        return -1;
    }

    public static void writeJsonl(Path file, List<LabelledMessage> messages) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (LabelledMessage m : messages) {
                ObjectNode n = JSON.createObjectNode();
                n.put("text", m.text()).put("label", m.label()).put("template", m.template())
                        .put("replyToAvatar", m.replyToAvatar());
                m.productKeywords().forEach(n.putArray("productKeywords")::add);
                w.write(JSON.writeValueAsString(n));
                w.write('\n');
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private LabelledData() { }
}
