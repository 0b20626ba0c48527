package io.liveharness.tools;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.api.Addresses;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/**
 * A tool served by this node on {@code tool.<name>}. A subclass answers one call from its JSON
 * arguments; a bad argument is an error result the model can read and correct, never a failure
 * of the request. Answers come from in-memory data, so they run on the event loop.
 */
public abstract class LocalTool extends VerticleBase {
    /**
     * A tool's result is read by the model: a catalog text in both languages is one string there, as
     * the avatar model was trained on ({@link Localized#both}). The data keeps one field per language.
     */
    protected static final ObjectMapper JSON = Json.MAPPER.copy().registerModule(new com.fasterxml.jackson.databind.module.SimpleModule()
            .addSerializer(Localized.class, new com.fasterxml.jackson.databind.ser.std.StdSerializer<>(Localized.class) {
                @Override
                public void serialize(Localized value, com.fasterxml.jackson.core.JsonGenerator gen,
                                      com.fasterxml.jackson.databind.SerializerProvider provider) throws java.io.IOException {
                    gen.writeString(value.both());
                }
            }));
    /** The argument that names one of the room's products, in every tool that takes one. */
    public static final String PRODUCT_ID = "productId";

    /** An argument problem, reported to the model as the tool's error. */
    protected static final class BadArgument extends RuntimeException {
        public BadArgument(String message) { super(message); }
    }

    public abstract String name();

    /** The result as JSON for a call from {@code roomId}, or throws {@link BadArgument}. */
    protected abstract JsonNode answer(String roomId, JsonNode args);

    @Override
    public Future<?> start() {
        return vertx.eventBus().<ToolCall>localConsumer(Addresses.tool(name()), msg -> msg.reply(call(msg.body()))).completion();
    }

    public final ToolResult call(ToolCall call) {
        JsonNode args;
        try {
            args = JSON.readTree(call.argumentsJson());
        } catch (Exception e) {
            return ToolResult.error(name(), "arguments are not JSON: " + e.getMessage());
        }
        if (args == null || !args.isObject()) return ToolResult.error(name(), "arguments must be a JSON object");
        try {
            return ToolResult.ok(name(), answer(call.roomId(), args).toString());
        } catch (BadArgument e) {
            return ToolResult.error(name(), e.getMessage());
        }
    }

    protected static String requiredText(JsonNode args, String field) {
        JsonNode v = args.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) throw new BadArgument("argument '" + field + "' (string) is required");
        return v.asText();
    }

    protected static String optionalText(JsonNode args, String field) {
        JsonNode v = args.get(field);
        if (v == null || v.isNull()) return null;
        if (!v.isTextual()) throw new BadArgument("argument '" + field + "' must be a string");
        return v.asText();
    }

    /** The product the arguments name, as {@code roomId} sells it (its own price and stock). */
    protected static Product product(Catalog catalog, String roomId, JsonNode args) {
        String id = requiredText(args, PRODUCT_ID);
        return catalog.find(roomId, id).orElseThrow(() -> new BadArgument("no product with id '" + id + "'"));
    }
}
