package io.liveharness.api;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageCodec;

/**
 * Passes an immutable record through the local event bus as it is: inside one JVM nothing is
 * serialized. The wire (HTTP, Kafka, a clustered bus) uses JSON instead, so the wire methods refuse.
 * The one codec for every local record: the API's here, and each package registers the records it
 * sends itself (hooks their context and verdict, the room its snapshot), once per bus.
 */
public final class LocalCodec<T> implements MessageCodec<T, T> {
    private final Class<T> type;

    private LocalCodec(Class<T> type) { this.type = type; }

    /** Registers local codecs for the API's records that cross this JVM's event bus. */
    public static void registerAll(EventBus bus) {
        register(bus, ViewerMessage.class, MessageOutcome.class, AvatarReply.class, ReplySegment.class, RoomStateUpdate.class,
                ToolCall.class, ToolResult.class, RoomCommand.class);
    }

    /** Registers these records' local codecs; a record that already has one keeps it, so any verticle may call this. */
    public static void register(EventBus bus, Class<?>... types) {
        for (Class<?> type : types) registerOne(bus, type);
    }

    private static <T> void registerOne(EventBus bus, Class<T> type) {
        try {
            bus.registerDefaultCodec(type, new LocalCodec<>(type));
        } catch (IllegalStateException alreadyRegistered) {
            // another verticle of this bus registered it first: the same codec
        }
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
