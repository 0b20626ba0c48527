package io.liveharness.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A load report's voice utilisation: how much of the time each sampled room's avatar speaks, and over time. */
class VoiceUtilisationTest {

    @Test
    void aRoomSpeakingHalfTheWindowIsAtFiftyPercentAndASilentOneAtZero() {
        long start = 1_000_000;
        VoiceUtilisation v = new VoiceUtilisation(start, 10);
        v.room("busy");
        v.room("silent");
        // warm-up 10 s, window 20 s: "busy" speaks 10..15 s and 20..25 s, and 5..10 s in the warm-up
        v.segment("busy", start + 5_000, 5.0);
        v.segment("busy", start + 10_000, 2.5);
        v.segment("busy", start + 12_500, 2.5);
        v.segment("busy", start + 20_000, 5.0);
        JsonNode n = v.json(10, 20, 30);
        assertEquals(50.0, n.get("perRoomPercent").get("busy").asDouble());
        assertEquals(0.0, n.get("perRoomPercent").get("silent").asDouble());
        assertEquals(25.0, n.get("meanPercent").asDouble());
        assertEquals(50.0, n.get("maxPercent").asDouble());
        JsonNode t = n.get("timeline");
        assertEquals(25.0, t.get(0).get("meanPercent").asDouble(), "0..10 s: busy speaks half of it, silent none");
        assertEquals(50.0, t.get(1).get("maxPercent").asDouble());
        assertEquals(0.0, t.get(3).get("maxPercent").asDouble(), "after the last segment");
    }
}
