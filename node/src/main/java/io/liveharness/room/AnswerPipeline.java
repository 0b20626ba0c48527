package io.liveharness.room;

import io.vertx.core.Future;

/**
 * What a room needs from the request pipeline: an answer to one request, its segments released
 * through the room's gate. The room declares it and the pipeline implements it, so the room does
 * not depend on how answers are made.
 */
public interface AnswerPipeline {
    /** Answers the request; the future never fails (a failure is a fallback or a refusal in the result). */
    Future<PipelineResult> run(RoomRequest request, SpeechGate gate);
}
