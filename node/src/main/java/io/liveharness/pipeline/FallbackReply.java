package io.liveharness.pipeline;

import io.liveharness.engine.ReplyScript;
import io.liveharness.harness.FallbackAnswer;
import io.liveharness.harness.Skill;
import io.liveharness.claims.ClaimReader;
import io.liveharness.claims.ViewerQuestions;
import io.liveharness.hooks.builtin.TtsLengthHook;
import io.liveharness.room.RoomRequest;
import io.liveharness.router.question.Ask;
import io.liveharness.router.question.Question;
import io.liveharness.router.question.QuestionLexicon;
import io.liveharness.router.question.QuestionReader;
import io.liveharness.tools.Localized;
import io.liveharness.tools.Policies;
import io.liveharness.tools.Product;
import io.liveharness.tools.Region;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the room says when the model cannot answer in time or at all: the answer to the one thing
 * the viewer asked ({@link Question}), from the catalog entry of the product it is about, in the
 * viewer's language only. Price is the price and the link; colours the colours; a size the product
 * lacks "没有XL"; a sold-out product is said as sold out, never "0 left" and never with a buy link;
 * a health or off-platform request gets a short decline and no pitch. The words are the harness's
 * ({@code fallback-<answer>-<language>} in a skill's metadata, {@link FallbackAnswer}); every fact is
 * the catalog's, so the reply is grounded by construction.
 *
 * <p>It finishes a reply the model may have begun: a clause already heard is not said again, nor a
 * second greeting, and the whole stays within what TTS reads in one reply.
 */
public final class FallbackReply {
    /** What TTS reads in one reply where the harness's tts-length hook does not say: a longer fallback loses its last clauses. */
    public static final int MAX_CHARS = 160;
    private static final Pattern FIELD = Pattern.compile("\\{(\\w+)}");
    /** A clause of a template: up to and with its punctuation and the spaces after it. */
    private static final Pattern CLAUSE = Pattern.compile("[^,，;；.。!！?？~]*(?:[,，;；.。!！?？~]+\\s*|$)");
    private static final String ZH = "zh";
    private static final String EN = "en";
    /** Said when the harness has no template for the answer and none generic: short, claims nothing. */
    private static final Map<String, String> HOLD_ON = Map.of(ZH, "主播马上回答你哦, 稍等一下~", EN, "The host will answer you in a moment!");

    /**
     * One request's fallback.
     *
     * @param skills   the active skill first, then the harness's others: an answer's template is the first of them that has one
     * @param product  the product the question is about (the one it names, else the one on stage), or null
     * @param question what the message asks, or null when it was not read
     * @param region   the delivery region the message names, as the shop's regions know it
     * @param remoteNote what a remote region pays extra, from the shop's logistics policy
     * @param heard    what the reply already said before the fallback finishes it
     * @param language the viewer's language ({@link #language})
     * @param maxChars the longest reply TTS reads (the harness's tts-length hook)
     */
    public record Turn(List<Skill> skills, Product product, Question question, Optional<Region> region, Localized remoteNote,
                       String heard, String language, int maxChars) {
        public Turn {
            skills = skills == null ? List.of() : List.copyOf(skills);
            region = region == null ? Optional.empty() : region;
            heard = heard == null ? "" : heard;
        }

        /** A turn read aloud within {@link #MAX_CHARS}. */
        public Turn(List<Skill> skills, Product product, Question question, Optional<Region> region, Localized remoteNote,
                    String heard, String language) {
            this(skills, product, question, region, remoteNote, heard, language, MAX_CHARS);
        }
    }

    /**
     * The fallback for a request: the question read from the viewer's message over the room's
     * products (the one on stage first), answered from the active skill's templates (else another skill's).
     */
    static String forRequest(RoomRequest request, LoadedContext context, Optional<Skill> active, Policies policies, String heard) {
        String text = request.message().text();
        List<Skill> skills = new ArrayList<>();
        active.ifPresent(skills::add);
        request.harness().skills().stream().filter(s -> !skills.contains(s)).forEach(skills::add);
        List<Product> products = onStageFirst(context);
        QuestionReader r = ViewerQuestions.reader();
        Question q = products.isEmpty() ? null : r.read(text, products, null);
        Product product = q == null ? null : products.stream().filter(p -> p.id().equals(q.productId())).findFirst().orElse(null);
        int maxChars = request.harness().hooks().stream().filter(h -> h.type().equals(TtsLengthHook.TYPE))
                .map(h -> h.params().get("maxChars")).filter(n -> n instanceof Number).mapToInt(n -> ((Number) n).intValue())
                .min().orElse(MAX_CHARS);
        return build(new Turn(skills, product, q, policies.regionIn(text), policies.logistics().remoteNote(), heard,
                language(text, request.room().language()), maxChars), r.lexicon());
    }

    /**
     * The skill that answers a must-refuse message: the first of the harness's skills whose
     * {@code metadata.declines} names the class the question read finds; empty for any other message.
     */
    static Optional<Skill> refusal(RoomRequest request, LoadedContext context) {
        List<Product> products = onStageFirst(context);
        if (products.isEmpty()) return Optional.empty();
        Question q = ViewerQuestions.reader().read(request.message().text(), products, null);
        if (q.decline() == null) return Optional.empty();
        String label = q.decline().label();
        return request.harness().skills().stream().filter(s -> s.declines().contains(label)).findFirst();
    }

    /** The room's products, the one on stage first: the question read's order. */
    private static List<Product> onStageFirst(LoadedContext context) {
        List<Product> products = new ArrayList<>(context.products());
        if (context.onStage() != null) {
            products.removeIf(p -> p.id().equals(context.onStage().id()));
            products.addFirst(context.onStage());
        }
        return products;
    }

    /** The fallback's words for {@code turn}, at most its {@code maxChars}; empty when all of it was already said. */
    public static String build(Turn turn, QuestionLexicon lexicon) {
        String language = turn.language();
        Answer answer = answer(turn);
        // the answer's template, else (this harness has none for it) the generic one, else a hold-on;
        // a decline without its template is a hold-on too: the generic answer would pitch the product
        boolean decline = answer.kind().key().startsWith("decline-");
        String said = template(turn.skills(), answer.kind(), language).map(t -> fill(t, answer.fields())).filter(s -> !s.isBlank())
                .or(() -> decline ? Optional.empty()
                        : template(turn.skills(), FallbackAnswer.GENERIC, language).map(t -> fill(t, answer.fields())).filter(s -> !s.isBlank()))
                .orElse(HOLD_ON.getOrDefault(language, HOLD_ON.get(ZH)));
        return notRepeated(said, turn.heard(), lexicon, turn.maxChars());
    }

    /** What to answer and with which fields. */
    private record Answer(FallbackAnswer kind, Map<String, String> fields) { }

    private static Answer answer(Turn turn) {
        Question q = turn.question();
        Product p = turn.product();
        String lang = turn.language();
        Map<String, String> f = p == null ? new HashMap<>() : fields(p, lang);
        if (q != null && q.decline() != null) {
            return new Answer(switch (q.decline()) {
                case MEDICAL -> FallbackAnswer.DECLINE_MEDICAL;
                case OFF_PLATFORM -> FallbackAnswer.DECLINE_OFF_PLATFORM;
                case CONTACT -> FallbackAnswer.DECLINE_CONTACT;
                case HAGGLE -> FallbackAnswer.DECLINE_HAGGLE;
                case PRICE_CLAIM -> FallbackAnswer.DECLINE_PRICE_CLAIM;
            }, f);
        }
        if (p == null || q == null) return new Answer(FallbackAnswer.GENERIC, f);
        boolean soldOut = p.stock() <= 0;
        // a region answers a shipping question ("乌鲁木齐包邮吗"), not a price asked from there ("新疆多少钱")
        if (turn.region().isPresent() && (q.ask() == Ask.SHIPPING || q.ask() == Ask.SUMMARY)) {
            Region r = turn.region().get();
            f.put("region", r.name().in(lang));
            if (turn.remoteNote() != null) f.put("remoteNote", turn.remoteNote().in(lang));
            return new Answer(r.remote() ? FallbackAnswer.REGION_REMOTE : FallbackAnswer.REGION_FREE, f);
        }
        if (q.topic() != null) return new Answer(FallbackAnswer.RETURNS, f);
        FallbackAnswer kind = switch (q.ask()) {
            case PRICE -> soldOut ? FallbackAnswer.SOLD_OUT : FallbackAnswer.PRICE;
            case STOCK -> soldOut ? FallbackAnswer.SOLD_OUT : FallbackAnswer.STOCK;
            case BUY -> soldOut ? FallbackAnswer.SOLD_OUT : FallbackAnswer.BUY;
            case SIZE -> {
                if (p.sizes().isEmpty()) yield FallbackAnswer.NO_SIZES;
                if (q.size() == null) yield FallbackAnswer.SIZES;
                f.put("size", q.size());
                yield p.sizes().stream().anyMatch(s -> s.equalsIgnoreCase(q.size())) ? FallbackAnswer.SIZE_HAS : FallbackAnswer.SIZE_NONE;
            }
            case COLOR -> {
                if (p.colors().isEmpty()) yield FallbackAnswer.NOT_SAID;
                if (q.color() == null) yield FallbackAnswer.COLORS;
                f.put("color", q.colorIn(lang));
                yield q.colorOffered() ? FallbackAnswer.COLOR_HAS : FallbackAnswer.COLOR_NONE;
            }
            case MATERIAL -> FallbackAnswer.MATERIAL;
            case SHIPPING -> FallbackAnswer.SHIPPING;
            case FEATURE -> feature(q, p, lang, f);
            case BATTERY, SUMMARY -> FallbackAnswer.GENERIC;
        };
        return new Answer(kind, f);
    }

    /** A feature the name or material states (the shelf life among them) is said from there; one they do not state is not guessed. */
    private static FallbackAnswer feature(Question q, Product p, String lang, Map<String, String> f) {
        List<String> words = q.feature().words();
        boolean shelfLife = q.feature().valued();
        for (String clause : p.material().in(lang).split("[,;，；]")) {
            if (QuestionLexicon.written(clause, words) != null) {
                f.put(shelfLife ? "shelfLife" : "fact", clause.strip());
                return shelfLife ? FallbackAnswer.SHELF_LIFE : FallbackAnswer.FEATURE;
            }
        }
        String inName = QuestionLexicon.written(p.name().in(lang), words);
        if (!shelfLife && inName != null) {
            f.put("fact", inName);
            return FallbackAnswer.FEATURE;
        }
        return FallbackAnswer.NOT_SAID;
    }

    /**
     * The product's fields in one language. A sold-out product has no stock and no buy link to say:
     * a clause that needs them is left out.
     */
    private static Map<String, String> fields(Product p, String lang) {
        Map<String, String> f = new HashMap<>();
        boolean soldOut = p.stock() <= 0;
        f.put("id", p.id());
        f.put("name", p.name().in(lang));
        f.put("price", BigDecimal.valueOf(p.price()).stripTrailingZeros().toPlainString());
        f.put("stock", soldOut ? "" : String.valueOf(p.stock()));
        f.put("sizes", String.join("/", p.sizes()));
        f.put("colors", String.join(lang.equals(EN) ? ", " : "、", p.colorsIn(lang)));
        f.put("material", p.material() == null ? "" : p.material().in(lang));
        f.put("shipping", p.shipping() == null ? "" : p.shipping().in(lang));
        f.put("returns", p.returns() == null ? "" : p.returns().in(lang));
        f.put("actionLinkId", soldOut ? "" : p.actionLinkId());
        return f;
    }

    /** The first of the skills' templates for {@code answer} in {@code language}; the generic one also as {@code fallback} (the room's default language). */
    static Optional<String> template(List<Skill> skills, FallbackAnswer answer, String language) {
        for (Skill s : skills) {
            String t = s.metadata().get(answer.metadataKey(language));
            if (answer == FallbackAnswer.GENERIC && (t == null || t.isBlank()) && language.equals(ZH)) t = s.fallback();
            if (t != null && !t.isBlank()) return Optional.of(t);
        }
        return Optional.empty();
    }

    /** The viewer's language by the script of the message, as the reply's opening is held to it ({@link ReplyScript}); else the room's. */
    static String language(String text, String roomLanguage) {
        ReplyScript script = ReplyScript.ofViewer(text);
        return script == null ? roomLanguage : script == ReplyScript.HAN ? ZH : EN;
    }

    /** The template with its fields filled, clause by clause; a clause whose field is empty for this product is left out. */
    private static String fill(String template, Map<String, String> fields) {
        StringBuilder said = new StringBuilder();
        Matcher clause = CLAUSE.matcher(template);
        while (clause.find() && !clause.group().isEmpty()) {
            String filled = fillClause(clause.group(), fields);
            if (filled != null) said.append(filled);
        }
        return trimmed(said.toString());
    }

    /** The clause with its fields filled, or null when one of them is empty for this product. */
    private static String fillClause(String clause, Map<String, String> fields) {
        Matcher m = FIELD.matcher(clause);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = fields.get(m.group(1));
            if (value == null || value.isBlank()) return null;
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * The fallback without what the reply already said: a clause the listener heard, and a greeting
     * when the reply already greeted (a greeting as the claim reader reads one, the doubled-greeting
     * check's words); then cut to {@code maxChars} at a clause's end.
     */
    static String notRepeated(String fallback, String heard, QuestionLexicon lexicon, int maxChars) {
        String heardPlain = plain(heard);
        boolean greeted = !heard.isBlank() && ClaimReader.DEFAULT.greets(heard);
        List<String> kept = new ArrayList<>();
        Matcher clause = CLAUSE.matcher(fallback);
        while (clause.find() && !clause.group().isEmpty()) {
            String c = clause.group();
            String p = plain(c);
            if (p.isEmpty()) continue;
            if (!heardPlain.isEmpty() && heardPlain.contains(p)) continue;
            // "现在是¥159呀" heard, "现在¥159" is the same fact again
            if (!heard.isBlank() && ClaimReader.DEFAULT.saysNothingNew(c, heard)) continue;
            if (greeted && ClaimReader.DEFAULT.greets(c)) continue;
            kept.add(c);
        }
        StringBuilder out = new StringBuilder();
        for (String c : kept) {
            if (out.codePointCount(0, out.length()) + trimmed(c).codePointCount(0, trimmed(c).length()) > maxChars) break;
            out.append(c);
        }
        return trimmed(out.toString());
    }

    /** Letters and digits only, lower-cased: "¥159, 点link-1下单哦" and "¥159 点 link-1 下单哦" are the same clause. */
    private static String plain(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", "");
    }

    /** Without a dangling comma or space a left-out last clause leaves behind. */
    private static String trimmed(String text) { return text.replaceAll("[,，;；\\s]+$", "").strip(); }

    private FallbackReply() { }
}
