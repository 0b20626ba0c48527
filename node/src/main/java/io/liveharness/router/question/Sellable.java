package io.liveharness.router.question;

import java.util.List;

/**
 * A product as the question read needs it: what a viewer may call it and ask of it. The catalog's
 * product implements it (the router reads no catalog: the tools package sits above it).
 */
public interface Sellable {
    String id();

    double price();

    List<String> sizes();

    List<String> keywords();

    /** The product's name in {@code language} ("zh", "en"). */
    String nameIn(String language);

    /** Each colour it comes in, by its words in each language: [[白色, white], [蓝色, blue]]. */
    List<List<String>> colorWords();
}
