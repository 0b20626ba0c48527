package io.liveharness.router.features;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.YamlFiles;
import io.liveharness.config.YamlLines;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The router's intent cue words ({@code data/router/cues.yaml}), grouped by what they signal (a
 * coupon word, a return word, an insult...). Each hit emits its group's feature ({@code l:promo}),
 * so a phrasing never seen in training still carries "this names a discount" when one of its
 * words is a cue: the n-grams learn words, the group lets the model share what it learnt across them.
 *
 * <p>Cues are matched on the featurizer's normalised text (lower case, half-width). Chinese cues
 * match anywhere; a Latin cue must start a word, and one of three letters or fewer must also end it.
 */
public final class CueLexicon {
    public static final Path DEFAULT_FILE = Path.of("data/router/cues.yaml");

    private static volatile CueLexicon standard;

    private final List<String> groupNames;
    private final int[][] cues;
    private final int[] groupOf;
    private final int[] first;
    private final int[][] groupNameCodePoints;
    private final long[] groupHashes;

    /** @param groups cue words per group name, in the file's order (the order sets which of two equal cues wins) */
    CueLexicon(Map<String, List<String>> groups) {
        List<int[]> all = new ArrayList<>();
        List<Integer> groupIds = new ArrayList<>();
        List<String> names = List.copyOf(groups.keySet());
        for (int g = 0; g < names.size(); g++) {
            for (String cue : groups.get(names.get(g))) {
                all.add(cue.codePoints().toArray());
                groupIds.add(g);
            }
        }
        Integer[] order = new Integer[all.size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Integer.compare(all.get(a)[0], all.get(b)[0]));
        cues = new int[order.length][];
        groupOf = new int[order.length];
        first = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            cues[i] = all.get(order[i]);
            groupOf[i] = groupIds.get(order[i]);
            first[i] = cues[i][0];
        }
        groupNames = names;
        groupNameCodePoints = new int[names.size()][];
        groupHashes = new long[names.size()];
        for (int g = 0; g < names.size(); g++) {
            groupNameCodePoints[g] = names.get(g).codePoints().toArray();
            groupHashes[g] = FeatureHash.of("l:" + names.get(g));
        }
    }

    /**
     * Reads a lexicon: a map of group name to a list of one or more cues, each one word. A missing
     * file, a wrong type or a cue with a space fails naming the file and line.
     */
    public static CueLexicon load(Path file) {
        JsonNode root = YamlFiles.read(file, JsonNode.class);
        if (root == null || !root.isObject() || root.isEmpty()) {
            throw new YamlFiles.FileException(file + ":1: expected a map of cue group to a list of cue words", null);
        }
        Map<String, List<String>> groups = new LinkedHashMap<>();
        List<String> lines = lines(file);
        for (var e : root.properties()) {
            String group = e.getKey();
            int line = YamlLines.lineOf(lines, group);
            if (!group.matches("[a-z]+")) throw new YamlFiles.FileException(file + ":" + line + ": group name '" + group + "' must be lower-case letters", null);
            JsonNode list = e.getValue();
            if (!list.isArray() || list.isEmpty()) throw new YamlFiles.FileException(file + ":" + line + ": " + group + " must be a list of one or more cue words", null);
            List<String> cues = new ArrayList<>();
            for (JsonNode cue : list) {
                if (!cue.isTextual() || cue.asText().isEmpty() || cue.asText().codePoints().anyMatch(Character::isWhitespace)
                        || !cue.asText().equals(cue.asText().toLowerCase(java.util.Locale.ROOT))) {
                    throw new YamlFiles.FileException(file + ":" + line + ": " + group + ": cue " + cue
                            + " must be one lower-case word (the text is matched lower-cased)", null);
                }
                cues.add(cue.asText());
            }
            groups.put(group, List.copyOf(cues));
        }
        return new CueLexicon(groups);
    }

    /** The lexicon of {@link #DEFAULT_FILE}, read once; the featurizer of every model with lexicon features uses it. */
    public static CueLexicon standard() {
        CueLexicon s = standard;
        if (s == null) {
            synchronized (CueLexicon.class) {
                if (standard == null) standard = load(DEFAULT_FILE);
                s = standard;
            }
        }
        return s;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The feature names this lexicon can emit, {@code l:promo} and so on. */
    public List<String> featureNames() {
        return groupNames.stream().map(g -> "l:" + g).toList();
    }

    /**
     * Emits one {@code l:group} occurrence per cue hit in {@code buf[from, to)}, leftmost-longest and
     * not overlapping: 送货 is one logistics hit, not a logistics and a promotion (送) hit.
     */
    void emit(int[] buf, int from, int to, GramSink sink) {
        for (int i = from; i < to; i++) {
            int cp = buf[i];
            int k = lowerBound(cp);
            if (k < 0) continue;
            boolean latin = isLatin(cp);
            if (latin && i > 0 && isLatin(buf[i - 1])) continue;
            int best = -1;
            for (; k < first.length && first[k] == cp; k++) {
                int[] cue = cues[k];
                if (!matches(buf, i, to, cue) || (best >= 0 && cue.length <= cues[best].length)) continue;
                int end = i + cue.length;
                if (latin && cue.length <= 3 && end < to && isLatin(buf[end])) continue;
                best = k;
            }
            if (best < 0) continue;
            int g = groupOf[best];
            sink.gram(groupHashes[g], 'l', groupNameCodePoints[g], 0, groupNameCodePoints[g].length);
            i += cues[best].length - 1;
        }
    }

    private int lowerBound(int cp) {
        int k = Arrays.binarySearch(first, cp);
        if (k < 0) return -1;
        while (k > 0 && first[k - 1] == cp) k--;
        return k;
    }

    private static boolean matches(int[] buf, int at, int to, int[] cue) {
        if (at + cue.length > to) return false;
        for (int j = 1; j < cue.length; j++) if (buf[at + j] != cue[j]) return false;
        return true;
    }

    private static boolean isLatin(int cp) {
        return cp < 0x250 && Character.isLetter(cp);
    }
}
