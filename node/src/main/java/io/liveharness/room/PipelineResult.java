package io.liveharness.room;

import io.liveharness.api.AvatarReply;
import io.liveharness.api.ReplySegment;
import io.liveharness.api.StageTimings;

import java.util.List;

/**
 * How one request ended: the reply spoken (null when an input hook refused the message or the room
 * withdrew the answer), whether the fallback gave or finished it, what happened on the way, and where the time went.
 *
 * @param overload  for a fallback, whether it was given because the engine refused the request at once
 *                  as overloaded (it could not have answered before the deadline), not because an answer failed
 * @param detail    for a fallback, why the model's answer was not used (or not to its end); for a refusal,
 *                  why; for a withdrawn answer, the room's reason
 * @param segments  the segments released to viewers, in order
 * @param withdrawn the room's reason when it withdrew the answer under way (its state changed), else null
 */
public record PipelineResult(AvatarReply reply, boolean fallback, boolean overload, String detail,
                             List<ReplySegment> segments, String withdrawn, RequestTrace trace, StageTimings timings) {

    public PipelineResult {
        segments = segments == null ? List.of() : List.copyOf(segments);
    }

    public static PipelineResult refused(String reason, RequestTrace trace, StageTimings timings) {
        return new PipelineResult(null, false, false, reason, List.of(), null, trace, timings);
    }

    public static PipelineResult withdrawn(String reason, List<ReplySegment> said, RequestTrace trace, StageTimings timings) {
        return new PipelineResult(null, false, false, reason, said, reason, trace, timings);
    }

    public boolean refused() { return reply == null && withdrawn == null; }

    public boolean wasWithdrawn() { return withdrawn != null; }
}
