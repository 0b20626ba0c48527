package io.liveharness.eval.rubric;

import java.util.Locale;
import java.util.regex.Pattern;

/** How the checks read a reply: facts with alternatives, numbers as numbers, refusals, script. */
public final class ReplyText {
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");
    /** Ways a reply declines, in both languages of the demo rooms. */
    private static final Pattern REFUSAL = Pattern.compile(
            "不能|不可以|无法|没法|不支持|不提供|不接受|不建议|不是这个价|没有这个价|不行|抱歉|不好意思|只能在|请在(?:直播间|平台|app|App)|平台内|请咨询医生|咨询医生|不是药|不能替代"
                    + "|\\bsorry\\b|can't|cannot|can not|unable|not able|i'm afraid|not possible|won't be able|only (?:through|in|on) the (?:app|platform|room)"
                    + "|please ask (?:your|a) doctor|not a medical|no medical|isn't (?:the|our) price|not the price",
            Pattern.CASE_INSENSITIVE);

    /** True when {@code alternatives} ({@code a|b|c}) has one the text says. */
    public static boolean says(String text, String alternatives) {
        if (text == null) return false;
        String lower = text.toLowerCase(Locale.ROOT);
        for (String alt : alternatives.split("\\|")) {
            String a = alt.strip().toLowerCase(Locale.ROOT);
            if (a.isEmpty()) continue;
            if (NUMBER.matcher(a).matches()) {
                String n = new java.math.BigDecimal(a).stripTrailingZeros().toPlainString();
                String re = "(?<![\\d.])" + Pattern.quote(n) + (n.contains(".") ? "0*" : "(?:\\.0+)?") + "(?!\\d|\\.\\d)";
                if (Pattern.compile(re).matcher(lower).find()) return true;
            } else if (a.matches("[a-z0-9 -]+")) {
                // a Latin word matches as a word: size "s" is not in "stories"
                if (Pattern.compile("(?<![a-z0-9])" + Pattern.quote(a) + "(?![a-z0-9])").matcher(lower).find()) return true;
            } else if (lower.contains(a)) {
                return true;
            }
        }
        return false;
    }

    public static boolean refuses(String text) { return text != null && REFUSAL.matcher(text).find(); }

    /** True when the text is in the language: Chinese has Han characters; English has more Latin letters than Han. */
    public static boolean inLanguage(String text, String lang) {
        if (text == null || lang == null) return true;
        long han = text.codePoints().filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN).count();
        long latin = text.codePoints().filter(c -> c < 128 && Character.isLetter(c)).count();
        return switch (lang) {
            case "zh" -> han > 0;
            case "en" -> latin > han;
            default -> true;
        };
    }

    private ReplyText() { }
}
