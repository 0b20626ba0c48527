package io.liveharness.room;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.SpeechConfig;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.ScriptedBackend;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe's flood: one viewer sends 200 questions to a room, as fast as one client can, and five
 * others then ask one each. The five are answered; the flooder's surplus ends {@code viewer_limit}.
 */
class ViewerFloodTest {

    private static String message(String id, String user, String text) {
        return Http.JSON.createObjectNode().put("messageId", id).put("userId", user).put("text", text).toString();
    }

    /** Distinct product questions (the router's own test set), so the flood is not merged away as duplicates. */
    private static List<String> productQuestions() throws Exception {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("data/router/test.jsonl"))) {
            JsonNode n = Http.JSON.readTree(line);
            if (n.path("label").asText().equals("product_qa")) out.add(n.path("text").asText());
        }
        return out;
    }

    @Test
    void oneViewerSendingTwoHundredCostsFiveOthersNothing() throws Exception {
        NodeConfig c = TestNodes.patient(TestNodes.config());
        // Speech as fast as text: the test is about who gets a place in the queue, not the avatar's pace.
        c = TestNodes.withSpeech(c, new SpeechConfig(10_000.0, 10_000.0, null, null));
        // An answer takes a while, as a real model's does: the flood arrives faster than the room can answer.
        var model = new ScriptedBackend(call -> new ScriptedBackend.Script().pause(200).say("有的亲，", "M码有货。").build());
        try (Node node = TestNodes.start(c, model)) {
            Http viewer = new Http(node.port());
            List<String> flood = productQuestions();
            for (int i = 0; i < 200; i++) {
                var r = viewer.post("/v1/rooms/dress-room/messages",
                        message("flood-" + i, "flooder", flood.get(i % flood.size()) + " " + i));
                assertEquals(202, r.status(), r.body());
            }
            String[] others = {"这条裙子会不会透", "L码腰围多少", "黑色还有货吗", "可以机洗吗", "蓝色的有吗"};
            for (int i = 0; i < others.length; i++) {
                var r = viewer.post("/v1/rooms/dress-room/messages", message("other-" + i, "viewer-" + i, others[i]));
                assertEquals(202, r.status(), r.body());
            }
            for (int i = 0; i < others.length; i++) {
                JsonNode o = viewer.awaitOutcome("other-" + i, Duration.ofSeconds(90));
                assertTrue(o.path("status").asText().equals("answered") || o.path("status").asText().equals("merged"),
                        "viewer-" + i + " was answered, not " + o);
            }
            Map<String, Integer> floodReasons = new TreeMap<>();
            for (int i = 0; i < 200; i++) {
                JsonNode o = viewer.awaitOutcome("flood-" + i, Duration.ofSeconds(90));
                floodReasons.merge(o.path("reason").asText(), 1, Integer::sum);
            }
            assertTrue(floodReasons.getOrDefault("viewer_limit", 0) >= 190, "the flood's surplus ends viewer_limit: " + floodReasons);
            String metrics = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create(viewer.base() + "/metrics")).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(metrics.lines().anyMatch(l -> l.startsWith("liveharness_outcomes_total") && l.contains("reason=\"viewer_limit\"")
                    && !l.endsWith(" 0.0")), "metrics count the viewer_limit drops");
        }
    }
}
