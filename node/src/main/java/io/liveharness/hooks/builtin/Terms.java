package io.liveharness.hooks.builtin;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Case-insensitive literal term search, shared by the term-list hooks. */
final class Terms {
    static Optional<String> firstIn(String text, List<String> terms) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String term : terms) {
            if (lower.contains(term.toLowerCase(Locale.ROOT))) return Optional.of(term);
        }
        return Optional.empty();
    }

    private Terms() { }
}
