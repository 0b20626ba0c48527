package io.liveharness.training.expert;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.room.RoomManifest;
import io.liveharness.router.Intent;
import io.liveharness.router.question.Ask;
import io.liveharness.router.question.Question;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.tools.Product;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The expert's reply to a question: which act, its fields from the product data and this turn's tool results. */
final class ReplyComposer {
    /** A pack count after a name: a number and a counting word, or "(30 packs)". */
    private static final Pattern PACK_COUNT = Pattern.compile("\\s*(?:\\d+\\s*[袋包盒罐瓶片粒支条枚]|\\(\\s*\\d+\\s+[A-Za-z]+\\s*\\))$");
    private final ExpertReplies replies;

    /** What the reply may use: the question and the product it is about, the active intent, the room and its product on stage, and this turn's tool results. */
    record Facts(Question q, Product product, Intent intent, RoomManifest room, String onStageId, String host, List<JsonNode> results,
                 Map<String, String> visibleArguments) {
        /** A result field that echoes an argument is named as the harness names that argument. */
        String argument(String handlerName) { return visibleArguments.getOrDefault(handlerName, handlerName); }

        JsonNode result(String field) {
            return results.stream().filter(r -> r.has(field)).findFirst().orElse(null);
        }
    }

    ReplyComposer(ExpertReplies replies) { this.replies = replies; }

    /**
     * A product the viewer asked about off stage is said as "it" where the act has such a phrasing: its
     * name is two hops from the reply (its id in the tool result, its line in the prompt), and stages up
     * to 35 wrote the name of the product on stage there, which asked-product blocks.
     */
    String reply(Facts f, int pick) {
        return compose(f, pick, !f.product().id().equals(f.onStageId()));
    }

    private String compose(Facts f, int pick, boolean unnamed) {
        Question q = f.q();
        Map<String, String> fields = productFields(f.product(), q.lang());
        fields.put("host", f.host());
        String act = act(f, fields);
        Map<String, String> without = new HashMap<>(fields);
        without.remove("name");
        return replies.render(q.lang(), act, unnamed && replies.canRender(q.lang(), act, without) ? without : fields, pick);
    }

    /**
     * A wrong first reply for training the retry: the answer about {@code other}, or when it is null
     * the price with a figure the data does not have.
     */
    String slip(Facts f, Product other, int pick) {
        // named: the slip is the other product's answer by its name, which asked-product blocks
        if (other != null) return compose(new Facts(f.q().about(other.id()), other, f.intent(), f.room(), f.onStageId(), f.host(), List.of(), f.visibleArguments()), pick, false);
        Map<String, String> fields = productFields(f.product(), f.q().lang());
        fields.put("price", number(Math.round(f.product().price() * 0.8) + 10));
        return replies.render(f.q().lang(), "price", fields, pick);
    }

    private String act(Facts f, Map<String, String> fields) {
        Question q = f.q();
        if (q.decline() != null) {
            return switch (q.decline()) {
                case MEDICAL -> "refuseMedical";
                case OFF_PLATFORM, CONTACT -> "refuseOffPlatform";
                case PRICE_CLAIM -> "refusePrice";
                case HAGGLE -> "refuseHaggle";
            };
        }
        return switch (f.intent()) {
            case CHITCHAT, SPAM -> q.identity() ? "identity" : q.ask() != Ask.SUMMARY ? productAct(f, fields) : "chitchat";
            case PRODUCT_QA, CLARIFICATION -> productAct(f, fields);
            case AFTER_SALES, COMPLAINT -> {
                JsonNode policy = f.result("policy");
                boolean complaint = f.intent() == Intent.COMPLAINT || q.complaint();
                if (policy == null) yield complaint && q.ask() == Ask.SUMMARY ? "complaint" : productAct(f, fields);
                fields.put("policy", Bilingual.part(policy.get("policy").asText(), q.lang()));
                yield complaint ? "complaintPolicy" : "policy";
            }
            case LOGISTICS -> logisticsAct(f, fields);
            case PROMOTION -> {
                JsonNode found = f.result("coupons");
                if (found == null) yield "price";
                JsonNode coupons = found.get("coupons");
                if (coupons.isEmpty()) yield "noCoupon";
                JsonNode c = coupons.get(0);
                fields.put("coupon", Bilingual.part(c.path("title").asText(), q.lang()));
                fields.put("couponLink", c.path("actionLinkId").asText());
                yield "coupon";
            }
        };
    }

    private static String productAct(Facts f, Map<String, String> fields) {
        Question q = f.q();
        Product p = f.product();
        return switch (q.ask()) {
            case PRICE -> "price";
            case STOCK -> {
                JsonNode live = f.result("stock");
                int stock = live != null ? live.get("stock").asInt() : p.stock();
                fields.put("stock", String.valueOf(stock));
                yield stock > 0 ? "stockIn" : "stockOut";
            }
            case SIZE -> {
                if (p.sizes().isEmpty()) yield "summary";
                if (q.size() == null) yield "sizes";
                fields.put("size", q.size());
                yield p.sizes().stream().anyMatch(s -> s.equalsIgnoreCase(q.size())) ? "sizeHas" : "sizeNone";
            }
            case COLOR -> {
                if (p.colors().isEmpty()) yield "summary";
                if (q.color() == null) yield "colors";
                fields.put("color", q.colorIn(q.lang()));
                yield q.colorOffered() ? "colorHas" : "colorNone";
            }
            case MATERIAL -> "material";
            case SHIPPING -> "shipping";
            case BUY -> "buy";
            case FEATURE -> featureAct(q, p, fields);
            case BATTERY, SUMMARY -> "summary";
        };
    }

    /**
     * "Does it have X?": in the product's name the feature's word ("noise-cancelling"), in its
     * material the clause that says it ("保质期 9个月"), each in the viewer's language where the data
     * has it; and when neither says it, that the data does not (the expert never promises what the
     * catalog does not state).
     */
    private static String featureAct(Question q, Product p, Map<String, String> fields) {
        List<String> words = q.feature().words();
        String own = words.stream().filter(w -> Bilingual.languageOf(w).equals(q.lang())).findFirst().orElse(q.feature().said());
        String inName = QuestionLexicon.written(p.name().in(q.lang()), words);
        // "保温杯" said to an English viewer: the feature by its English word
        if (inName == null && QuestionLexicon.written(p.name().both(), words) != null) inName = own;
        if (inName != null) {
            fields.put("fact", inName);
            return "featureInName";
        }
        // clause by clause of the material in the viewer's language ("冰丝" is not 真丝)
        for (String clause : p.material().in(q.lang()).split("[,;，；]")) {
            String said = clause.strip();
            if (QuestionLexicon.written(said, words) != null) {
                fields.put("fact", said);
                return q.feature().valued() ? "featureValue" : "featureHas";
            }
        }
        // the feature by its first word in the viewer's language ("expires" is asked, "shelf life" is said)
        fields.put("term", own);
        return "featureNone";
    }

    private static String logisticsAct(Facts f, Map<String, String> fields) {
        Question q = f.q();
        JsonNode l = f.result("couriers");
        if (l == null) return "shipping";
        List<String> couriers = new ArrayList<>();
        l.get("couriers").forEach(c -> couriers.add(Bilingual.part(c.asText(), q.lang())));
        fields.put("couriers", String.join(q.lang().equals("zh") ? "或" : " or ", couriers));
        fields.put("days", Bilingual.part(l.path("deliveryDays").asText(), q.lang()));
        fields.put("free", Bilingual.part(l.path("freeShipping").asText(), q.lang()));
        fields.put("remoteNote", Bilingual.part(l.path("remoteNote").asText(), q.lang()));
        if (l.has("productShipping")) fields.put("shipping", Bilingual.part(l.get("productShipping").asText(), q.lang()));
        String region = f.argument("region");
        if (!l.has(region)) return "courier";
        fields.put("region", l.get(region).asText());
        return l.path("remoteRegion").asBoolean() ? "remote" : "freeRegion";
    }

    /** The product's fields in the viewer's language, as the prompt's product data states them. */
    static Map<String, String> productFields(Product p, String lang) {
        Map<String, String> f = new HashMap<>();
        f.put("name", spokenName(p.name().in(lang)));
        f.put("price", number(p.price()));
        f.put("stock", String.valueOf(p.stock()));
        f.put("sizes", String.join("/", p.sizes()));
        f.put("colors", String.join("/", p.colorsIn(lang)));
        f.put("material", p.material().in(lang));
        f.put("shipping", p.shipping().in(lang));
        f.put("link", p.actionLinkId());
        return f;
    }

    /**
     * A product as a host says it: its name in the viewer's language without the pack count the
     * catalog writes after it (`每日坚果礼盒`, not `每日坚果礼盒30袋`; `daily mixed nuts gift box`, not
     * `... (30 packs)`). Stages 31-34 reached for that count after `每日坚果` and lost the reply.
     */
    static String spokenName(String full) {
        String spoken = PACK_COUNT.matcher(full).replaceFirst("").strip();
        return spoken.isEmpty() ? full : spoken;
    }

    static String number(double d) {
        return new BigDecimal(d).setScale(2, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
