package io.liveharness.training.trainer;

/**
 * Which sequence comes next: each epoch visits every sequence once, in an order shuffled by an
 * {@link Rng} whose state at the start of the epoch, with the epoch and position, is the whole
 * cursor (what a checkpoint saves; the order is rebuilt from it).
 */
final class DataOrder {
    private final int size;
    private int[] order;
    private long epochState; // the Rng state the current order was drawn from
    private long epoch;
    private int position;
    private Rng rng;

    /** A cursor as saved. */
    record Cursor(long epoch, int position, long epochState) { }

    DataOrder(int size, long seed) {
        this.size = size;
        rng = new Rng(seed ^ 0x5DEECE66DL);
        startEpoch(0);
    }

    DataOrder(int size, Cursor at) {
        this.size = size;
        rng = Rng.ofState(at.epochState());
        startEpoch(at.epoch());
        position = at.position();
    }

    private void startEpoch(long e) {
        epoch = e;
        epochState = rng.state();
        order = new int[size];
        for (int i = 0; i < size; i++) order[i] = i;
        for (int i = size - 1; i > 0; i--) {
            int j = rng.below(i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        position = 0;
    }

    int next() {
        if (position == size) startEpoch(epoch + 1);
        return order[position++];
    }

    Cursor cursor() { return new Cursor(epoch, position, epochState); }

    long epoch() { return epoch; }
}
