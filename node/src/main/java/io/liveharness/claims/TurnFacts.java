package io.liveharness.claims;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What may make a claim true in one turn: the room's products as context load gave them, every tool
 * result of the turn, and the room's host. The viewer's words are not among them.
 *
 * @param products    the room's products, once each (the first data of each id)
 * @param others      the facts that are not products (tool results, room state), as JSON texts
 * @param host        the host's name the persona gives, or null when unknown
 * @param onStage     the product on stage, or null
 */
public record TurnFacts(List<ProductFacts> products, List<String> others, String host, String onStage) {
    private static final Pattern ANY_NUMBER = Pattern.compile("\\d[\\d,]*(?:\\.\\d+)?");
    /** The host in a persona: the first quoted name ("你是\"小美\"", "You are \"Max\""). */
    private static final Pattern PERSONA_NAME = Pattern.compile("[\"“「]([^\"”」]{1,12})[\"”」]");

    /** @param backedFacts the turn's JSON facts, as hooks and transcripts carry them */
    public static TurnFacts of(List<String> backedFacts, String host, String onStage) {
        Map<String, ProductFacts> products = new LinkedHashMap<>();
        List<String> others = new ArrayList<>();
        for (String fact : backedFacts) {
            JsonNode n = parse(fact);
            ProductFacts p = n == null ? null : ProductFacts.of(n, fact);
            if (p != null) {
                products.putIfAbsent(p.id(), p);
            } else {
                others.add(fact);
            }
        }
        if (host == null) {
            // context load states the room's host as a fact of the turn
            host = others.stream().map(TurnFacts::parse).filter(n -> n != null && n.path("host").isTextual())
                    .map(n -> n.path("host").asText()).findFirst().orElse(null);
        }
        return new TurnFacts(List.copyOf(products.values()), List.copyOf(others), host, onStage);
    }

    /** The host a persona names, or null. */
    public static String hostIn(String persona) {
        if (persona == null) return null;
        Matcher m = PERSONA_NAME.matcher(persona);
        return m.find() ? m.group(1).strip() : null;
    }

    public List<ProductMentions.Named> named() { return products.stream().map(ProductFacts::named).toList(); }

    public Optional<ProductFacts> product(String id) {
        return id == null ? Optional.empty() : products.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    /** The tool results and state about {@code id}: those that name it, or name no product of the room. */
    public List<String> othersAbout(String id) {
        if (id == null) return others;
        List<String> otherIds = products.stream().map(ProductFacts::id).filter(o -> !o.equals(id)).map(o -> "\"" + o + "\"").toList();
        return others.stream().filter(f -> f.contains("\"" + id + "\"") || otherIds.stream().noneMatch(f::contains)).toList();
    }

    /** The texts a claim about {@code id} may rest on: its product data and the results about it; all, when id is null. */
    public List<String> textsAbout(String id) {
        List<String> out = new ArrayList<>();
        if (id == null) {
            products.forEach(p -> out.add(p.text()));
        } else {
            product(id).ifPresent(p -> out.add(p.text()));
        }
        out.addAll(othersAbout(id));
        return out;
    }

    /** Every number in the texts, normalised so 159, 159.0 and 159.00 are one value. */
    public static List<BigDecimal> numbers(List<String> texts) {
        List<BigDecimal> out = new ArrayList<>();
        for (String t : texts) {
            Matcher m = ANY_NUMBER.matcher(t);
            while (m.find()) {
                BigDecimal n = ClaimReader.number(m.group());
                if (n != null) out.add(n);
            }
        }
        return out;
    }

    /** The coupons of the turn's tool results: {@code {"coupons": [{products, minSpend, discount, actionLinkId}]}}. */
    List<JsonNode> coupons() {
        List<JsonNode> out = new ArrayList<>();
        for (String f : others) {
            JsonNode n = parse(f);
            if (n != null && n.path("coupons").isArray()) n.path("coupons").forEach(out::add);
        }
        return out;
    }

    static JsonNode parse(String fact) {
        if (fact == null || !fact.startsWith("{")) return null;
        try {
            return Json.MAPPER.readTree(fact);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
