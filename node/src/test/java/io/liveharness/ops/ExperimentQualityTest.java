package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An A/B between two harness versions on a real node under a short load: the default harness
 * (control) against the same without its false-claims output hook (treatment). Each arm's
 * questions, covered questions, false-claim replies (the claim reader on what was spoken) and
 * fallbacks show in {@code GET /v1/quality} with intervals and in /metrics under the arm's labels,
 * and agree with the outcomes the operator reads one by one.
 */
class ExperimentQualityTest {
    private static final int PER_ROOM = 4;
    private static final List<String> ROOMS = List.of("dress-room", "snack-room", "tech-room");

    @Test
    void eachArmOfAnExperimentShowsItsFalseClaimRateFallbackShareCoverageAndLatencyWithIntervals() {
        try (Node node = TestNodes.start(TestNodes.patient(OpsNodes.config()))) {
            OpsNodes.Client http = OpsNodes.Client.operatorAndViewer(node.port());
            String control = http.get("/v1/harness").json().path("channels").path("stable").asText();
            Http.Reply published = OpsNodes.Client.publisher(node.port()).post("/v1/harness", withoutFalseClaimsHook().toString());
            assertEquals(201, published.status(), published.body());
            String treatment = published.json().path("version").asText();
            String name = nameSplittingTheRooms(control, treatment);
            Http.Reply started = http.post("/v1/experiments", Http.JSON.createObjectNode().put("name", name).put("control", control)
                    .put("treatment", treatment).put("treatmentShare", 0.5).toString());
            assertEquals(201, started.status(), started.body());

            Map<String, List<JsonNode>> byArm = new HashMap<>();
            List<String> ids = new ArrayList<>();
            Map<String, List<String>> questions = questionsByRoom();
            for (int i = 0; i < PER_ROOM; i++) {
                for (String room : ROOMS) {
                    String id = room + "-ab-" + i;
                    Http.Reply r = http.post("/v1/rooms/" + room + "/messages", Http.JSON.createObjectNode().put("messageId", id)
                            .put("userId", "viewer-" + i).put("text", questions.get(room).get(i)).toString());
                    assertEquals(202, r.status(), r.body());
                    ids.add(id);
                }
            }
            for (String id : ids) {
                JsonNode o = http.awaitOutcome(id, Duration.ofSeconds(120));
                String room = id.substring(0, id.indexOf("-ab-"));
                String arm = new Experiment(name, "stable", control, treatment, 0.5).treats(room) ? "treatment" : "control";
                assertEquals(arm.equals("treatment") ? treatment : control, o.path("harnessVersion").asText(null),
                        "the version of " + id + " in the " + arm + " arm");
                byArm.computeIfAbsent(arm, k -> new ArrayList<>()).add(o);
            }

            JsonNode quality = await("the last outcome counted").atMost(Duration.ofSeconds(5))
                    .until(() -> http.get("/v1/quality").json(), q -> questions(q, name) == ids.size());
            String metrics = http.get("/metrics").body();
            for (String arm : List.of("control", "treatment")) {
                List<JsonNode> outcomes = byArm.get(arm);
                JsonNode a = arm(quality, name, arm);
                assertNotNull(a, arm + " arm missing from " + quality);
                assertEquals(arm.equals("treatment") ? treatment : control, a.path("version").asText());
                long answered = outcomes.stream().filter(o -> o.path("status").asText().equals("answered")).count();
                long covered = outcomes.stream().filter(o -> List.of("answered", "merged").contains(o.path("status").asText())).count();
                long wrong = outcomes.stream().filter(o -> o.path("status").asText().equals("answered") && o.has("falseClaims")).count();
                long fallbacks = outcomes.stream().filter(o -> o.path("status").asText().equals("answered")
                        && List.of("fallback", "overload").contains(o.path("reason").asText())).count();
                assertEquals(outcomes.size(), a.path("questions").asLong(), arm + ": " + a);
                assertEquals(covered, a.path("covered").asLong(), arm + ": " + a);
                assertEquals(answered, a.path("replies").asLong(), arm + ": " + a);
                assertEquals(wrong, a.path("falseClaimReplies").asLong(), arm + ": " + a);
                assertEquals(fallbacks, a.path("fallbacks").asLong(), arm + ": " + a);
                for (String rate : List.of("coverage", "falseClaimRate", "fallbackShare")) {
                    JsonNode r = a.path(rate);
                    assertTrue(r.path("low").asDouble() <= r.path("value").asDouble() && r.path("value").asDouble() <= r.path("high").asDouble()
                            && r.path("high").asDouble() - r.path("low").asDouble() > 0.05, arm + " " + rate + ": " + r);
                }
                JsonNode p50 = a.path("latencyMs").path("p50");
                assertTrue(p50.path("low").asDouble() <= p50.path("value").asDouble() && p50.path("value").asDouble() <= p50.path("high").asDouble(),
                        arm + " latency: " + a.path("latencyMs"));
                String labels = "arm=\"" + arm + "\",experiment=\"" + name + "\"";
                assertEquals(outcomes.size(), sum(metrics, "liveharness_outcomes_total", labels), "outcomes of the " + arm + " arm in /metrics");
                assertEquals(wrong, sum(metrics, "liveharness_false_claim_replies_total", labels), "false-claim replies of the " + arm + " arm");
                assertTrue(metrics.contains("version=\"" + a.path("version").asText() + "\""), "the arm's version as a label");
            }
            System.out.println("per-arm live quality: " + quality.toPrettyString());
        }
    }

    /** The default harness less its false-claims hook: what the hook keeps off the air goes on it. */
    private static ObjectNode withoutFalseClaimsHook() {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files().forEach((p, b) -> {
            String text = new String(b, StandardCharsets.UTF_8);
            if (p.equals("harness.yaml")) {
                String without = text.lines().filter(l -> !l.contains("type: false-claims")).reduce("", (x, y) -> x + y + "\n");
                assertTrue(without.length() < text.length(), "harness.yaml has a false-claims hook to leave out");
                text = without;
            }
            files.put(p, text);
        });
        return body;
    }

    /** A name whose hash puts some rooms in each arm, so both arms answer. */
    private static String nameSplittingTheRooms(String control, String treatment) {
        for (int i = 0; ; i++) {
            Experiment e = new Experiment("hooks-ab-" + i, "stable", control, treatment, 0.5);
            long treated = ROOMS.stream().filter(e::treats).count();
            if (treated > 0 && treated < ROOMS.size()) return e.name();
        }
    }

    /** The dev set's product questions of each room, in file order. */
    private static Map<String, List<String>> questionsByRoom() {
        Map<String, List<String>> out = new HashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("eval/dev/demo.jsonl"))) {
                JsonNode c = Http.JSON.readTree(line);
                if (c.path("intent").asText().equals("product_qa")) out.computeIfAbsent(c.path("room").asText(), k -> new ArrayList<>()).add(c.path("text").asText());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ROOMS.forEach(r -> assertTrue(out.getOrDefault(r, List.of()).size() >= PER_ROOM, "the dev set has too few questions for " + r));
        return out;
    }

    private static long questions(JsonNode quality, String experiment) {
        long n = 0;
        for (JsonNode a : quality.path("arms")) if (a.path("experiment").asText().equals(experiment)) n += a.path("questions").asLong();
        return n;
    }

    private static JsonNode arm(JsonNode quality, String experiment, String arm) {
        for (JsonNode a : quality.path("arms")) {
            if (a.path("experiment").asText().equals(experiment) && a.path("arm").asText().equals(arm)) return a;
        }
        return null;
    }

    /** The sum of a counter's series whose labels contain {@code labels}. */
    static long sum(String scrape, String name, String labels) {
        Matcher m = Pattern.compile("^" + Pattern.quote(name) + "\\{([^}]*)} (\\S+)$", Pattern.MULTILINE).matcher(scrape);
        double total = 0;
        while (m.find()) if (m.group(1).contains(labels)) total += Double.parseDouble(m.group(2));
        return Math.round(total);
    }
}
