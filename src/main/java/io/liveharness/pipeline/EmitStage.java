package io.liveharness.pipeline;

import io.liveharness.api.Addresses;
import io.liveharness.api.AvatarReply;
import io.liveharness.router.Classification;
import io.vertx.core.eventbus.EventBus;

/**
 * Stage 5: the last gate before broadcast. Strips reasoning and tool markup (again: whatever
 * produced the text, nothing internal is spoken) and publishes the reply on {@code reply.<roomId>}.
 */
public final class EmitStage {
    private final EventBus bus;

    public EmitStage(EventBus bus) { this.bus = bus; }

    public AvatarReply emit(RoomRequest request, String text, boolean fallback) {
        Classification c = request.classification();
        AvatarReply reply = new AvatarReply(request.room().id(), request.message().messageId(), VisibleText.of(text),
                c.intent().label(), c.confidence(), request.harness().version(), fallback, System.currentTimeMillis());
        bus.publish(Addresses.reply(reply.roomId()), reply);
        return reply;
    }
}
