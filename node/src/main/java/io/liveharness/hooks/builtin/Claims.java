package io.liveharness.hooks.builtin;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the promises in a reply that a viewer could hold the shop to — a price, a stock count, a
 * delivery time — and the numbers and day words the backed facts of a turn contain.
 */
public final class Claims {
    public enum Kind { PRICE, STOCK, DELIVERY }

    /**
     * One promise found in a reply.
     *
     * @param said   the words as the reply has them, for the reason
     * @param number the number it rests on, or null for a day word
     * @param day    for a delivery without a number: the day it names ("today", "tomorrow", "day after")
     */
    public record Claim(Kind kind, String said, BigDecimal number, String day) { }

    private static final String NUM = "(\\d[\\d,]*(?:\\.\\d+)?)";
    private static final List<Pattern> PRICE = List.of(
            Pattern.compile("[¥￥$]\\s*" + NUM),
            Pattern.compile(NUM + "\\s*(?:元|块钱|块|yuan|rmb|cny|dollars?)", Pattern.CASE_INSENSITIVE));
    private static final List<Pattern> STOCK = List.of(
            Pattern.compile("(?:还剩|仅剩|只剩|剩下|剩|库存|现货|还有|只有)\\s*" + NUM + "\\s*(?:件|个|条|套|双|份|台|只|单|盒|瓶)"),
            Pattern.compile("(?:only\\s+)?" + NUM + "\\s*(?:pieces?|items?|units?|pcs)?\\s*(?:left|in stock|remaining)", Pattern.CASE_INSENSITIVE));
    private static final List<Pattern> DELIVERY_IN = List.of(
            Pattern.compile(NUM + "\\s*个?\\s*(?:小时|天|日|工作日)\\s*(?:内|之内|以内)?\\s*(?:就|能|可以)?\\s*(?:发货|发出|送达|到货|发|到)"),
            Pattern.compile("(?:ships?|shipped|deliver(?:ed|s|y)?|arrives?)\\s+(?:with)?in\\s+" + NUM + "\\s*(?:hours?|days?|business days?)",
                    Pattern.CASE_INSENSITIVE));
    private static final Pattern DELIVERY_DAY_ZH =
            Pattern.compile("(今天|今日|当天|当日|明天|次日|隔天|后天)\\s*(?:就|能|可以|即可)?\\s*(?:发货|发出|送达|到货|发|到)");
    private static final Pattern DELIVERY_DAY_EN = Pattern.compile(
            "(?:ships?|shipped|deliver(?:ed|s|y)?|arrives?|get it)\\s+(today|tomorrow|same[- ]day|next[- ]day)"
                    + "|(same[- ]day|next[- ]day)\\s+(?:delivery|shipping)", Pattern.CASE_INSENSITIVE);
    private static final Pattern ANY_NUMBER = Pattern.compile("\\d[\\d,]*(?:\\.\\d+)?");

    public static List<Claim> in(String reply) {
        List<Claim> claims = new ArrayList<>();
        numbered(reply, Kind.PRICE, PRICE, claims);
        numbered(reply, Kind.STOCK, STOCK, claims);
        numbered(reply, Kind.DELIVERY, DELIVERY_IN, claims);
        Matcher zh = DELIVERY_DAY_ZH.matcher(reply);
        while (zh.find()) claims.add(new Claim(Kind.DELIVERY, zh.group(), null, day(zh.group(1))));
        Matcher en = DELIVERY_DAY_EN.matcher(reply);
        while (en.find()) claims.add(new Claim(Kind.DELIVERY, en.group(), null, day(en.group(1) != null ? en.group(1) : en.group(2))));
        return claims;
    }

    private static void numbered(String reply, Kind kind, List<Pattern> patterns, List<Claim> out) {
        for (Pattern p : patterns) {
            Matcher m = p.matcher(reply);
            while (m.find()) {
                BigDecimal n = number(m.group(1));
                if (n != null) out.add(new Claim(kind, m.group(), n, null));
            }
        }
    }

    /** Every number in the facts, normalised so 159, 159.0 and 159.00 are one value. */
    public static Set<BigDecimal> numbers(List<String> facts) {
        Set<BigDecimal> numbers = new HashSet<>();
        for (String fact : facts) {
            Matcher m = ANY_NUMBER.matcher(fact);
            while (m.find()) {
                BigDecimal n = number(m.group());
                if (n != null) numbers.add(n);
            }
        }
        return numbers;
    }

    /** The day words the facts use, normalised like {@link Claim#day}. */
    public static Set<String> days(List<String> facts) {
        Set<String> days = new HashSet<>();
        for (String fact : facts) {
            String lower = fact.toLowerCase(Locale.ROOT);
            for (String word : List.of("今天", "今日", "当天", "当日", "明天", "次日", "隔天", "后天", "today", "tomorrow",
                    "same day", "same-day", "next day", "next-day")) {
                if (lower.contains(word)) days.add(day(word));
            }
        }
        return days;
    }

    private static String day(String word) {
        return switch (word.toLowerCase(Locale.ROOT).replace('-', ' ')) {
            case "今天", "今日", "当天", "当日", "today", "same day" -> "today";
            case "明天", "次日", "隔天", "tomorrow", "next day" -> "tomorrow";
            default -> "day after";
        };
    }

    private static BigDecimal number(String text) {
        try {
            return new BigDecimal(text.replace(",", "")).stripTrailingZeros();
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private Claims() { }
}
