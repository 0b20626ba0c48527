package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.RoomStateUpdate;
import io.liveharness.api.RoomStateUpdate.PriceChange;
import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.api.RoomStateUpdate.StockChange;
import io.vertx.core.buffer.Buffer;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Validates {@code POST /v1/rooms/{roomId}/state}:
 * {@code {"onStage", "priceChanges":[{productId,price}], "stockChanges":[{productId,stock}],
 * "promotions":[{id,title,actionLinkId,productId}], "utterance"}}, each part optional, errors
 * naming the field by its path ({@code priceChanges[1].price}).
 */
public final class RoomStateParser {
    private static final Set<String> FIELDS = Set.of("onStage", "priceChanges", "stockChanges", "promotions", "utterance");
    private final int maxTextChars;

    public RoomStateParser(int maxTextChars) { this.maxTextChars = maxTextChars; }

    /** {@code roomHasProduct} says which product ids this room sells. */
    public RoomStateUpdate parse(String roomId, Buffer body, Predicate<String> roomHasProduct, long nowMs) {
        JsonNode obj = RequestJson.object(body);
        obj.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) throw ApiError.badField(f, "unknown field '" + f + "'; expected one of " + FIELDS);
        });
        if (!obj.fieldNames().hasNext()) throw ApiError.badField("body", "nothing to update; expected one of " + FIELDS);

        String onStage = RequestJson.optionalString(obj, "onStage");
        if (onStage != null && !roomHasProduct.test(onStage)) {
            throw ApiError.badField("onStage", "product '" + onStage + "' is not sold in room '" + roomId + "'");
        }
        List<PriceChange> prices = list(obj, "priceChanges", (item, path) -> {
            String product = product(item, path, roomId, roomHasProduct);
            JsonNode price = item.get("price");
            if (price == null || !price.isNumber() || price.asDouble() < 0) {
                throw ApiError.badField(path + ".price", "'" + path + ".price' must be a number of 0 or more");
            }
            return new PriceChange(product, price.asDouble());
        });
        List<StockChange> stock = list(obj, "stockChanges", (item, path) -> {
            String product = product(item, path, roomId, roomHasProduct);
            JsonNode units = item.get("stock");
            if (units == null || !units.isIntegralNumber() || units.asLong() < 0 || units.asLong() > Integer.MAX_VALUE) {
                throw ApiError.badField(path + ".stock", "'" + path + ".stock' must be a whole number of 0 or more");
            }
            return new StockChange(product, units.asInt());
        });
        List<Promotion> promotions = list(obj, "promotions", (item, path) -> new Promotion(
                text(item, path, "id", true), text(item, path, "title", true), text(item, path, "actionLinkId", true),
                item.has("productId") ? product(item, path, roomId, roomHasProduct) : null));
        String utterance = RequestJson.optionalString(obj, "utterance");
        if (utterance != null && utterance.codePointCount(0, utterance.length()) > maxTextChars * 4) {
            throw ApiError.badField("utterance", "'utterance' is longer than " + maxTextChars * 4 + " characters");
        }
        return new RoomStateUpdate(roomId, onStage, prices, stock, promotions, utterance, nowMs);
    }

    private interface ItemParser<T> {
        T parse(JsonNode item, String path);
    }

    private static <T> List<T> list(JsonNode obj, String field, ItemParser<T> parser) {
        JsonNode arr = obj.get(field);
        if (arr == null || arr.isNull()) return null;
        if (!arr.isArray()) throw ApiError.badField(field, "'" + field + "' must be an array");
        List<T> out = new ArrayList<>();
        for (int i = 0; i < arr.size(); i++) {
            String path = field + "[" + i + "]";
            JsonNode item = arr.get(i);
            if (!item.isObject()) throw ApiError.badField(path, "'" + path + "' must be an object");
            out.add(parser.parse(item, path));
        }
        return out;
    }

    private static String product(JsonNode item, String path, String roomId, Predicate<String> roomHasProduct) {
        String id = text(item, path, "productId", true);
        if (!roomHasProduct.test(id)) {
            throw ApiError.badField(path + ".productId", "product '" + id + "' is not sold in room '" + roomId + "'");
        }
        return id;
    }

    private static String text(JsonNode item, String path, String field, boolean required) {
        JsonNode v = item.get(field);
        String at = path + "." + field;
        if (v == null || v.isNull()) {
            if (required) throw ApiError.badField(at, "'" + at + "' is required");
            return null;
        }
        if (!v.isTextual() || v.asText().isBlank()) throw ApiError.badField(at, "'" + at + "' must be a non-empty string");
        return v.asText();
    }
}
