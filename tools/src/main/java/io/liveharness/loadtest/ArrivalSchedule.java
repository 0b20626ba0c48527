package io.liveharness.loadtest;

import java.util.BitSet;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * The open-model arrival schedule: every room is an independent Poisson process at the scenario's
 * rate, times the burst multiplier inside the burst window for the burst rooms. Arrivals are made
 * lazily, room by room, from a priority queue of each room's next arrival, so memory is one entry
 * per room whatever the duration. A flood ({@link Scenario.Flood}) adds one viewer's evenly spaced
 * messages to its rooms. The schedule never looks at replies: that is what keeps the generator open
 * (no coordinated omission).
 */
public final class ArrivalSchedule {

    /** One arrival: room index, nanoseconds after the start, and whether it is the flooding viewer's. */
    public record Arrival(int room, long atNs, boolean flood) { }

    private final Scenario s;
    private final SplittableRandom random;
    private final BitSet burstRooms;
    private final long endNs;
    private final long burstStartNs;
    private final long burstEndNs;
    private final PriorityQueue<long[]> next = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    private final java.util.ArrayDeque<Arrival> flood = new java.util.ArrayDeque<>();

    public ArrivalSchedule(Scenario s) {
        this.s = s;
        this.random = new SplittableRandom(s.seed());
        this.endNs = s.totalS() * 1_000_000_000L;
        this.burstStartNs = (s.warmupS() + s.burst().startS()) * 1_000_000_000L;
        this.burstEndNs = burstStartNs + s.burst().durationS() * 1_000_000_000L;
        this.burstRooms = new BitSet(s.rooms());
        if (s.burst().present()) {
            // A seeded choice of round(share x rooms) rooms: a partial Fisher-Yates shuffle.
            int count = (int) Math.round(s.burst().shareOfRooms() * s.rooms());
            int[] idx = new int[s.rooms()];
            for (int i = 0; i < idx.length; i++) idx[i] = i;
            SplittableRandom pick = new SplittableRandom(s.seed() * 31 + 7);
            for (int i = 0; i < count; i++) {
                int j = i + pick.nextInt(idx.length - i);
                int t = idx[i]; idx[i] = idx[j]; idx[j] = t;
                burstRooms.set(idx[i]);
            }
        }
        if (s.flood().present()) {
            long from = (s.warmupS() + s.flood().startS()) * 1_000_000_000L;
            double gapNs = s.flood().overS() * 1e9 / s.flood().messages();
            for (int i = 0; i < s.flood().messages(); i++) {
                for (int r = 0; r < s.flood().rooms(); r++) flood.add(new Arrival(r, from + (long) (i * gapNs), true));
            }
        }
        for (int r = 0; r < s.rooms(); r++) {
            long at = after(r, 0);
            if (at < endNs) next.add(new long[]{at, r});
        }
    }

    public boolean inBurst(int room) { return burstRooms.get(room); }

    public int burstRoomCount() { return burstRooms.cardinality(); }

    /** The next arrival in time order, or null when the schedule has ended. */
    public Arrival next() {
        if (!flood.isEmpty() && (next.isEmpty() || flood.peek().atNs() <= next.peek()[0])) return flood.poll();
        long[] e = next.poll();
        if (e == null) return null;
        int room = (int) e[1];
        long at = e[0];
        long following = after(room, at);
        if (following < endNs) {
            e[0] = following;
            next.add(e);
        }
        return new Arrival(room, at, false);
    }

    /**
     * The room's first arrival after {@code fromNs}. A non-homogeneous Poisson process with a
     * piecewise-constant rate: draw an exponential gap at the current rate; if it crosses a rate
     * change, restart from the change (exact, the exponential being memoryless).
     */
    private long after(int room, long fromNs) {
        long t = fromNs;
        while (true) {
            double rate = rateAt(room, t);
            long boundary = boundaryAfter(room, t);
            long gap = (long) (-Math.log(1 - random.nextDouble()) / rate * 1e9);
            if (t + gap < boundary) return t + Math.max(1, gap);
            if (boundary >= endNs) return endNs;
            t = boundary;
        }
    }

    private double rateAt(int room, long t) {
        boolean burst = burstRooms.get(room) && t >= burstStartNs && t < burstEndNs;
        return burst ? s.ratePerRoom() * s.burst().multiplier() : s.ratePerRoom();
    }

    private long boundaryAfter(int room, long t) {
        if (burstRooms.get(room)) {
            if (t < burstStartNs) return burstStartNs;
            if (t < burstEndNs) return burstEndNs;
        }
        return endNs;
    }
}
