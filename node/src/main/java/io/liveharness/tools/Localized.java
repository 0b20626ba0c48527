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

    /** Both, as the prompt shows a product: "碎花雪纺连衣裙 Floral chiffon dress"; one where they are the same. */
    public String both() { return zh == null || zh.equals(en) ? en : en == null ? zh : zh + " " + en; }

    /** The languages this text lacks (missing or blank), for the loader's error. */
    public List<String> missing() {
        return LANGUAGES.stream().filter(l -> in(l) == null || in(l).isBlank()).toList();
    }
}
