package io.liveharness.router.dataset;

import java.util.List;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Fills a template's {slot}s for one room, in the template's language with some code-switching. */
final class SlotFiller {
    private static final Pattern SLOT = Pattern.compile("\\{([a-z]+2?)}");

    private final RandomGenerator rnd;
    private final Catalogue catalogue;

    SlotFiller(RandomGenerator rnd, Catalogue catalogue) {
        this.rnd = rnd;
        this.catalogue = catalogue;
    }

    static boolean isChinese(String template) {
        return template.codePoints().anyMatch(cp -> Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN);
    }

    String fill(String template, Room room) {
        boolean zh = isChinese(template);
        Matcher m = SLOT.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(value(m.group(1), room, zh)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private String value(String slot, Room room, boolean zh) {
        return switch (slot) {
            case "p", "p2" -> product(room, zh);
            case "c", "c2" -> pair(pick(catalogue.colours()), zh);
            case "s", "s2" -> pick(room.sizes());
            case "m", "m2" -> pair(pick(room.materials()), zh);
            case "k", "k2" -> Integer.toString(1 + rnd.nextInt(60));
            case "h" -> height(zh);
            case "w" -> weight(zh);
            case "city" -> pair(pick(catalogue.cities()), zh);
            case "price" -> (rnd.nextInt(50) * 10 + 9) + (zh ? "元" : "");
            case "n" -> Integer.toString(2 + rnd.nextInt(8));
            case "order" -> digits(rnd.nextInt(3) == 0 ? 16 : 19);
            case "wx" -> pick(List.of("abc", "lh", "vip", "mm", "fuli", "xx")) + digits(3 + rnd.nextInt(4));
            case "phone" -> "1" + (3 + rnd.nextInt(7)) + digits(9);
            case "url" -> pick(List.of("t.cn/", "http://bit.ly/", "www.fuli", "dwz.cn/", "https://x.co/"))
                    + Long.toString(rnd.nextLong(1L << 40), 36);
            case "e" -> pick(Noise.EMOJI);
            case "flood" -> pick(catalogue.floods()).repeat(4 + rnd.nextInt(13));
            default -> throw new IllegalArgumentException("unknown slot {" + slot + "}");
        };
    }

    /** Mostly this room's products (so the product-keyword feature fires); sometimes another room's. */
    private String product(Room room, boolean zh) {
        Room from = rnd.nextInt(10) == 0 ? pick(catalogue.rooms()) : room;
        int i = rnd.nextInt(from.products().size());
        boolean useZh = zh ? rnd.nextInt(5) != 0 : rnd.nextInt(10) == 0;
        String name = useZh ? from.productZh(i) : from.productEn(i);
        if (zh && rnd.nextInt(4) == 0) name = pick(List.of("这款", "这个", "那个", "这件", "链接里的")) + name;
        return name;
    }

    private String height(boolean zh) {
        int cm = 150 + rnd.nextInt(36);
        if (!zh) return rnd.nextBoolean() ? cm + "cm" : cm + "";
        return switch (rnd.nextInt(4)) {
            case 0 -> cm + "cm";
            case 1 -> "一米" + "五六七八".charAt((cm - 150) / 10) + (cm % 10 >= 5 ? "五" : "");
            default -> Integer.toString(cm);
        };
    }

    private String weight(boolean zh) {
        int kg = 42 + rnd.nextInt(45);
        if (!zh) return rnd.nextInt(3) == 0 ? (int) (kg * 2.2) + "lbs" : kg + "kg";
        return rnd.nextInt(3) == 0 ? kg + "kg" : (kg * 2) + "斤";
    }

    private String pair(String zhEn, boolean zh) {
        String[] parts = zhEn.split("\\|");
        boolean useZh = zh ? rnd.nextInt(6) != 0 : rnd.nextInt(12) == 0;
        return useZh ? parts[0] : parts[1];
    }

    private String digits(int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) b.append((char) ('0' + rnd.nextInt(10)));
        return b.toString();
    }

    <T> T pick(List<T> list) { return list.get(rnd.nextInt(list.size())); }
}
