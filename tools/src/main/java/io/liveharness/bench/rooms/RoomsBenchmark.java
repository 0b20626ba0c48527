package io.liveharness.bench.rooms;

import io.liveharness.api.Addresses;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.ViewerMessage;
import io.liveharness.node.Node;
import io.liveharness.room.RoomManifest;
import io.vertx.core.Future;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * How much heap a room costs. Deploys N rooms on a running node, sends each one message, waits
 * until every one has answered and gone idle, and measures the heap after a full GC against the
 * same node before the rooms came (the baseline, in the same run).
 */
public final class RoomsBenchmark {

    /** What one run measured. */
    public record Result(int rooms, long baselineBytes, long deployedBytes, long answeredBytes, int answered, long seconds) {
        public double freshKbPerRoom() { return (deployedBytes - baselineBytes) / 1024.0 / rooms; }

        public double idleKbPerRoom() { return (answeredBytes - baselineBytes) / 1024.0 / rooms; }
    }

    private final Node node;

    public RoomsBenchmark(Node node) { this.node = node; }

    public Result run(int count, PrintStream progress) throws Exception {
        long start = System.nanoTime();
        long baseline = heapAfterGc();
        progress.printf("baseline heap (node, %d rooms): %.1f MB%n", node.rooms().roomIds().size(), baseline / 1e6);

        List<RoomManifest> rooms = SyntheticRooms.manifests(count);
        ConcurrentHashMap<String, MessageOutcome> outcomes = new ConcurrentHashMap<>();
        List<Future<Void>> listening = new ArrayList<>();
        for (RoomManifest r : rooms) {
            listening.add(node.vertx().eventBus().<MessageOutcome>localConsumer(Addresses.outcome(r.id()),
                    m -> outcomes.put(m.body().messageId(), m.body())).completion());
        }
        await(Future.all(listening));
        await(node.rooms().add(rooms));
        long deployed = heapAfterGc();
        progress.printf("deployed %d rooms: heap %.1f MB%n", count, deployed / 1e6);

        long now = System.currentTimeMillis();
        for (RoomManifest r : rooms) {
            node.rooms().deliver(r.id(), new ViewerMessage(r.id(), "bench-" + r.id(), "viewer", "有M码吗", now));
        }
        long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        int last = -1;
        while (outcomes.size() < count && System.nanoTime() < until) {
            if (outcomes.size() / 200 != last / 200) progress.printf("  outcomes %d/%d%n", outcomes.size(), count);
            last = outcomes.size();
            Thread.sleep(100);
        }
        int answered = (int) outcomes.values().stream().filter(o -> o.kind() == OutcomeKind.ANSWERED).count();
        long idle = heapAfterGc();
        progress.printf("all answered (%d of %d): heap %.1f MB%n", answered, count, idle / 1e6);
        return new Result(count, baseline, deployed, idle, answered, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
    }

    private static long heapAfterGc() throws InterruptedException {
        var memory = ManagementFactory.getMemoryMXBean();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(200);
            best = Math.min(best, memory.getHeapMemoryUsage().getUsed());
        }
        return best;
    }

    private static <T> T await(Future<T> f) throws Exception {
        return f.toCompletionStage().toCompletableFuture().get(5, TimeUnit.MINUTES);
    }
}
