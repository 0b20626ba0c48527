package io.liveharness.router.dataset;

import io.liveharness.router.Intent;

import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Makes a clean filled template look typed on a phone in a live room: fillers, emoji, repeated
 * punctuation, homophone typos, pinyin shorthand, English slang and letter slips.
 */
final class Noise {
    static final List<String> EMOJI = List.of("😂", "👍", "❤️", "🔥", "😭", "🙏", "😍", "🤔", "💰", "😅", "🌹", "👏", "🥺");
    private static final List<String> ANGRY = List.of("😡", "😤", "👎", "🤬", "💢");

    private static final String[][] ZH_TYPOS = {
            {"吗", "嘛"}, {"的", "滴"}, {"什么", "啥"}, {"什么", "神马"}, {"怎么", "咋"}, {"有没有", "有木有"},
            {"没", "木"}, {"谢谢", "3q"}, {"可以", "阔以"}, {"喜欢", "稀饭"}, {"主播", "zb"}, {"主播", "主bo"},
            {"知道", "造"}, {"这个", "zhege"}, {"多少钱", "多钱"}, {"好", "hao"}, {"你们", "你门"}, {"是不是", "是8是"}};
    private static final String[][] EN_SLANG = {
            {"you", "u"}, {"are", "r"}, {"please", "pls"}, {"pls", "plz"}, {"whats", "wat"}, {"what", "wut"},
            {"the ", ""}, {"is there", "any"}, {"how much", "hm"}, {"size", "sz"}, {"thanks", "thx"}};

    private final RandomGenerator rnd;

    Noise(RandomGenerator rnd) { this.rnd = rnd; }

    String apply(String text, Intent intent) {
        boolean zh = SlotFiller.isChinese(text);
        String t = zh ? zhTypos(text) : enNoise(text);
        t = prefix(t, intent, zh) + t + suffix(intent, zh);
        if (zh && rnd.nextInt(8) == 0) t = t.replace(" ", "");
        if (rnd.nextInt(15) == 0) t = t.replace("?", "？").replace("!", "！");
        return t.strip();
    }

    private String zhTypos(String t) {
        for (String[] typo : ZH_TYPOS) {
            if (t.contains(typo[0]) && rnd.nextInt(5) == 0) t = t.replaceFirst(typo[0], typo[1]);
        }
        return t;
    }

    private String enNoise(String t) {
        if (rnd.nextInt(10) < 7) t = t.toLowerCase(Locale.ROOT);
        else if (rnd.nextInt(3) == 0) t = t.toUpperCase(Locale.ROOT);
        else t = Character.toUpperCase(t.charAt(0)) + t.substring(1);
        for (String[] s : EN_SLANG) {
            if (t.contains(s[0]) && rnd.nextInt(4) == 0) t = t.replace(s[0], s[1]);
        }
        if (rnd.nextInt(6) == 0) t = slip(t);
        return t;
    }

    /** One finger slip: two letters swapped or one dropped inside a longer word. */
    private String slip(String t) {
        String[] words = t.split(" ");
        int w = rnd.nextInt(words.length);
        String word = words[w];
        if (word.length() < 4) return t;
        int i = 1 + rnd.nextInt(word.length() - 2);
        words[w] = rnd.nextBoolean()
                ? word.substring(0, i) + word.charAt(i + 1) + word.charAt(i) + word.substring(i + 2)
                : word.substring(0, i) + word.substring(i + 1);
        return String.join(" ", words);
    }

    private String prefix(String t, Intent intent, boolean zh) {
        if (rnd.nextInt(100) >= 22) return "";
        List<String> pool = switch (intent) {
            case PRODUCT_QA, AFTER_SALES, LOGISTICS, PROMOTION -> zh
                    ? List.of("请问", "问一下", "主播", "zb", "宝宝", "姐妹们", "小姐姐", "hello ", "在吗 ", "主播主播")
                    : List.of("hi ", "hello ", "host ", "excuse me ", "hey ", "question: ");
            case CLARIFICATION -> zh ? List.of("那", "哦 ", "嗯 ", "额", "ok ", "所以") : List.of("so ", "ok ", "um ", "wait ");
            case CHITCHAT -> zh ? List.of("哈哈", "啊啊啊", "嘿嘿 ", "哇 ") : List.of("wow ", "omg ", "hey ");
            case COMPLAINT -> zh ? List.of("主播", "我说", "真的", "无语 ") : List.of("seriously ", "honestly ", "ugh ");
            case SPAM -> List.of("");
        };
        return pool.get(rnd.nextInt(pool.size()));
    }

    private String suffix(Intent intent, boolean zh) {
        StringBuilder s = new StringBuilder();
        int r = rnd.nextInt(100);
        boolean question = intent != Intent.CHITCHAT && intent != Intent.SPAM && intent != Intent.COMPLAINT;
        if (question && r < 45) {
            s.append(List.of("?", "？", "？？", "???", "?????", "呀", "啊", "鸭", "捏").get(rnd.nextInt(zh ? 9 : 5)));
        } else if (!question && r < 30) {
            s.append(List.of("!", "！！", "!!!", "~", "~~", "哈哈哈", "。。。").get(rnd.nextInt(zh ? 7 : 5)));
        }
        if (question && rnd.nextInt(12) == 0) s.append(zh ? List.of(" 急", " 在线等", " 谢谢").get(rnd.nextInt(3)) : " pls");
        if (rnd.nextInt(100) < 28) {
            List<String> pool = intent == Intent.COMPLAINT ? ANGRY : EMOJI;
            String e = pool.get(rnd.nextInt(pool.size()));
            s.append(e.repeat(1 + rnd.nextInt(3)));
        }
        return s.toString();
    }
}
