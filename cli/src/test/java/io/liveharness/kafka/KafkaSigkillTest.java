package io.liveharness.kafka;

import io.liveharness.chaos.ChaosCluster;
import io.liveharness.chaos.NodeProcess;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two nodes as real child JVMs; one is SIGKILLed in the middle of a burst (no shutdown hook, no
 * release of its rooms, its uncommitted offsets and unwritten outcomes lost with it). The other
 * takes its partitions over, and every message the broker accepted ends with exactly one outcome
 * on the outcomes topic: none lost, none answered twice.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class KafkaSigkillTest {

    @Test
    void aNodeKilledMidBurstLeavesEveryAcceptedMessageExactlyOneOutcome() throws Exception {
        int burst = 200;
        // under target/, not a temp folder: the nodes' and broker's logs stay for whoever reads a failure
        Path dir = Path.of("target", "kafka-sigkill", Long.toString(System.currentTimeMillis(), 36));
        try (ChaosCluster cluster = new ChaosCluster(dir, 2, 5, 6_000, 8_000)) {
            cluster.startAll(Duration.ofSeconds(120));
            Map<String, String> before = cluster.awaitPlacement(Duration.ofSeconds(60));
            NodeProcess survivor = cluster.node(0);
            NodeProcess victim = cluster.node(1);
            List<String> rooms = cluster.rooms();
            List<String> victimRooms = rooms.stream().filter(r -> victim.nodeId().equals(before.get(r))).toList();
            assertFalse(victimRooms.isEmpty(), "the node to kill hosts rooms: " + before);

            Set<String> accepted = ConcurrentHashMap.newKeySet();
            List<String> refused = java.util.Collections.synchronizedList(new ArrayList<>());
            try (var counter = cluster.countOutcomes(); var producer = cluster.producer()) {
                // One message per room first, answered: both engines warm, so the victim is
                // answering (outcomes out, offsets not yet committed) when it is killed.
                for (String room : rooms) {
                    String id = "warm-" + room;
                    producer.send(new ProducerRecord<>(cluster.topic("viewer-messages"), room, ChaosCluster.message(room, id, "viewer-0", "hello!")),
                            (meta, e) -> { if (e == null) accepted.add(id); else refused.add(id + ": " + e); }).get();
                }
                assertTrue(counter.awaitAll(Set.copyOf(accepted), Duration.ofSeconds(90)), "the warm-up is answered: " + counter.perId());
                long start = System.nanoTime();
                for (int i = 0; i < burst; i++) {
                    String room = rooms.get(i % rooms.size());
                    String id = "kill-" + i;
                    producer.send(new ProducerRecord<>(cluster.topic("viewer-messages"), room,
                            ChaosCluster.message(room, id, "viewer-" + (i % 37), "question " + i + ": is it in stock, and how long is the battery?")),
                            (meta, e) -> { if (e == null) accepted.add(id); else refused.add(id + ": " + e); });
                    if (i == burst / 2) victim.kill(); // SIGKILL, 100 messages in: rooms on it have work queued and in flight
                    long due = start + (i + 1) * 40_000_000L; // 25 messages a second
                    long wait = due - System.nanoTime();
                    if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                producer.flush();
                assertEquals(List.of(), refused, "the broker accepted every message");
                assertEquals(burst + rooms.size(), accepted.size());
                assertFalse(victim.alive(), "the victim is dead");

                Map<String, String> after = cluster.awaitPlacement(Duration.ofSeconds(60));
                for (String r : rooms) assertEquals(survivor.nodeId(), after.get(r), "every room on the survivor: " + after);
                boolean all = counter.awaitAll(accepted, Duration.ofSeconds(120));
                Thread.sleep(5_000); // a second answer would come now, if at all
                Map<String, List<String>> perId = counter.perId();
                Map<String, Integer> missing = new TreeMap<>();
                Map<String, List<String>> twice = new TreeMap<>();
                for (String id : accepted) {
                    List<String> kinds = perId.getOrDefault(id, List.of());
                    if (kinds.isEmpty()) missing.put(id, 0);
                    if (kinds.size() > 1) twice.put(id, kinds);
                }
                Set<String> unknown = new java.util.TreeSet<>(perId.keySet());
                unknown.removeAll(accepted);
                assertEquals(Map.of(), missing, "accepted messages with no outcome (all in time: " + all + "; kinds " + counter.perKind() + ")");
                assertEquals(Map.of(), twice, "messages answered more than once");
                assertEquals(Set.of(), unknown, "outcomes for messages nobody sent");
                assertEquals(accepted.size(), counter.records(), "exactly one outcome record per message");
                NodeProcess.Answer health = survivor.health();
                assertEquals(200, health.status(), "the survivor is healthy: " + health.body());
                assertTrue(victimRooms.stream().allMatch(r -> survivor.nodeId().equals(after.get(r))), "the victim's rooms moved");
            }
        }
    }
}
