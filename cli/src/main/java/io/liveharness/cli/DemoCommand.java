package io.liveharness.cli;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import io.liveharness.ops.LatencySummary;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code demo}: starts a node on the demo rooms, sends a short burst of viewer messages in
 * Chinese and English over the node's own HTTP API, and shows what happened to each message, room
 * by room, the question coverage (questions whose answer was spoken, their own or merged) and the
 * latency of each pipeline stage.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, description = "Run the demo: a node on the demo rooms, a burst of viewer messages in Chinese and English, what happened to each, the question coverage and the latency of each stage.")
final class DemoCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = Json.MAPPER;
    private static final Duration WAIT_FOR_OUTCOMES = Duration.ofSeconds(120);
    /** How much of a tool's result a line shows: enough for the facts a reply states first. */
    private static final int TOOL_RESULT_SHOWN = 160;

    /** One scripted viewer message. */
    record Line(String roomId, String userId, String text) { }

    /** The first viewers, one a room, as each room opens: their rooms read the system prompt once. */
    static final List<Line> OPENING = List.of(
            new Line("dress-room", "v1", "主播好!"),
            new Line("tech-room", "e1", "hi Max!"),
            new Line("snack-room", "s3", "豆豆好可爱"));

    /** Then the burst: duplicates, spam, product questions and chitchat all at once. */
    static final List<Line> BURST = List.of(
            new Line("dress-room", "v2", "这条碎花裙有M码吗?"),
            new Line("dress-room", "v3", "有没有M码"),
            new Line("dress-room", "v4", "碎花裙有M码吗"),
            new Line("dress-room", "v5", "面料是什么的, 会不会透"),
            new Line("dress-room", "v6", "加V看福利 vx123456"),
            new Line("dress-room", "v7", "多少钱啊"),
            new Line("dress-room", "v8", "哈哈哈哈主播今天好漂亮"),
            new Line("tech-room", "e2", "does the earbuds have noise cancelling?"),
            new Line("tech-room", "e3", "is the power bank in stock"),
            new Line("tech-room", "e4", "what's the warranty on the earbuds"),
            new Line("tech-room", "e5", "耳机多少钱"),
            new Line("snack-room", "s1", "坚果礼盒保质期多久"),
            new Line("snack-room", "s2", "发什么快递? 几天能到"),
            new Line("snack-room", "s4", "拆了还能退吗"));

    @Mixin ConfOption conf;

    @Override
    public Integer call() throws Exception {
        NodeConfig loaded = conf.load().withPort(0);
        // The demo plays the platform (a state push) and the operator (reading each outcome in full):
        // tokens of its own for this run, so it needs no secret of a real deployment. It publishes
        // nothing, but a publisher token of its own too keeps the node from writing one to var/.
        String operatorToken = oneOffToken();
        String platformToken = oneOffToken();
        NodeConfig config = loaded.withOps(new NodeConfig.OpsConfig(operatorToken, loaded.ops().tokenFile(),
                        oneOffToken(), loaded.ops().publisherTokenFile()))
                .withPlatform(new NodeConfig.PlatformConfig(platformToken, loaded.platform().tokenFile()));
        try (Node node = Node.boot(config)) {
            System.out.println(Banner.of(node));
            String base = "http://" + config.http().host() + ":" + node.port();
            System.out.println("node: " + base + "\n");
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

            post(http, base + "/v1/rooms/dress-room/state", platformToken, JSON.createObjectNode()
                    .put("utterance", "宝宝们, 这款碎花雪纺裙今天直播间专属价, 喜欢的点1号链接")
                    .set("promotions", JSON.readTree("[{\"id\":\"promo-1\",\"title\":\"满200减20\",\"actionLinkId\":\"link-1\",\"productId\":\"dress-101\"}]")));

            Map<String, Line> sent = new LinkedHashMap<>();
            Map<String, JsonNode> outcomes = new LinkedHashMap<>();
            System.out.println("the rooms open: one viewer greets each room ...");
            outcomes.putAll(awaitOutcomes(http, base, operatorToken, send(http, base, OPENING, sent)));
            System.out.println("a burst of " + BURST.size() + " messages ...\n");
            outcomes.putAll(awaitOutcomes(http, base, operatorToken, send(http, base, BURST, sent)));

            LatencySummary latency = new LatencySummary();
            String room = null;
            List<Map.Entry<String, Line>> byRoom = new ArrayList<>(sent.entrySet());
            byRoom.sort(java.util.Comparator.comparing(e -> e.getValue().roomId()));
            for (var e : byRoom) {
                Line line = e.getValue();
                if (!line.roomId().equals(room)) {
                    room = line.roomId();
                    System.out.println("== " + room + " ==");
                }
                JsonNode o = outcomes.get(e.getKey());
                System.out.println(describe(e.getKey(), line, o));
                if (o != null && o.path("status").asText().equals("answered")) {
                    o.path("timingsMs").fields().forEachRemaining(t -> latency.add(t.getKey(), t.getValue().asDouble()));
                    latency.add("end_to_end", o.path("latencyMs").asDouble());
                }
            }
            System.out.println("\n" + byModel(outcomes.values()));
            System.out.println(coverage(outcomes.values()));
            System.out.println("\n== latency per stage (answered messages) ==");
            System.out.print(latency.table());
            long missing = sent.keySet().stream().filter(id -> !outcomes.containsKey(id)).count();
            if (missing > 0) {
                System.out.println("\n" + missing + " messages had no outcome after " + WAIT_FOR_OUTCOMES.toSeconds() + " s");
                return 1;
            }
            System.out.println("\nevery message got exactly one outcome (" + outcomes.size() + "/" + sent.size() + ")");
            return 0;
        }
    }

    /** Posts the lines over the node's HTTP API; returns the accepted ones by message id. */
    private static Map<String, Line> send(HttpClient http, String base, List<Line> lines, Map<String, Line> sent) throws Exception {
        Map<String, Line> accepted = new LinkedHashMap<>();
        for (Line line : lines) {
            String id = String.format("demo-%02d", sent.size() + 1);
            ObjectNode body = JSON.createObjectNode().put("messageId", id).put("userId", line.userId()).put("text", line.text());
            HttpResponse<String> r = post(http, base + "/v1/rooms/" + line.roomId() + "/messages", null, body);
            if (r.statusCode() != 202) {
                System.out.println("  " + id + " was refused: " + r.statusCode() + " " + r.body());
                continue;
            }
            sent.put(id, line);
            accepted.put(id, line);
        }
        return accepted;
    }

    private static String describe(String id, Line line, JsonNode o) {
        if (o == null) return String.format("  %s %-24s -> no outcome yet", id, quote(line.text()));
        String status = o.path("status").asText();
        StringBuilder s = new StringBuilder(String.format("  %s %-24s -> %s (%s)", id, quote(line.text()), status, o.path("reason").asText()));
        if (o.has("intent")) s.append(String.format(" intent=%s %.2f", o.path("intent").asText(), o.path("confidence").asDouble()));
        if (o.has("mergedInto")) s.append(" into ").append(o.path("mergedInto").asText());
        if (status.equals("answered")) s.append(String.format(", %d ms", o.path("latencyMs").asLong()));
        if (o.has("detail") && !status.equals("merged")) s.append("\n        why: ").append(o.path("detail").asText());
        if (status.equals("answered")) {
            for (JsonNode tool : o.path("tools")) s.append("\n        tool:  ").append(toolCall(tool));
            s.append("\n        reply: ").append(quote(o.path("reply").asText()));
        }
        return s.toString();
    }

    /** A tool call of the outcome's trace on one line: name, arguments, and the start of what came back. */
    static String toolCall(JsonNode tool) {
        String back = tool.path("ok").asBoolean() ? tool.path("result").toString() : "error: " + tool.path("error").asText();
        if (back.codePointCount(0, back.length()) > TOOL_RESULT_SHOWN) {
            back = back.substring(0, back.offsetByCodePoints(0, TOOL_RESULT_SHOWN)) + " ...";
        }
        return tool.path("tool").asText() + " " + tool.path("arguments") + " -> " + back;
    }

    /** How many answers the model gave itself, rather than the skill's grounded fallback: product questions apart. */
    static String byModel(java.util.Collection<JsonNode> outcomes) {
        int answered = 0, model = 0, questions = 0, questionsByModel = 0;
        for (JsonNode o : outcomes) {
            if (!o.path("status").asText().equals("answered")) continue;
            boolean byModel = o.path("reason").asText().equals("model");
            boolean question = o.path("intent").asText().equals("product_qa");
            answered++;
            if (byModel) model++;
            if (question) questions++;
            if (question && byModel) questionsByModel++;
        }
        return String.format("answered by the model: %d of %d answers; product questions: %d of %d", model, answered, questionsByModel, questions);
    }

    /** Intents whose messages ask the room something it can answer; small talk, complaints and spam are left out. */
    private static final Set<String> QUESTIONS = Set.of("product_qa", "clarification", "promotion", "logistics", "after_sales");
    /** Within how long of its acceptance a question's covering reply counts: the window the burst issue measures. */
    static final long COVERED_WITHIN_MS = 15_000;

    /**
     * Question coverage: of the questions sent, how many had an answer spoken, their own or the one
     * they were merged into, and how many within {@link #COVERED_WITHIN_MS}; then how long the covering
     * reply took (acceptance to its last segment released).
     */
    static String coverage(java.util.Collection<JsonNode> outcomes) {
        int questions = 0, answered = 0, merged = 0;
        List<Long> latencies = new ArrayList<>();
        Map<String, Integer> notSpoken = new java.util.TreeMap<>();
        for (JsonNode o : outcomes) {
            if (!QUESTIONS.contains(o.path("intent").asText())) continue;
            questions++;
            String status = o.path("status").asText();
            if (status.equals("answered")) answered++;
            else if (status.equals("merged")) merged++;
            else {
                notSpoken.merge(status + "/" + o.path("reason").asText(), 1, Integer::sum);
                continue;
            }
            latencies.add(o.path("latencyMs").asLong());
        }
        int covered = answered + merged;
        long within = latencies.stream().filter(ms -> ms <= COVERED_WITHIN_MS).count();
        java.util.Collections.sort(latencies);
        StringBuilder s = new StringBuilder(String.format("question coverage: %d of %d questions spoken (%s): %d answered, %d merged into an answer; "
                + "not spoken: %s; within %d s: %d (%s)", covered, questions, percent(covered, questions), answered, merged,
                notSpoken.isEmpty() ? "none" : notSpoken.toString(), COVERED_WITHIN_MS / 1000, within, percent(within, questions)));
        if (!latencies.isEmpty()) {
            s.append(String.format("%nquestion latency (acceptance to the covering reply's end): P50 %d ms, P95 %d ms, max %d ms",
                    rank(latencies, 0.50), rank(latencies, 0.95), latencies.getLast()));
        }
        return s.toString();
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "-" : Math.round(100.0 * part / whole) + " %";
    }

    /** The nearest-rank percentile of sorted values. */
    private static long rank(List<Long> sorted, double p) {
        return sorted.get(Math.max(0, (int) Math.ceil(p * sorted.size()) - 1));
    }

    private static String quote(String s) { return "\"" + s + "\""; }

    /** Each message's whole outcome, from the operator's {@code GET /v1/rooms/{roomId}/outcomes/{id}}. */
    private static Map<String, JsonNode> awaitOutcomes(HttpClient http, String base, String operatorToken, Map<String, Line> lines) throws Exception {
        Map<String, JsonNode> done = new LinkedHashMap<>();
        long until = System.nanoTime() + WAIT_FOR_OUTCOMES.toNanos();
        List<String> pending = new ArrayList<>(lines.keySet());
        while (!pending.isEmpty() && System.nanoTime() < until) {
            for (String id : List.copyOf(pending)) {
                String path = "/v1/rooms/" + lines.get(id).roomId() + "/outcomes/" + id;
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + path))
                                .header("authorization", "Bearer " + operatorToken).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    done.put(id, JSON.readTree(r.body()));
                    pending.remove(id);
                }
            }
            if (!pending.isEmpty()) Thread.sleep(100);
        }
        return done;
    }

    /** Posts JSON, with {@code Authorization: Bearer <token>} when a token is given. */
    private static HttpResponse<String> post(HttpClient http, String url, String token, JsonNode body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (token != null) b.header("authorization", "Bearer " + token);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String oneOffToken() {
        byte[] random = new byte[24];
        new java.security.SecureRandom().nextBytes(random);
        return java.util.HexFormat.of().formatHex(random);
    }
}
