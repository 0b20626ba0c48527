package io.liveharness.training.data;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.eval.export.OpenAiChatFormat;
import io.liveharness.eval.export.Trajectory;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Trajectories (openai-chat JSONL) written as the trainer reads them: one sequence a line,
 * {@code {"tokens":[...],"mask":[0|1|w,...]}}: mask[i] is 0 when predicting token i does not
 * count, and otherwise its weight in the loss: 1, or the key weight for a token the answer turns on
 * ({@link ChatEncoder.Encoded#key()}).
 */
public final class EncodedSet {
    private static final ObjectMapper JSON = Json.MAPPER;

    /** The largest weight a mask entry may carry (the trainer's limit). */
    public static final int MAX_WEIGHT = 16;

    /** What a file came to: sequences, tokens, targets (and how many of them key), the longest sequence. */
    public record Stats(int sequences, long tokens, long targets, long key, int longest, int overLimit) {
        public String line(int limit) {
            return String.format("%,d sequences, %,d tokens (%.0f a sequence, longest %d, %d over %d), %,d target tokens (%.1f%%), %,d of them key",
                    sequences, tokens, tokens / (double) Math.max(1, sequences), longest, overLimit, limit, targets, 100.0 * targets / Math.max(1, tokens), key);
        }
    }

    public static Stats write(ChatEncoder encoder, Path in, Path out, int limit, int keyWeight) throws IOException {
        return write(encoder, in, out, limit, keyWeight, null);
    }

    /**
     * @param keep when not null, only the trajectories one of whose learned replies it finds something in
     *             (a stage that trains on the answers of one kind, beside a replayed world)
     */
    public static Stats write(ChatEncoder encoder, Path in, Path out, int limit, int keyWeight, Pattern keep) throws IOException {
        if (keyWeight < 1 || keyWeight > MAX_WEIGHT) {
            throw new IllegalArgumentException("key weight " + keyWeight + " is not between 1 and " + MAX_WEIGHT);
        }
        OpenAiChatFormat format = new OpenAiChatFormat();
        int sequences = 0, longest = 0, over = 0, lineNo = 0;
        long tokens = 0, targets = 0, key = 0;
        try (BufferedReader r = Files.newBufferedReader(in, StandardCharsets.UTF_8);
             BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            for (String line; (line = r.readLine()) != null; ) {
                lineNo++;
                if (line.isBlank()) continue;
                ChatEncoder.Encoded e;
                try {
                    Trajectory t = format.read(line);
                    if (keep != null && ChatEncoder.learnedReplies(t).stream().noneMatch(reply -> keep.matcher(reply).find())) continue;
                    e = encoder.encode(t);
                } catch (IOException | RuntimeException ex) {
                    throw new IOException(in + ":" + lineNo + ": " + ex.getMessage(), ex);
                }
                ObjectNode n = JSON.createObjectNode();
                ArrayNode t = n.putArray("tokens"), m = n.putArray("mask");
                for (int i = 0; i < e.tokens().length; i++) {
                    t.add(e.tokens()[i]);
                    m.add(!e.mask()[i] ? 0 : e.key()[i] ? keyWeight : 1);
                    if (e.mask()[i] && e.key()[i]) key++;
                }
                w.write(n.toString());
                w.write('\n');
                sequences++;
                tokens += e.tokens().length;
                targets += e.targets();
                longest = Math.max(longest, e.tokens().length);
                if (e.tokens().length > limit) over++;
            }
        }
        return new Stats(sequences, tokens, targets, key, longest, over);
    }

    private EncodedSet() { }
}
