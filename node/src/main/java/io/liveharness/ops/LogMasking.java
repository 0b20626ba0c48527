package io.liveharness.ops;

import java.util.regex.Pattern;

/**
 * Masks contact data in viewer-supplied text before it goes anywhere near a log: URLs, emails,
 * WeChat ids ({@code 微信/vx/wx: xxx}), Chinese mobiles (11 digits from 1[3-9], with or without
 * +86 and separators) and other phone-like digit runs of 7 or more. Use {@link #mask} on every
 * piece of viewer text that is logged; the result keeps the text readable but not contactable.
 */
public final class LogMasking {
    private static final Pattern URL = Pattern.compile("(?i)\\b(?:https?://|www\\.)\\S+");
    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");
    private static final Pattern WECHAT = Pattern.compile("(?i)(微信号?|威信|薇信|vx|wx|wechat|weixin|v信)\\s*[:：号]?\\s*[A-Za-z][-_A-Za-z0-9]{5,19}");
    private static final Pattern CN_MOBILE = Pattern.compile("(?<!\\d)(?:\\+?86[\\s-]?)?1[3-9]\\d(?:[\\s-]?\\d){8}(?!\\d)");
    private static final Pattern PHONE = Pattern.compile("(?<![\\w])\\+?\\(?\\d(?:[\\s().-]{0,2}\\d){6,}(?!\\d)");

    public static String mask(String text) {
        if (text == null || text.isEmpty()) return text;
        String s = URL.matcher(text).replaceAll("[url]");
        s = EMAIL.matcher(s).replaceAll("[email]");
        s = WECHAT.matcher(s).replaceAll("$1 [wechat]");
        s = CN_MOBILE.matcher(s).replaceAll("[phone]");
        s = PHONE.matcher(s).replaceAll("[phone]");
        return s;
    }

    private LogMasking() { }
}
