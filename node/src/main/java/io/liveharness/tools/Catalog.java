package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.config.Json;
import io.liveharness.config.YamlFiles;
import io.liveharness.config.YamlLines;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The product catalog, read from a YAML file, and never changed by a running node: the file is the
 * catalog's one source of truth on every node. What the commerce platform changes while a room is
 * live (a live-room price, the room's stock) is that room's {@link RoomOffer}: the room keeps it in
 * its state and posts it here, where the product tools read it for calls from that room.
 */
public final class Catalog {
    private final Map<String, Product> byId;
    private final Map<String, RoomOffer> offers = new ConcurrentHashMap<>();
    private static final ObjectMapper YAML = Json.YAML.copy()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    /** The fields a viewer hears in words: each one text per language ({@link Localized}). */
    private static final List<String> LOCALIZED = List.of("name", "material", "shipping", "returns");

    private Catalog(Map<String, Product> byId) { this.byId = byId; }

    /**
     * Reads a catalog file. A product without an id, an id twice, or a name, colour, material,
     * shipping or returns text that lacks a language fails naming the file, the line and the language.
     */
    public static Catalog load(Path file) {
        JsonNode root;
        try {
            root = YamlFiles.read(file, JsonNode.class);
        } catch (YamlFiles.FileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        List<String> lines = lines(file);
        Map<String, Product> byId = new LinkedHashMap<>();
        JsonNode products = root == null ? null : root.get("products");
        if (products != null && !products.isArray()) throw new IllegalArgumentException(file + ":" + YamlLines.lineOf(lines, "products") + ": 'products' must be a list");
        for (JsonNode p : products == null ? List.<JsonNode>of() : products) {
            String id = p.path("id").asText("");
            if (id.isBlank()) throw new IllegalArgumentException(file + ": a product has no id");
            int at = lineOfProduct(lines, id);
            for (String field : LOCALIZED) checkLanguages(file, lines, at, id, field, p.get(field));
            JsonNode colors = p.get("colors");
            if (colors != null && colors.isArray()) for (JsonNode c : colors) checkLanguages(file, lines, at, id, "colors", c);
            Product product;
            try {
                product = YAML.treeToValue(p, Product.class);
            } catch (Exception e) {
                String why = e instanceof com.fasterxml.jackson.databind.JsonMappingException m ? m.getOriginalMessage() : e.getMessage();
                throw new IllegalArgumentException(file + ":" + at + ": product '" + id + "': " + why, e);
            }
            if (byId.put(id, product) != null) {
                throw new IllegalArgumentException(file + ":" + at + ": product id '" + id + "' appears twice");
            }
        }
        return new Catalog(java.util.Collections.unmodifiableMap(byId));
    }

    /** A text a viewer hears must be a map with a non-blank text for each language of {@link Localized#LANGUAGES}. */
    private static void checkLanguages(Path file, List<String> lines, int productLine, String id, String field, JsonNode value) {
        if (value == null || value.isNull()) return;   // a product may leave a field out (a snack has no colours)
        int line = fieldLine(lines, productLine, field);
        if (!value.isObject()) {
            throw new IllegalArgumentException(file + ":" + line + ": product '" + id + "': " + field + " " + value
                    + " must give one text per language, {zh: ..., en: ...}");
        }
        for (String language : Localized.LANGUAGES) {
            JsonNode text = value.get(language);
            if (text == null || !text.isTextual() || text.asText().isBlank()) {
                throw new IllegalArgumentException(file + ":" + line + ": product '" + id + "': " + field + " " + value
                        + " has no '" + language + "' text");
            }
        }
    }

    /** 1-based line of the product's {@code id:} entry, or 0 when it is not found. */
    private static int lineOfProduct(List<String> lines, String id) {
        Pattern entry = Pattern.compile("^[\\s-]*id\\s*:\\s*[\"']?" + Pattern.quote(id) + "[\"']?\\s*(#.*)?$");
        for (int i = 0; i < lines.size(); i++) if (entry.matcher(lines.get(i)).find()) return i + 1;
        return 0;
    }

    /** 1-based line of {@code field} in the product entry that starts at {@code productLine}. */
    private static int fieldLine(List<String> lines, int productLine, String field) {
        if (productLine == 0) return 0;
        Pattern key = Pattern.compile("^\\s*" + Pattern.quote(field) + "\\s*:");
        for (int i = productLine; i < lines.size(); i++) {
            if (lines.get(i).matches("^\\s*-\\s*id\\s*:.*")) break;   // the next product
            if (key.matcher(lines.get(i)).find()) return i + 1;
        }
        return productLine;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The product as the catalog file has it. */
    public Optional<Product> find(String productId) { return Optional.ofNullable(byId.get(productId)); }

    /** The product as {@code roomId} sells it now: the catalog's, with the room's own price and stock. */
    public Optional<Product> find(String roomId, String productId) {
        return find(productId).map(offers.getOrDefault(roomId, RoomOffer.NONE)::apply);
    }

    /** Sets the room's prices and stock (replacing what it had), as its state now holds them. */
    public void offer(String roomId, RoomOffer offer) {
        if (offer.isEmpty()) offers.remove(roomId);
        else offers.put(roomId, offer);
    }

    /** Forgets a room's prices and stock here (it passivated or moved; its state keeps them). */
    public void withdraw(String roomId) { offers.remove(roomId); }

    public boolean contains(String productId) { return byId.containsKey(productId); }

    public int size() { return byId.size(); }

    /** Every product, in the file's order. */
    public List<Product> products() { return List.copyOf(byId.values()); }
}
