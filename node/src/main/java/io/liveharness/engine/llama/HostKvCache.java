package io.liveharness.engine.llama;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Evicted rooms' KV sequences in host memory, least recently saved dropped first, bounded by
 * bytes: a room whose stream another room took is restored from here on its next request instead of
 * prefilled again. Each entry is the room's tokens and llama.cpp's state of its sequence
 * (llama_state_seq_get_data), in native memory of its own, freed when the entry goes.
 *
 * <p>Confined to the batcher's decode thread, like the context it saves from; not thread-safe.
 */
final class HostKvCache implements AutoCloseable {

    /** One saved sequence: the tokens whose K/V it holds, at positions 0..tokens.length-1. */
    static final class Entry {
        final int[] tokens;
        final MemorySegment state;
        private final Arena arena;

        private Entry(int[] tokens, MemorySegment state, Arena arena) {
            this.tokens = tokens;
            this.state = state;
            this.arena = arena;
        }

        long bytes() { return state.byteSize(); }

        /** Frees the native memory; the entry must not be used after. */
        void free() { arena.close(); }
    }

    private final long limitBytes;
    // in saving order: a room is saved when it is evicted, after its last use
    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>();
    private long bytes;
    private long dropped;

    /** @param limitBytes the most bytes of state held together; 0 holds nothing */
    HostKvCache(long limitBytes) {
        if (limitBytes < 0) throw new IllegalArgumentException("the host KV cache limit must be 0 or more bytes, was " + limitBytes);
        this.limitBytes = limitBytes;
    }

    boolean enabled() { return limitBytes > 0; }

    /** Whether a state of {@code size} bytes could be held at all. */
    boolean fits(long size) { return size > 0 && size <= limitBytes; }

    /**
     * Holds {@code key}'s state, written by {@code writer} into fresh native memory of {@code size}
     * bytes, replacing what {@code key} had, and drops the least recently saved entries until the
     * total fits the limit. A state larger than the whole limit is not held.
     *
     * @return false when nothing was held
     */
    boolean put(String key, int[] tokens, long size, java.util.function.ToLongFunction<MemorySegment> writer) {
        remove(key);
        if (!fits(size)) return false;
        while (bytes + size > limitBytes) dropEldest();
        Arena arena = Arena.ofConfined();
        MemorySegment state;
        try {
            MemorySegment buffer = arena.allocate(size, 16);
            long written = writer.applyAsLong(buffer);
            state = buffer.asSlice(0, written);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        entries.put(key, new Entry(tokens, state, arena));
        bytes += state.byteSize();
        return true;
    }

    /** {@code key}'s entry, no longer held: the caller frees it once restored. Null when none. */
    Entry take(String key) {
        Entry e = entries.remove(key);
        if (e != null) bytes -= e.bytes();
        return e;
    }

    /** Holds again an entry {@link #take} gave out and that was not used, as the most recently saved. */
    void putBack(String key, Entry e) {
        remove(key);
        while (bytes + e.bytes() > limitBytes && !entries.isEmpty()) dropEldest();
        entries.put(key, e);
        bytes += e.bytes();
    }

    /** The tokens {@code key}'s entry holds, without taking it; null when none. */
    int[] tokens(String key) {
        Entry e = entries.get(key);
        return e == null ? null : e.tokens;
    }

    void remove(String key) {
        Entry e = take(key);
        if (e != null) e.free();
    }

    private void dropEldest() {
        Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
        Entry e = it.next().getValue();
        it.remove();
        bytes -= e.bytes();
        e.free();
        dropped++;
    }

    /** Bytes of state held now. */
    long bytes() { return bytes; }

    long limitBytes() { return limitBytes; }

    /** Entries dropped to make room since the cache was made. */
    long dropped() { return dropped; }

    /** The rooms held, least recently saved first. */
    List<String> keys() { return List.copyOf(entries.keySet()); }

    @Override
    public void close() {
        for (Entry e : entries.values()) e.free();
        entries.clear();
        bytes = 0;
    }
}
