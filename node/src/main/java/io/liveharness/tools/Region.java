package io.liveharness.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A province-level region the shop delivers to, as {@code catalog/policies.yaml} lists it: its name
 * in both languages, whether the remote-region surcharge applies, its cities and its other
 * spellings. A viewer names a region by any of them, in any case ("乌鲁木齐", "xinjiang", "Lhasa").
 */
public record Region(Localized name, boolean remote, List<Localized> cities, List<String> spellings) {

    public Region {
        cities = cities == null ? List.of() : List.copyOf(cities);
        spellings = spellings == null ? List.of() : List.copyOf(spellings);
    }

    /**
     * The length of the longest of this region's words that {@code text} says, 0 for none: Chinese
     * words anywhere, Latin ones as whole words ("Ili" is not in "chili"), all ignoring case.
     */
    public int matches(String text) {
        if (text == null || text.isBlank()) return 0;
        String lower = text.toLowerCase(Locale.ROOT);
        int longest = 0;
        for (String w : words()) {
            String word = w.toLowerCase(Locale.ROOT);
            if (word.isBlank() || word.length() <= longest) continue;
            boolean found = word.chars().anyMatch(c -> c > 127 && Character.isIdeographic(c)) ? lower.contains(word)
                    : Pattern.compile("(?<![\\p{L}\\d])" + Pattern.quote(word) + "(?![\\p{L}\\d])").matcher(lower).find();
            if (found) longest = word.length();
        }
        return longest;
    }

    private List<String> words() {
        List<String> out = new ArrayList<>(List.of(name.zh(), name.en()));
        cities.forEach(c -> out.addAll(List.of(c.zh(), c.en())));
        out.addAll(spellings);
        return out;
    }
}
