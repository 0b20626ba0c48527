package io.liveharness.router.question;

import com.fasterxml.jackson.annotation.JsonCreator;

import java.util.Locale;

/** What a product question asks about; {@link #SUMMARY} when it names nothing in particular. */
public enum Ask {
    PRICE, STOCK, SIZE, COLOR, MATERIAL, SHIPPING, BUY, BATTERY, FEATURE, SUMMARY;

    @JsonCreator
    public static Ask fromLabel(String label) { return valueOf(label.trim().toUpperCase(Locale.ROOT)); }
}
