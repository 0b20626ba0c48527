package io.liveharness.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Why a viewer message ended the way it did; the label is the reason code on the wire and in metrics. */
public enum OutcomeReason {
    /** Answered by the model. */
    MODEL,
    /** Answered, wholly or in its end, by the active skill's grounded fallback. */
    FALLBACK,
    /** The fallback given at once because the engine shed the request; or dropped from a full queue. */
    OVERLOAD,
    STALE,
    SPAM,
    /** Merged into a near-duplicate's answer. */
    DUPLICATE,
    /** An input hook refused the message. */
    REFUSED,
    ERROR,
    SHUTDOWN,
    DRAINING,
    BAD_MESSAGE,
    UNKNOWN_ROOM,
    TOO_LARGE,
    /**
     * A room state push (product on stage, a price, a stock count) changed what the answer rested
     * on while it was under way: it was cancelled, whatever it had already said staying said.
     */
    STATE_CHANGED,
    /**
     * The viewer went past their share of the room (rooms.perViewer): more messages than the
     * allowance, or more questions waiting than one viewer may hold.
     */
    VIEWER_LIMIT,
    /** The platform retired the room (DELETE /v1/rooms/{roomId}); it takes no more messages. */
    ROOM_RETIRED;

    @JsonValue
    public String label() { return name().toLowerCase(Locale.ROOT); }

    @JsonCreator
    public static OutcomeReason fromLabel(String label) {
        for (OutcomeReason r : values()) if (r.label().equals(label)) return r;
        throw new IllegalArgumentException("unknown outcome reason '" + label + "'; known: "
                + Arrays.stream(values()).map(OutcomeReason::label).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() { return label(); }
}
