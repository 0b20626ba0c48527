package io.liveharness.loadtest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScheduleTest {

    private static Scenario scenario(int rooms, double rate, Scenario.Burst burst) {
        return new Scenario("t", "", rooms, rate, 0, 100, 9, burst, Scenario.DEFAULT_MIX, 8, Scenario.Outcomes.DEFAULT, null);
    }

    @Test
    void arrivalsComeInTimeOrderAtThePoissonRate() {
        ArrivalSchedule s = new ArrivalSchedule(scenario(100, 0.5, Scenario.Burst.NONE));
        long n = 0;
        long last = -1;
        ArrivalSchedule.Arrival a;
        while ((a = s.next()) != null) {
            assertTrue(a.atNs() >= last);
            assertTrue(a.atNs() < 100_000_000_000L);
            last = a.atNs();
            n++;
        }
        assertEquals(5000, n, 5000 * 0.05); // mean 5,000, sd ~71
    }

    @Test
    void theBurstMultipliesTheRateInItsWindowInItsShareOfRooms() {
        var burst = new Scenario.Burst(0.1, 20, 40, 30);
        ArrivalSchedule s = new ArrivalSchedule(scenario(100, 0.5, burst));
        assertEquals(10, s.burstRoomCount());
        long inBurstRoomsInWindow = 0;
        long elsewhere = 0;
        ArrivalSchedule.Arrival a;
        while ((a = s.next()) != null) {
            boolean window = a.atNs() >= 40_000_000_000L && a.atNs() < 70_000_000_000L;
            if (window && s.inBurst(a.room())) inBurstRoomsInWindow++; else elsewhere++;
        }
        assertEquals(10 * 0.5 * 20 * 30, inBurstRoomsInWindow, 3000 * 0.08);
        assertEquals(5000 - 10 * 0.5 * 30, elsewhere, 4850 * 0.08);
    }

    @Test
    void aFloodIsOneViewersEvenlySpacedMessagesInItsRoomsBesideTheOthers() {
        var flood = new Scenario.Flood(2, 200, 2, 10);
        ArrivalSchedule s = new ArrivalSchedule(new Scenario("t", "", 4, 0.3, 5, 40, 9, Scenario.Burst.NONE,
                Scenario.DEFAULT_MIX, 8, Scenario.Outcomes.DEFAULT, flood));
        long floods = 0, others = 0, last = -1;
        ArrivalSchedule.Arrival a;
        while ((a = s.next()) != null) {
            assertTrue(a.atNs() >= last, "in time order");
            last = a.atNs();
            if (!a.flood()) { others++; continue; }
            floods++;
            assertTrue(a.room() < 2, "only the flood's rooms");
            assertTrue(a.atNs() >= 15_000_000_000L && a.atNs() < 17_000_000_000L, "within the flood's 2 s after warm-up + 10 s");
        }
        assertEquals(400, floods);
        assertEquals(4 * 0.3 * 45, others, 54 * 0.5);
    }

    @Test
    void theIntentMixDrawsTextsOfEachLabelInItsShare() {
        MessageTexts t = new MessageTexts(MessageTexts.DEFAULT_DATA, Scenario.DEFAULT_MIX);
        SplittableRandom r = new SplittableRandom(1);
        int[] counts = new int[Scenario.DEFAULT_MIX.size()];
        for (int i = 0; i < 20_000; i++) counts[t.drawIntent(r)]++;
        for (int i = 0; i < counts.length; i++) {
            assertEquals(Scenario.DEFAULT_MIX.get(t.intent(i)), counts[i] / 20_000.0, 0.015, t.intent(i));
            assertTrue(!t.text(i, r).isBlank());
        }
    }

    @Test
    void aScenarioWithAnUnknownKeyOrABadMixIsRefused(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "rooms: 3\nratePerRoom: 1\nrate: 2\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Scenario.load(bad)).getMessage().contains("unknown key 'rate'"));
        Files.writeString(bad, "rooms: 3\nintentMix: {product_qa: 0.5}\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Scenario.load(bad)).getMessage().contains("add up"));
        Scenario s = Scenario.load(Path.of("loadtest/rooms-1k-flash-sale.yaml"));
        assertTrue(s.burst().present());
        assertEquals(1000, s.rooms());
    }
}
