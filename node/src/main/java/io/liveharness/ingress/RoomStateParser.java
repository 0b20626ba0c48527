package io.liveharness.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.api.RoomStateUpdate;
import io.liveharness.api.RoomStateUpdate.PriceChange;
import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.api.RoomStateUpdate.StockChange;
import io.liveharness.pipeline.PromptText;
import io.vertx.core.buffer.Buffer;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Validates {@code POST /v1/rooms/{roomId}/state}:
 * {@code {"onStage", "priceChanges":[{productId,price}], "stockChanges":[{productId,stock}],
 * "promotions":[{id,title,actionLinkId,productId}], "utterance"}}, each part optional, errors
 * naming the field by its path ({@code priceChanges[1].price}).
 *
 * <p>Every text here ends up in the room's system prompt, so it is refused (not quietly changed:
 * the platform shows viewers the same title, and should learn its text did not go through) when it
 * holds a control character, a line break or a chat-template marker, or runs past its limit; ids
 * are kept to a plain alphabet.
 */
public final class RoomStateParser {
    private static final Set<String> FIELDS = Set.of("onStage", "priceChanges", "stockChanges", "promotions", "utterance");
    /** Promotion and action-link ids: what the avatar reads out and the platform resolves. */
    static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,63}");
    /** A promotion title is one short line on screen; the prompt carries it into every request. */
    static final int MAX_TITLE_CHARS = 120;
    /**
     * A price the avatar can say: whole cents, at most a million. Past it (1e308, say) it is a
     * client's bug, and the fallback would read out a number no TTS takes.
     */
    static final double MAX_PRICE = 1_000_000;
    /** Units of stock a room may announce. */
    static final long MAX_STOCK = 10_000_000;
    /** Items of one list (price changes, stock changes): a room sells a handful of products. */
    static final int MAX_ITEMS = 100;
    /** Promotions on at once: each is a line of every request's prompt. */
    static final int MAX_PROMOTIONS = 20;
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
            if (price == null || !price.isNumber() || !(price.asDouble() >= 0 && price.asDouble() <= MAX_PRICE)
                    || price.decimalValue().stripTrailingZeros().scale() > 2) {
                throw ApiError.badField(path + ".price", "'" + path + ".price' must be a number from 0 to "
                        + (long) MAX_PRICE + " in whole cents (at most 2 decimals)");
            }
            return new PriceChange(product, price.asDouble());
        }, MAX_ITEMS);
        List<StockChange> stock = list(obj, "stockChanges", (item, path) -> {
            String product = product(item, path, roomId, roomHasProduct);
            JsonNode units = item.get("stock");
            if (units == null || !units.isIntegralNumber() || !units.canConvertToLong() || units.asLong() < 0 || units.asLong() > MAX_STOCK) {
                throw ApiError.badField(path + ".stock", "'" + path + ".stock' must be a whole number from 0 to " + MAX_STOCK);
            }
            return new StockChange(product, units.asInt());
        }, MAX_ITEMS);
        List<Promotion> promotions = list(obj, "promotions", (item, path) -> new Promotion(
                id(item, path, "id"), promptText(path + ".title", text(item, path, "title", true), MAX_TITLE_CHARS),
                id(item, path, "actionLinkId"), item.has("productId") ? product(item, path, roomId, roomHasProduct) : null),
                MAX_PROMOTIONS);
        String utterance = RequestJson.optionalString(obj, "utterance");
        if (utterance != null) promptText("utterance", utterance, maxTextChars * 4);
        return new RoomStateUpdate(roomId, onStage, prices, stock, promotions, utterance, nowMs);
    }

    private interface ItemParser<T> {
        T parse(JsonNode item, String path);
    }

    private static <T> List<T> list(JsonNode obj, String field, ItemParser<T> parser, int maxItems) {
        JsonNode arr = obj.get(field);
        if (arr == null || arr.isNull()) return null;
        if (!arr.isArray()) throw ApiError.badField(field, "'" + field + "' must be an array");
        if (arr.size() > maxItems) throw ApiError.badField(field, "'" + field + "' has " + arr.size() + " items; at most " + maxItems);
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

    private static String id(JsonNode item, String path, String field) {
        String id = text(item, path, field, true);
        if (!ID.matcher(id).matches()) {
            throw ApiError.badField(path + "." + field, "'" + path + "." + field + "' must be 1-64 letters, digits, '.', '_', ':' or '-'");
        }
        return id;
    }

    private static String promptText(String at, String text, int maxChars) {
        String problem = PromptText.problem(text, maxChars);
        if (problem != null) throw ApiError.badField(at, "'" + at + "' " + problem);
        return text;
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
