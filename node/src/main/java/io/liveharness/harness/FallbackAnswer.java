package io.liveharness.harness;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the grounded fallback answers, one per thing a viewer can ask, each with the fields its
 * template may use. A skill writes its templates in its metadata as {@code fallback-<answer>-<language>}
 * ({@code fallback-price-zh: "现在¥{price}, 点{actionLinkId}下单哦"}); {@code fallback} and
 * {@code fallback-<language>} are the short answer to a message whose question cannot be read.
 */
public enum FallbackAnswer {
    /** The question could not be read: a short generic answer. */
    GENERIC("", "id", "name", "price", "stock", "sizes", "colors", "material", "shipping", "returns", "actionLinkId"),
    PRICE("price", "name", "price", "actionLinkId"),
    STOCK("stock", "name", "stock", "actionLinkId"),
    /** Any question that would push a product with no stock: said as sold out, never "0 left", never a buy link. */
    SOLD_OUT("sold-out", "name", "price"),
    BUY("buy", "name", "actionLinkId"),
    SIZES("sizes", "name", "sizes"),
    SIZE_HAS("size-has", "size", "sizes", "actionLinkId"),
    SIZE_NONE("size-none", "size", "sizes"),
    NO_SIZES("no-sizes", "name"),
    COLORS("colors", "name", "colors"),
    COLOR_HAS("color-has", "color", "colors", "actionLinkId"),
    COLOR_NONE("color-none", "color", "colors"),
    MATERIAL("material", "name", "material"),
    SHELF_LIFE("shelf-life", "name", "shelfLife"),
    FEATURE("feature", "name", "fact"),
    /** Asked something the product data does not say (a feature, a shelf life it lacks): no guess. */
    NOT_SAID("not-said", "name"),
    SHIPPING("shipping", "name", "shipping"),
    REGION_REMOTE("region-remote", "region", "remoteNote", "shipping"),
    REGION_FREE("region-free", "region", "shipping"),
    RETURNS("returns", "name", "returns"),
    DECLINE_MEDICAL("decline-medical"),
    DECLINE_OFF_PLATFORM("decline-off-platform"),
    /** A phone number, WeChat, WhatsApp or e-mail asked for or offered: none is given, the platform's chat is. */
    DECLINE_CONTACT("decline-contact"),
    DECLINE_HAGGLE("decline-haggle", "price"),
    DECLINE_PRICE_CLAIM("decline-price-claim", "price");

    /** fallback, fallback-en, fallback-price-zh: the answer's name (may be empty) and a two-letter language. */
    private static final Pattern KEY = Pattern.compile("fallback(?:-([a-z]+(?:-[a-z]+)*))?-([a-z]{2})|fallback");
    private final String key;
    private final List<String> fields;

    FallbackAnswer(String key, String... fields) {
        this.key = key;
        this.fields = List.of(fields);
    }

    /** The name in a metadata key: "price" of {@code fallback-price-zh}; empty for {@link #GENERIC}. */
    public String key() { return key; }

    /** The {field}s its template may use. */
    public List<String> fields() { return fields; }

    /** The metadata key of this answer's template in {@code language}. */
    public String metadataKey(String language) { return "fallback" + (key.isEmpty() ? "" : "-" + key) + "-" + language; }

    /** A metadata key that names a fallback template ("fallback", "fallback-en", "fallback-price-zh"): its answer, or empty. */
    public static Optional<FallbackAnswer> ofMetadataKey(String metadataKey) {
        Matcher m = KEY.matcher(metadataKey);
        if (!m.matches()) return Optional.empty();
        String name = m.group(1) == null ? "" : m.group(1);
        return Arrays.stream(values()).filter(a -> a.key.equals(name)).findFirst();
    }

    /** Whether a metadata key is meant as a fallback template (then it must name a known answer). */
    public static boolean isFallbackKey(String metadataKey) { return metadataKey.equals("fallback") || metadataKey.startsWith("fallback-"); }
}
