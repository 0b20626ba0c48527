package io.liveharness.api;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageCodec;

/**
 * Passes an immutable record through the local event bus as it is: inside one JVM nothing is
 * serialized. The wire (HTTP, Kafka, a clustered bus) uses JSON instead, so the wire methods refuse.
 */
public final class LocalCodec<T> implements MessageCodec<T, T> {
    private final Class<T> type;

    private LocalCodec(Class<T> type) { this.type = type; }

    /** Registers local codecs for every record that crosses this JVM's event bus. */
    public static void registerAll(EventBus bus) {
        for (Class<?> type : new Class<?>[] {ViewerMessage.class, MessageOutcome.class, AvatarReply.class, ReplySegment.class,
                RoomStateUpdate.class, ToolCall.class, ToolResult.class, RoomCommand.class,
                io.liveharness.room.RoomSnapshot.class}) {
            register(bus, type);
        }
    }

    private static <T> void register(EventBus bus, Class<T> type) {
        bus.registerDefaultCodec(type, new LocalCodec<>(type));
    }

    @Override
    public void encodeToWire(Buffer buffer, T value) {
        throw new UnsupportedOperationException(type.getSimpleName() + " crosses the wire as JSON, not through this codec");
    }

    @Override
    public T decodeFromWire(int pos, Buffer buffer) {
        throw new UnsupportedOperationException(type.getSimpleName() + " crosses the wire as JSON, not through this codec");
    }

    @Override
    public T transform(T value) { return value; }

    @Override
    public String name() { return "local:" + type.getName(); }

    @Override
    public byte systemCodecID() { return -1; }
}
