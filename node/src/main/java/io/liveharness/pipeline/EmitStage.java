package io.liveharness.pipeline;

import io.liveharness.room.RoomRequest;
import io.liveharness.api.Addresses;
import io.liveharness.api.AvatarReply;
import io.liveharness.api.ReplySegment;
import io.liveharness.router.Classification;
import io.vertx.core.eventbus.EventBus;

/**
 * Stage 5: broadcast. Each segment goes out on {@code segment.<roomId>} as the room releases it
 * (TTS speaks those); when the reply is over, the whole of what was said goes on
 * {@code reply.<roomId>} as the transcript. Segments come from the {@link Segmenter}, so no
 * reasoning or tool markup is in them.
 */
public final class EmitStage {
    private final EventBus bus;

    public EmitStage(EventBus bus) { this.bus = bus; }

    public void publish(ReplySegment segment) { bus.publish(Addresses.segment(segment.roomId()), segment); }

    public AvatarReply emit(RoomRequest request, String said, boolean fallback) {
        Classification c = request.classification();
        AvatarReply reply = new AvatarReply(request.room().id(), request.message().messageId(), said,
                c.intent().label(), c.confidence(), request.harness().version(), fallback, System.currentTimeMillis());
        bus.publish(Addresses.reply(reply.roomId()), reply);
        return reply;
    }
}
