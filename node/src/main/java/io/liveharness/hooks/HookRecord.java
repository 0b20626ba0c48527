package io.liveharness.hooks;

import io.liveharness.harness.HookPoint;

/**
 * What one hook did on one request, for the transcript.
 *
 * @param index  the hook's position in the harness's {@code hooks:} list
 * @param micros round trip over the event bus, including the hook's own time
 * @param failed the hook threw or timed out; {@code decision} is then what its onFailure decided
 */
public record HookRecord(int index, String type, HookPoint point, HookVerdict.Decision decision, String reason,
                         long micros, boolean failed) {
}
