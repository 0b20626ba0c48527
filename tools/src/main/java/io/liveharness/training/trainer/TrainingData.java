package io.liveharness.training.trainer;

import io.liveharness.config.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A file of tokenized, masked sequences, JSONL, one sequence a line:
 * {@code {"tokens":[15,27,...],"mask":[0,0,1,...]}}. {@code mask[i] > 0} means the prediction of
 * token i (from the tokens before it) counts in the loss, with that weight (at most
 * {@value #MAX_WEIGHT}; 1 for plain targets); {@code mask[0]} must be 0, since nothing predicts the
 * first token. Blank lines are skipped. A sequence longer than the context is cut to
 * its first {@code context} tokens and counted, never dropped; the targets it loses are counted too
 * (a reply after a long tool result is what gets cut). Any other defect fails with the
 * file and line named.
 */
public record TrainingData(Path file, List<Sequence> sequences, String sha256, int cut, long cutTokens, long cutTargets, int longest) {

    /** The largest loss weight a mask entry may give. */
    public static final int MAX_WEIGHT = 16;

    /** One sequence; {@code mask[i]} is the loss weight of token i, 0 where it is not trained on. */
    public record Sequence(int[] tokens, byte[] mask) {
        public int length() { return tokens.length; }

        /** How many tokens are trained on. */
        public int trained() {
            int n = 0;
            for (byte m : mask) if (m > 0) n++;
            return n;
        }

        /** The sum of the loss weights: what the summed loss is divided by. */
        public int weight() {
            int n = 0;
            for (byte m : mask) n += m;
            return n;
        }
    }

    /** A defect in a data file, with its place. */
    public static final class DataException extends IllegalArgumentException {
        DataException(Path file, long line, String message) { super(file + ":" + line + ": " + message); }
    }

    private static final ObjectMapper JSON = Json.MAPPER;

    public static TrainingData read(Path file, int vocab, int context) {
        List<Sequence> sequences = new ArrayList<>();
        int cut = 0, longest = 0;
        long cutTokens = 0, cutTargets = 0;
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new DigestInputStream(Files.newInputStream(file), sha), StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            long number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) continue;
                Sequence s = parse(file, number, line, vocab);
                longest = Math.max(longest, s.length());
                if (s.length() > context) {
                    cut++;
                    cutTokens += s.length() - context;
                    for (int i = context; i < s.length(); i++) if (s.mask()[i] > 0) cutTargets++;
                    s = new Sequence(java.util.Arrays.copyOf(s.tokens(), context), java.util.Arrays.copyOf(s.mask(), context));
                }
                sequences.add(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (sequences.isEmpty()) throw new DataException(file, 0, "no sequences");
        return new TrainingData(file, List.copyOf(sequences), HexFormat.of().formatHex(sha.digest()), cut, cutTokens, cutTargets, longest);
    }

    private static Sequence parse(Path file, long line, String text, int vocab) {
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new DataException(file, line, "not JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) throw new DataException(file, line, "not a JSON object");
        JsonNode tokens = node.get("tokens"), mask = node.get("mask");
        if (tokens == null || !tokens.isArray()) throw new DataException(file, line, "no \"tokens\" array");
        if (mask == null || !mask.isArray()) throw new DataException(file, line, "no \"mask\" array");
        if (tokens.isEmpty()) throw new DataException(file, line, "no tokens");
        if (mask.size() != tokens.size()) {
            throw new DataException(file, line, tokens.size() + " tokens but " + mask.size() + " mask entries");
        }
        int[] t = new int[tokens.size()];
        byte[] m = new byte[tokens.size()];
        for (int i = 0; i < t.length; i++) {
            JsonNode id = tokens.get(i), flag = mask.get(i);
            if (!id.canConvertToInt() || !id.isIntegralNumber()) throw new DataException(file, line, "token " + i + " is not an integer: " + id);
            t[i] = id.intValue();
            if (t[i] < 0 || t[i] >= vocab) {
                throw new DataException(file, line, "token " + i + " is " + t[i] + ", outside the vocabulary of " + vocab);
            }
            if (!flag.isIntegralNumber() || flag.intValue() < 0 || flag.intValue() > MAX_WEIGHT) {
                throw new DataException(file, line, "mask " + i + " is " + flag + ", not a weight from 0 to " + MAX_WEIGHT);
            }
            m[i] = (byte) flag.intValue();
        }
        if (m[0] != 0) throw new DataException(file, line, "mask 0 is " + m[0] + ", but nothing predicts the first token");
        return new Sequence(t, m);
    }

    public long tokens() {
        long n = 0;
        for (Sequence s : sequences) n += s.length();
        return n;
    }

    public long trainedTokens() {
        long n = 0;
        for (Sequence s : sequences) n += s.trained();
        return n;
    }

    public long weight() {
        long n = 0;
        for (Sequence s : sequences) n += s.weight();
        return n;
    }
}
