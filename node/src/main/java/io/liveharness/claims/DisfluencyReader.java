package io.liveharness.claims;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes a reply sound broken though it may state nothing false: an item or phrase said again
 * and again, two greetings, a clause in the other language, text left garbled. Reduplication that
 * people say ("谢谢谢谢", "好的好的", "哈哈哈") is not a repeat: a phrase counts when it is three
 * characters or more, or two said three times.
 */
final class DisfluencyReader {
    /** A list's items: separated by a slash or 、. */
    private static final Pattern LIST = Pattern.compile("[^/、,，。!！?？;；\\s][^/、,，。!！?？;；]*(?:[/、][^/、,，。!！?？;；]+)+");
    private static final Pattern HAN_REPEAT = Pattern.compile("(\\p{IsHan}{3,12}?)\\1+|(\\p{IsHan}{2})\\2\\2+");
    private static final Pattern LATIN_REPEAT = Pattern.compile("(?<![a-z])([a-z]{2,}(?: [a-z]+){0,4})(?: \\1)+(?![a-z])");
    private static final Pattern LATIN_RUN = Pattern.compile("[A-Za-z]{2,}(?:[ '’-]+[A-Za-z]{2,})+");
    private static final Pattern HAN_RUN = Pattern.compile("\\p{IsHan}+");
    /**
     * Broken text: a replacement character, markup, tokenizer bytes, control characters, or a short
     * English word run into what follows it ("the0000mAh", "TheL/L00mAh"), JSON or a snake_case identifier.
     */
    private static final Pattern GARBLED = Pattern.compile("\uFFFD|<\\|?/?[a-z_]+\\|?>|<\\||\\|>|[ĠĊ]|\\{\"|[\\p{Cc}&&[^\\n\\t]]"
            + "|\\b(?:[Tt]he|an?|is|it|and|to|of|for|with)(?=[A-Z0-9])"
            + "|\"\\s*:\\s*\"|\\b[a-z]+_[a-z_]+\\b");   // JSON or an identifier leaking into speech ('goods_id":"nuts-9')

    private final ClaimVocabulary words;

    DisfluencyReader(ClaimVocabulary words) { this.words = words; }

    List<Disfluency> read(String reply, String plain, List<Claim> claims, List<ProductMentions.Named> products, String language) {
        List<Disfluency> out = new ArrayList<>();
        repeatedItems(reply, out);
        Matcher han = HAN_REPEAT.matcher(reply);
        while (han.find()) out.add(new Disfluency(Disfluency.Kind.REPEATED_PHRASE, han.group()));
        Matcher latin = LATIN_REPEAT.matcher(plain);
        while (latin.find()) out.add(new Disfluency(Disfluency.Kind.REPEATED_PHRASE, reply.substring(latin.start(), latin.end())));
        repeatedClauses(reply, plain, out);
        repeatedFigures(reply, claims, out);
        greetings(reply, plain, out);
        if (language != null) otherLanguage(reply, products, language, out);
        Matcher g = GARBLED.matcher(reply);
        if (g.find()) out.add(new Disfluency(Disfluency.Kind.GARBLED, g.group()));
        return List.copyOf(out);
    }

    /** An item said twice in one list: "米色/米色/米色", "白色、黑色、白色". */
    private static void repeatedItems(String reply, List<Disfluency> out) {
        Matcher m = LIST.matcher(reply);
        while (m.find()) {
            Set<String> seen = new HashSet<>();
            for (String item : m.group().split("[/、]")) {
                String key = item.strip().toLowerCase(Locale.ROOT);
                if (!key.isEmpty() && !seen.add(key)) {
                    out.add(new Disfluency(Disfluency.Kind.REPEATED_ITEM, m.group().strip()));
                    break;
                }
            }
        }
    }

    /** The same figure said twice in one reply ("现在是¥159呀, 现在¥159"). */
    private static void repeatedFigures(String reply, List<Claim> claims, List<Disfluency> out) {
        Set<String> seen = new HashSet<>();
        for (Claim c : claims) {
            if (c.number() == null || !c.affirmed()) continue;
            if (!seen.add(c.kind() + "|" + c.value() + "|" + c.product())) {
                out.add(new Disfluency(Disfluency.Kind.REPEATED_PHRASE, c.said() + " (said twice)"));
                return;
            }
        }
    }

    /** The same clause twice ("white, white", "有的哦, 有的哦"). */
    private static void repeatedClauses(String reply, String plain, List<Disfluency> out) {
        Set<String> seen = new HashSet<>();
        for (Text.Span c : Text.clauses(plain)) {
            String key = c.of(plain).strip();
            if (key.codePointCount(0, key.length()) < 2) continue;
            if (!seen.add(key)) {
                out.add(new Disfluency(Disfluency.Kind.REPEATED_PHRASE, c.of(reply).strip()));
                return;
            }
        }
    }

    /** Two greetings in one reply, in two sentences or the same one said twice. */
    private void greetings(String reply, String plain, List<Disfluency> out) {
        List<Text.Hit> hits = Text.find(plain, 0, plain.length(), words.greetings());
        if (hits.size() >= 2) {
            out.add(new Disfluency(Disfluency.Kind.DOUBLED_GREETING, reply.substring(hits.get(0).start(), hits.get(1).end())));
        }
    }

    /**
     * A clause of the other language: in a Chinese reply, two or more English words running on that
     * are not a product's name or keyword ("AirLite Pro" may stand); in an English reply, Chinese
     * characters that are not a product's name.
     */
    private static void otherLanguage(String reply, List<ProductMentions.Named> products, String language, List<Disfluency> out) {
        List<String> names = new ArrayList<>();
        for (ProductMentions.Named p : products) {
            if (p.name() != null) names.add(Text.plain(p.name()));
            p.keywords().forEach(k -> names.add(Text.plain(k)));
            names.add(Text.plain(p.id()));
        }
        if (language.equals("zh")) {
            Matcher m = LATIN_RUN.matcher(reply);
            while (m.find()) {
                String run = Text.plain(m.group());
                if (names.stream().anyMatch(n -> n.contains(run))) continue;
                out.add(new Disfluency(Disfluency.Kind.OTHER_LANGUAGE, m.group()));
                return;
            }
        } else if (language.equals("en")) {
            Matcher m = HAN_RUN.matcher(reply);
            while (m.find()) {
                String run = m.group();
                if (names.stream().anyMatch(n -> n.contains(run) && n.codePoints().noneMatch(c -> c < 128 && Character.isLetter(c)))) continue;
                out.add(new Disfluency(Disfluency.Kind.OTHER_LANGUAGE, run));
                return;
            }
        }
    }
}
