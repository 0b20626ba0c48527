package io.liveharness.pipeline;

import io.liveharness.api.AvatarReply;
import io.liveharness.api.StageTimings;

/**
 * How one request ended: the reply spoken (null when an input hook refused the message), whether
 * it came from the model or the fallback, what happened on the way, and where the time went.
 *
 * @param overload for a fallback, whether it was given because the engine refused the request at once
 *                 as overloaded (it could not have answered before the deadline), not because an answer failed
 * @param detail   for a fallback, why the model's answer was not used; for a refusal, why
 */
public record PipelineResult(AvatarReply reply, boolean fallback, boolean overload, String detail, RequestTrace trace,
                             StageTimings timings) {

    public static PipelineResult refused(String reason, RequestTrace trace, StageTimings timings) {
        return new PipelineResult(null, false, false, reason, trace, timings);
    }

    public boolean refused() { return reply == null; }
}
