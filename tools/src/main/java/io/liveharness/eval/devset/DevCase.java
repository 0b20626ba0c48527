package io.liveharness.eval.devset;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One case of a dev set: a viewer message in a room, in the room's state, with its rubric.
 *
 * @param intent   the intent a person would label the message with (the router's own verdict is
 *                 recorded in the transcript beside it)
 * @param onStage  the product on stage when the message arrives; null for the manifest's
 * @param previous the avatar's last exchange with this viewer, for a follow-up question; null for none
 * @param tags     free labels for slicing a report ({@code risky-answerable}, {@code medical} ...)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record DevCase(String id, String room, String intent, String lang, String text, String onStage,
                      Previous previous, List<String> tags, Rubric rubric) {

    public DevCase {
        tags = tags == null ? List.of() : List.copyOf(tags);
        rubric = rubric == null ? new Rubric(null, null, null, null, null, null, null) : rubric;
    }

    /** The exchange just before this message: what the viewer asked and what the avatar said. */
    public record Previous(String question, String reply) { }
}
