package io.liveharness.hooks;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageCodec;

/**
 * Passes {@link HookContext} and {@link HookVerdict} through the local event bus as they are
 * (immutable records, nothing to serialize inside one JVM); the wire methods refuse.
 */
final class HookCodec<T> implements MessageCodec<T, T> {
    private final Class<T> type;

    private HookCodec(Class<T> type) { this.type = type; }

    /** Registers both codecs once per event bus; a second call (another version's verticle) is a no-op. */
    static void registerOn(EventBus bus) {
        register(bus, HookContext.class);
        register(bus, HookVerdict.class);
    }

    private static <T> void register(EventBus bus, Class<T> type) {
        try {
            bus.registerDefaultCodec(type, new HookCodec<>(type));
        } catch (IllegalStateException alreadyRegistered) {
            // another hook verticle, or the node's own codec list, got there first: same behaviour
        }
    }

    @Override
    public void encodeToWire(Buffer buffer, T value) {
        throw new UnsupportedOperationException(type.getSimpleName() + " is local to the JVM");
    }

    @Override
    public T decodeFromWire(int pos, Buffer buffer) {
        throw new UnsupportedOperationException(type.getSimpleName() + " is local to the JVM");
    }

    @Override
    public T transform(T value) { return value; }

    @Override
    public String name() { return "hook-local:" + type.getName(); }

    @Override
    public byte systemCodecID() { return -1; }
}
