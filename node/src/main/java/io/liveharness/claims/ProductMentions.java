package io.liveharness.claims;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.router.question.Sellable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which of a room's products a text names: by its id, its whole name, or one of its catalog
 * keywords, ignoring case and whether words are joined by a hyphen or a space ("puff-sleeve" says
 * "puff sleeve"). A keyword in Latin letters counts only as a whole word ("anc" is not in
 * "cancel"); one in Chinese counts anywhere. Two dresses share "连衣裙": the text is about the
 * one it names by the most of these ({@link #about}). Pure.
 */
public final class ProductMentions {

    /** A product as a text may name it. */
    public record Named(String id, String name, List<String> keywords) {
        public Named {
            keywords = keywords == null ? List.of() : List.copyOf(keywords);
        }

        /** How many of this product's id, name and keywords {@code text} (as {@link #plain}) has. */
        int hits(String text) {
            int hits = text.contains(plain(id)) ? 1 : 0;
            if (name != null && !name.isBlank() && text.contains(plain(name))) hits++;
            for (String k : keywords) if (!k.isBlank() && contains(text, plain(k))) hits++;
            return hits;
        }

        /** The Chinese name as the name; the English one counts as a keyword (it names only this product). */
        public static Named of(Sellable p) { return withEnglishName(p.id(), p.nameIn("zh"), p.nameIn("en"), p.keywords()); }

        private static Named withEnglishName(String id, String zh, String en, List<String> keywords) {
            List<String> all = new ArrayList<>(keywords);
            if (en != null && !en.isBlank() && !en.equals(zh)) all.add(en);
            return new Named(id, zh, all);
        }
    }

    /** The ids of the products {@code text} names, in the order of {@code products}. */
    public static List<String> named(String text, List<Named> products) {
        if (text == null || text.isEmpty()) return List.of();
        String plain = plain(text);
        return products.stream().filter(p -> p.hits(plain) > 0).map(Named::id).toList();
    }

    /**
     * The ids of the products {@code text} names by something only they have: the id, the name, or
     * a keyword no other of {@code products} has. "The puff-sleeve French tea dress" names only the
     * puff-sleeve dress this way, though "dress" is a keyword of both dresses.
     */
    public static List<String> namedDistinctly(String text, List<Named> products) {
        Map<String, Long> owners = products.stream().flatMap(p -> p.keywords().stream().map(ProductMentions::plain).distinct())
                .collect(Collectors.groupingBy(k -> k, Collectors.counting()));
        List<Named> own = products.stream().map(p -> new Named(p.id(), p.name(),
                p.keywords().stream().filter(k -> owners.get(plain(k)) == 1).toList())).toList();
        return named(text, own);
    }

    /** The ids of the catalog products {@code text} names, in the order of {@code products}. */
    public static List<String> namedProducts(String text, List<? extends Sellable> products) {
        return named(text, products.stream().map(Named::of).toList());
    }

    /**
     * The product {@code text} is about: the one it names by more of its id, name and keywords than
     * any other ("法式泡泡袖连衣裙" is the puff-sleeve dress, though "连衣裙" names both); empty when it
     * names none, or two as often ("耳机和充电宝哪个好").
     */
    public static Optional<String> about(String text, List<Named> products) {
        if (text == null || text.isEmpty()) return Optional.empty();
        String plain = plain(text);
        String best = null;
        int most = 0;
        boolean tie = false;
        for (Named p : products) {
            int hits = p.hits(plain);
            if (hits > most) {
                best = p.id();
                most = hits;
                tie = false;
            } else if (hits == most && hits > 0) {
                tie = true;
            }
        }
        return tie ? Optional.empty() : Optional.ofNullable(best);
    }

    /** As {@link #about(String, List)}, over catalog products. */
    public static Optional<String> aboutProduct(String text, List<? extends Sellable> products) {
        return about(text, products.stream().map(Named::of).toList());
    }

    /**
     * The product a reply's claims are about: the one of {@code products} it is about (as
     * {@link #about} decides); when it names none, the one the viewer's {@code message} is about;
     * else null (the claims may be about any product of the turn).
     */
    public static String subject(String reply, String message, List<Named> products) {
        if (!named(reply, products).isEmpty()) return about(reply, products).orElse(null);
        return about(message, products).orElse(null);
    }

    /**
     * The facts about product {@code id}: all but those that name another of the room's products
     * and not it; all of them when {@code id} is null.
     */
    public static List<String> factsAbout(String id, List<Named> products, List<String> facts) {
        if (id == null) return facts;
        List<String> others = products.stream().map(Named::id).filter(o -> !o.equals(id)).map(o -> "\"" + o + "\"").toList();
        return facts.stream().filter(f -> f.contains("\"" + id + "\"") || others.stream().noneMatch(f::contains)).toList();
    }

    /**
     * The room's products among a turn's backed facts: the product data context load put there
     * (JSON objects with an {@code id}, a {@code name} in each language and {@code keywords}), once each.
     */
    public static List<Named> inFacts(List<String> facts) {
        Map<String, Named> byId = new LinkedHashMap<>();
        for (String fact : facts) {
            JsonNode n = parse(fact);
            if (n == null || !n.path("id").isTextual() || !n.path("keywords").isArray()) continue;
            List<String> keywords = new ArrayList<>();
            n.path("keywords").forEach(k -> keywords.add(k.asText()));
            JsonNode name = n.path("name");
            byId.putIfAbsent(n.path("id").asText(), name.isObject()
                    ? Named.withEnglishName(n.path("id").asText(), name.path("zh").asText(null), name.path("en").asText(null), keywords)
                    : new Named(n.path("id").asText(), name.asText(null), keywords));
        }
        return List.copyOf(byId.values());
    }

    private static JsonNode parse(String fact) {
        if (fact == null || !fact.startsWith("{")) return null;
        try {
            return Json.MAPPER.readTree(fact);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** Lower-cased, a hyphen as a space: both sides of every comparison, ids too. */
    public static String plain(String text) { return text.toLowerCase(Locale.ROOT).replace('-', ' '); }

    /**
     * {@code word} in {@code text}; a word in Latin letters only where no Latin letter touches it,
     * but for a plural's s or es ("dresses").
     */
    public static boolean contains(String text, String word) {
        for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
            boolean joinedBefore = at > 0 && latin(word.charAt(0)) && latin(text.charAt(at - 1));
            if (!joinedBefore && (!latin(word.charAt(word.length() - 1)) || wordEnds(text, at + word.length()))) return true;
        }
        return false;
    }

    private static boolean wordEnds(String text, int at) {
        for (String plural : List.of("", "s", "es")) {
            int end = at + plural.length();
            if (text.startsWith(plural, at) && (end == text.length() || !latin(text.charAt(end)))) return true;
        }
        return false;
    }

    private static boolean latin(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

    private ProductMentions() { }
}
