package io.liveharness.tools;

import java.util.List;

/**
 * A catalog text in each language the rooms speak: {@code {zh: 白色, en: white}}. A reply says one
 * of them; nothing splits a two-language string to guess which half is which.
 */
public record Localized(String zh, String en) {
    /** The languages a catalog text must have, in the order the catalog writes them. */
    public static final List<String> LANGUAGES = List.of("zh", "en");

    /** The text in {@code language}: English for "en", else Chinese (the rooms' default language). */
    public String in(String language) { return "en".equals(language) ? en : zh; }

    /**
     * Both, as the model reads a product (the prompt, a tool's result): "碎花雪纺连衣裙 Floral chiffon
     * dress", the English without the words it opens with that the Chinese has already said ("AirLite
     * Pro 降噪蓝牙耳机 noise-cancelling earbuds"); one where they are the same. The avatar model was
     * trained on catalog texts written this way.
     */
    public String both() { return both(" "); }

    /** As {@link #both()}, the two joined by {@code separator}: a clause of terms reads "48小时内发货, ships within 48 hours". */
    public String both(String separator) {
        if (zh == null || zh.equals(en)) return en;
        if (en == null) return zh;
        String[] words = en.split(" ");
        int shared = 0;
        while (shared < words.length - 1 && zh.startsWith(String.join(" ", java.util.Arrays.copyOf(words, shared + 1)) + " ")) shared++;
        return zh + separator + String.join(" ", java.util.Arrays.copyOfRange(words, shared, words.length));
    }

    /** The languages this text lacks (missing or blank), for the loader's error. */
    public List<String> missing() {
        return LANGUAGES.stream().filter(l -> in(l) == null || in(l).isBlank()).toList();
    }
}
