package io.liveharness.loadtest;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One load-test scenario, read from {@code loadtest/<name>.yaml}: how many rooms, each room's
 * viewer rate, an optional flash-sale burst in a share of the rooms, the intent mix of the
 * messages, how long to run and how outcomes are collected. Unknown keys are an error.
 *
 * @param ratePerRoom   viewer messages per second per room (Poisson arrivals)
 * @param warmupS       seconds at the start whose messages are sent and accounted for but kept out of the headline percentiles
 * @param durationS     seconds of sending after the warm-up
 * @param intentMix     label → share; "other" draws from every label not named
 * @param maxInFlight   sends (POSTs) in flight at once; a send that has to wait for one is late, and counted
 * @param flood         one viewer flooding a few rooms, beside the others' Poisson arrivals
 * @param texts         the labelled viewer texts (JSONL of text and label) drawn by the intent mix; the router's test set by default
 */
public record Scenario(String name, String description, int rooms, double ratePerRoom, int warmupS, int durationS,
                       long seed, Burst burst, Map<String, Double> intentMix, int maxInFlight, Outcomes outcomes, Flood flood,
                       Path texts) {

    /**
     * One viewer ({@code userId} {@code flooder-<room>}) in each of the first {@code rooms} rooms
     * sends {@code messages} messages evenly over {@code overS} seconds from {@code startS} (after
     * the warm-up): the report sets the flooded rooms' other viewers beside the rest.
     */
    public record Flood(int rooms, int messages, double overS, int startS) {
        public static final Flood NONE = new Flood(0, 0, 1, 0);
        public boolean present() { return rooms > 0 && messages > 0; }
    }

    /** A flash sale: the rate times {@code multiplier} for {@code durationS} from {@code startS} (seconds after the warm-up) in a share of the rooms. */
    public record Burst(double shareOfRooms, double multiplier, int startS, int durationS) {
        public static final Burst NONE = new Burst(0, 1, 0, 0);
        public boolean present() { return shareOfRooms > 0 && multiplier != 1 && durationS > 0; }
    }

    /**
     * How outcomes are heard: WebSockets on a sample of rooms (client-observed outcome and
     * first-reply times), batched polling of {@code GET /v1/rooms/{roomId}/messages/{id}} for every other message,
     * and a final sweep of whatever is missing until {@code graceS} after the last send.
     */
    public record Outcomes(int wsSampleRooms, long firstPollAfterMs, int maxPollsPerS, int graceS) {
        public static final Outcomes DEFAULT = new Outcomes(50, 2000, 300, 60);
    }

    /** The paper's mix: 46 % product Q&A, 19 % chitchat, 16 % clarification, 7 % after-sales, the rest other intents. */
    public static final Map<String, Double> DEFAULT_MIX;
    static {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("product_qa", 0.46);
        m.put("chitchat", 0.19);
        m.put("clarification", 0.16);
        m.put("after_sales", 0.07);
        m.put("other", 0.12);
        DEFAULT_MIX = Map.copyOf(m);
    }

    private static final ObjectMapper YAML = Json.YAML;
    private static final Set<String> KEYS = Set.of("name", "description", "rooms", "ratePerRoom", "warmupS", "durationS",
            "seed", "burst", "intentMix", "maxInFlight", "outcomes", "flood", "texts", "slo"); // slo: read by Slo

    /** A scenario over the router's test set. */
    public Scenario(String name, String description, int rooms, double ratePerRoom, int warmupS, int durationS,
                    long seed, Burst burst, Map<String, Double> intentMix, int maxInFlight, Outcomes outcomes, Flood flood) {
        this(name, description, rooms, ratePerRoom, warmupS, durationS, seed, burst, intentMix, maxInFlight, outcomes, flood, null);
    }

    public Scenario {
        if (texts == null) texts = MessageTexts.DEFAULT_DATA;
        if (rooms < 1) throw new IllegalArgumentException("rooms must be at least 1");
        if (ratePerRoom <= 0) throw new IllegalArgumentException("ratePerRoom must be above 0");
        if (durationS < 1 || warmupS < 0) throw new IllegalArgumentException("durationS must be at least 1 and warmupS not negative");
        if (maxInFlight < 1) throw new IllegalArgumentException("maxInFlight must be at least 1");
        if (burst.shareOfRooms() < 0 || burst.shareOfRooms() > 1) throw new IllegalArgumentException("burst.shareOfRooms must be in [0, 1]");
        if (flood == null) flood = Flood.NONE;
        if (flood.rooms() < 0 || flood.rooms() > rooms) throw new IllegalArgumentException("flood.rooms must be in [0, rooms]");
        if (flood.messages() < 0 || flood.overS() <= 0) throw new IllegalArgumentException("flood.messages must not be negative and flood.overS above 0");
        if (flood.startS() < 0 || flood.startS() + flood.overS() > durationS) {
            throw new IllegalArgumentException("the flood (startS + overS) must end within durationS");
        }
        double total = intentMix.values().stream().mapToDouble(Double::doubleValue).sum();
        if (Math.abs(total - 1.0) > 0.01) throw new IllegalArgumentException("intentMix shares add up to " + total + ", not 1");
    }

    /** Seconds from the first send to the last. */
    public int totalS() { return warmupS + durationS; }

    /** Messages the schedule is expected to send (the mean of the Poisson process). */
    public double expectedMessages() {
        double base = rooms * ratePerRoom * totalS();
        double withBurst = !burst.present() ? base
                : base + rooms * burst.shareOfRooms() * ratePerRoom * (burst.multiplier() - 1) * burst.durationS();
        return withBurst + (double) flood.rooms() * flood.messages();
    }

    public static Scenario load(Path file) {
        JsonNode n;
        try {
            n = YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
        if (n == null || !n.isObject()) throw new IllegalArgumentException(file + ": not a YAML mapping");
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!KEYS.contains(k)) throw new IllegalArgumentException(file + ": unknown key '" + k + "' (known: " + KEYS + ")");
        }
        String fileName = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        Burst burst = Burst.NONE;
        if (n.hasNonNull("burst")) {
            JsonNode b = n.get("burst");
            burst = new Burst(b.path("shareOfRooms").asDouble(0.1), b.path("multiplier").asDouble(20),
                    b.path("startS").asInt(0), b.path("durationS").asInt(30));
        }
        Map<String, Double> mix = DEFAULT_MIX;
        if (n.hasNonNull("intentMix")) {
            Map<String, Double> m = new LinkedHashMap<>();
            n.get("intentMix").fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asDouble()));
            mix = m;
        }
        Outcomes o = Outcomes.DEFAULT;
        if (n.hasNonNull("outcomes")) {
            JsonNode on = n.get("outcomes");
            o = new Outcomes(on.path("wsSampleRooms").asInt(o.wsSampleRooms()), on.path("firstPollAfterMs").asLong(o.firstPollAfterMs()),
                    on.path("maxPollsPerS").asInt(o.maxPollsPerS()), on.path("graceS").asInt(o.graceS()));
        }
        Flood flood = Flood.NONE;
        if (n.hasNonNull("flood")) {
            JsonNode f = n.get("flood");
            flood = new Flood(f.path("rooms").asInt(1), f.path("messages").asInt(200), f.path("overS").asDouble(2),
                    f.path("startS").asInt(0));
        }
        if (n.hasNonNull("texts") && !java.nio.file.Files.isRegularFile(Path.of(n.get("texts").asText()))) {
            throw new IllegalArgumentException(file + ": texts file '" + n.get("texts").asText() + "' not found (a path from the repository root)");
        }
        try {
            return new Scenario(n.path("name").asText(fileName), n.path("description").asText(""), n.path("rooms").asInt(1),
                    n.path("ratePerRoom").asDouble(0.2), n.path("warmupS").asInt(10), n.path("durationS").asInt(60),
                    n.path("seed").asLong(42), burst, mix, n.path("maxInFlight").asInt(128), o, flood,
                    n.hasNonNull("texts") ? Path.of(n.get("texts").asText()) : null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }
}
