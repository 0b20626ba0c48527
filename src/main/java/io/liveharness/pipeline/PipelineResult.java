package io.liveharness.pipeline;

import io.liveharness.api.AvatarReply;
import io.liveharness.api.StageTimings;

/**
 * How one request ended: the reply spoken, whether it came from the model or the fallback, and
 * where the time went.
 *
 * @param detail for a fallback, why the model's answer was not used
 */
public record PipelineResult(AvatarReply reply, boolean fallback, String detail, StageTimings timings) {
}
