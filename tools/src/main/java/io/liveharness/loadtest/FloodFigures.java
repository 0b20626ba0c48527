package io.liveharness.loadtest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.Json;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a flood ({@link Scenario.Flood}) went: the flooder's outcomes, and the other viewers' in the
 * flooded rooms beside theirs in the rest, by outcome and time to outcome. Thread-safe.
 */
final class FloodFigures {
    private final Group flooder = new Group();
    private final Group othersInFloodedRooms = new Group();
    private final Group othersElsewhere = new Group();

    /** One outcome; {@code flood}: the flooder's message, {@code floodedRoom}: a room the flood went to. */
    void outcome(boolean flood, boolean floodedRoom, String kindAndReason, long latencyUs) {
        (flood ? flooder : floodedRoom ? othersInFloodedRooms : othersElsewhere).add(kindAndReason, latencyUs);
    }

    ObjectNode json(Scenario.Flood f) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("rooms", f.rooms()).put("messagesPerRoom", f.messages()).put("overS", f.overS()).put("startS", f.startS());
        n.set("flooder", flooder.json());
        n.set("othersInFloodedRooms", othersInFloodedRooms.json());
        n.set("othersElsewhere", othersElsewhere.json());
        n.put("note", "the flooder is one userId per flooded room; the others are the scenario's Poisson viewers."
                + " A fair room answers the others in flooded rooms as it answers them elsewhere");
        return n;
    }

    private static final class Group {
        private final Map<String, Long> outcomes = new TreeMap<>();
        private final List<Long> latencyUs = new ArrayList<>();

        synchronized void add(String kindAndReason, long us) {
            outcomes.merge(kindAndReason, 1L, Long::sum);
            latencyUs.add(us);
        }

        synchronized ObjectNode json() {
            ObjectNode n = Json.MAPPER.createObjectNode();
            long answered = outcomes.entrySet().stream().filter(e -> e.getKey().startsWith("answered/") || e.getKey().startsWith("merged/"))
                    .mapToLong(Map.Entry::getValue).sum();
            long all = outcomes.values().stream().mapToLong(Long::longValue).sum();
            n.put("outcomes", all).put("answeredOrMerged", answered);
            if (all > 0) n.put("shareAnswered", Math.round(1000.0 * answered / all) / 1000.0);
            ObjectNode by = n.putObject("byOutcome");
            outcomes.forEach(by::put);
            List<Long> sorted = new ArrayList<>(latencyUs);
            Collections.sort(sorted);
            if (!sorted.isEmpty()) {
                n.put("p50Ms", sorted.get((sorted.size() - 1) / 2) / 1000).put("p95Ms", sorted.get((int) Math.ceil(0.95 * sorted.size()) - 1) / 1000);
            }
            return n;
        }
    }
}
