package io.liveharness.claims;

import java.util.Locale;

/** Something in a reply that does not sound like a person speaking, though it may state no false fact. */
public record Disfluency(Kind kind, String said) {
    public enum Kind {
        /** "米色/米色/米色", "white/white". */
        REPEATED_ITEM,
        /** "泡泡袖法式泡泡袖法式泡泡袖法式". */
        REPEATED_PHRASE,
        /** Two greetings in one reply ("Thanks for joining! Welcome to the live room!"). */
        DOUBLED_GREETING,
        /** A clause in the other language than the viewer's ("48小时内发货, ships within 48 hours"). */
        OTHER_LANGUAGE,
        /** Broken text: a replacement character, markup or tokenizer bytes left in. */
        GARBLED;

        public String label() { return name().toLowerCase(Locale.ROOT).replace('_', '-'); }
    }
}
