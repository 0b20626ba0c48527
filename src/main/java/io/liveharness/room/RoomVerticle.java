package io.liveharness.room;

import io.liveharness.api.Addresses;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.RoomStateUpdate;
import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.api.StageTimings;
import io.liveharness.api.ViewerMessage;
import io.liveharness.harness.Harness;
import io.liveharness.pipeline.PipelineResult;
import io.liveharness.pipeline.RoomRequest;
import io.liveharness.room.RoomSnapshot.Turn;
import io.liveharness.room.RoomSnapshot.Utterance;
import io.liveharness.router.Classification;
import io.liveharness.router.RouteContext;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One live room: an actor that holds the room's context window and live state, queues its
 * viewers' messages by the burst policy and answers them one at a time through the pipeline.
 * Everything here runs on the room's own event-loop context, so none of it needs locks.
 *
 * <p>When idle for the configured time it hands its {@link RoomSnapshot} to the registry and
 * stops accepting messages (it answers {@link #PASSIVATING}); the registry undeploys it and
 * brings it back with that snapshot on the next message.
 */
public final class RoomVerticle extends VerticleBase {
    public static final String ACCEPTED = "ok";
    public static final String PASSIVATING = "passivating";
    /** How long after an answer a viewer's next message counts as a reply to the avatar. */
    private static final long REPLY_WINDOW_MS = 60_000;
    private static final int MAX_TRACKED_VIEWERS = 256;

    private final RoomManifest manifest;
    private final RoomSnapshot initial;
    private final RoomServices services;
    private final Consumer<RoomSnapshot> onPassivate;

    private ContextWindow window;
    private RoomQueue queue;
    private String onStage;
    private List<Promotion> promotions;
    private Set<String> productKeywords;
    private final Map<String, Long> lastAnsweredByUser = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) { return size() > MAX_TRACKED_VIEWERS; }
    };
    private boolean busy;
    private boolean passivating;
    private long lastActivityMs;

    public RoomVerticle(RoomManifest manifest, RoomSnapshot snapshot, RoomServices services, Consumer<RoomSnapshot> onPassivate) {
        this.manifest = manifest;
        this.initial = snapshot;
        this.services = services;
        this.onPassivate = onPassivate;
    }

    @Override
    public Future<?> start() {
        var config = services.config();
        window = new ContextWindow(config.contextTokenBudget(), config.historyTurns(), initial.utterances(), initial.turns());
        queue = new RoomQueue(config.queueCapacity(), config.staleAfterMs(), config.mergeSimilarity(), this::dropped);
        onStage = initial.onStageProductId();
        promotions = initial.promotions();
        productKeywords = new HashSet<>();
        for (String id : manifest.products()) {
            services.catalog().find(id).ifPresent(p -> productKeywords.addAll(p.keywords()));
        }
        lastActivityMs = System.currentTimeMillis();
        long every = Math.max(50, config.passivateAfterMs() / 2);
        vertx.setPeriodic(every, every, id -> passivateIfIdle());
        return vertx.eventBus().consumer(Addresses.room(manifest.id()), this::onMessage).completion();
    }

    private void onMessage(Message<Object> msg) {
        if (passivating) {
            msg.reply(PASSIVATING);
            return;
        }
        lastActivityMs = System.currentTimeMillis();
        switch (msg.body()) {
            case ViewerMessage m -> accept(m);
            case RoomStateUpdate u -> apply(u);
            default -> {
                msg.fail(400, "room " + manifest.id() + " does not take " + msg.body().getClass().getSimpleName());
                return;
            }
        }
        msg.reply(ACCEPTED);
    }

    private void accept(ViewerMessage m) {
        Long answeredAt = lastAnsweredByUser.get(m.userId());
        boolean replyToAvatar = answeredAt != null && m.acceptedAtMs() - answeredAt < REPLY_WINDOW_MS;
        Classification c = services.router().classify(m.text(), new RouteContext(replyToAvatar, productKeywords));
        queue.offer(m, c);
        pump();
    }

    private void apply(RoomStateUpdate u) {
        if (u.onStageProductId() != null) onStage = u.onStageProductId();
        if (u.promotions() != null) promotions = List.copyOf(u.promotions());
        if (u.priceChanges() != null) u.priceChanges().forEach(p -> services.catalog().updatePrice(p.productId(), p.price()));
        if (u.stockChanges() != null) u.stockChanges().forEach(s -> services.catalog().updateStock(s.productId(), s.stock()));
        if (u.utterance() != null && !u.utterance().isBlank()) window.addUtterance(new Utterance(u.utterance(), u.atMs()));
    }

    /** Starts the next answer when the avatar is free. */
    private void pump() {
        if (busy) return;
        long now = System.currentTimeMillis();
        var next = queue.next(now);
        if (next.isEmpty()) return;
        busy = true;
        QueuedQuestion q = next.get();
        long queueWaitMicros = (now - q.message().acceptedAtMs()) * 1_000;
        Harness harness = services.harnesses().resolve(manifest.id(), manifest.harness()).harness();
        RoomRequest request = new RoomRequest(q.message(), q.classification(), manifest, snapshot(), harness,
                q.message().acceptedAtMs() + services.config().replyDeadlineMs());
        Future<PipelineResult> answer;
        try {
            answer = services.pipeline().run(request);
        } catch (RuntimeException e) {
            answer = Future.failedFuture(e);
        }
        answer.onComplete(ar -> finish(q, request, queueWaitMicros, ar));
    }

    private void finish(QueuedQuestion q, RoomRequest request, long queueWaitMicros, AsyncResult<PipelineResult> ar) {
        long now = System.currentTimeMillis();
        ViewerMessage m = q.message();
        Classification c = q.classification();
        String version = request.harness().version();
        if (ar.succeeded() && ar.result().refused()) {
            PipelineResult r = ar.result();
            List<String> hooks = hookLog(r);
            for (ViewerMessage each : all(q)) {
                publish(new MessageOutcome(manifest.id(), each.messageId(), OutcomeKind.DROPPED, "refused", r.detail(), null,
                        c.intent().label(), c.confidence(), version, null, withQueueWait(queueWaitMicros, r.timings()),
                        each.acceptedAtMs(), now, hooks));
            }
        } else if (ar.succeeded()) {
            PipelineResult r = ar.result();
            StageTimings timings = withQueueWait(queueWaitMicros, r.timings());
            String reason = r.fallback() ? "fallback" : "model";
            List<String> hooks = hookLog(r);
            publish(new MessageOutcome(manifest.id(), m.messageId(), OutcomeKind.ANSWERED, reason, r.detail(),
                    r.reply().text(), c.intent().label(), c.confidence(), version, null, timings, m.acceptedAtMs(), now, hooks));
            for (ViewerMessage dup : q.merged()) {
                publish(new MessageOutcome(manifest.id(), dup.messageId(), OutcomeKind.MERGED, "duplicate",
                        "answered together with " + m.messageId(), r.reply().text(), c.intent().label(), c.confidence(),
                        version, m.messageId(), timings, dup.acceptedAtMs(), now, hooks));
            }
            window.addTurn(new Turn(m.messageId(), m.text(), r.reply().text(), now));
            lastAnsweredByUser.put(m.userId(), now);
        } else {
            String detail = String.valueOf(ar.cause().getMessage());
            publish(new MessageOutcome(manifest.id(), m.messageId(), OutcomeKind.FAILED, "error", detail, null,
                    c.intent().label(), c.confidence(), version, null, StageTimings.NONE, m.acceptedAtMs(), now, null));
            for (ViewerMessage dup : q.merged()) {
                publish(new MessageOutcome(manifest.id(), dup.messageId(), OutcomeKind.FAILED, "error",
                        "merged into " + m.messageId() + ", which failed: " + detail, null, c.intent().label(),
                        c.confidence(), version, m.messageId(), StageTimings.NONE, dup.acceptedAtMs(), now, null));
            }
        }
        queue.finishAnswering();
        busy = false;
        lastActivityMs = now;
        pump();
    }

    private void dropped(ViewerMessage m, Classification c, String reason) {
        String detail = switch (reason) {
            case RoomQueue.STALE -> "older than the room's staleness limit of " + services.config().staleAfterMs() + " ms";
            case RoomQueue.OVERLOAD -> "the room's queue of " + services.config().queueCapacity() + " was full of higher-priority messages";
            case RoomQueue.SPAM -> "classified as spam";
            default -> reason;
        };
        publish(new MessageOutcome(manifest.id(), m.messageId(), OutcomeKind.DROPPED, reason, detail, null, c.intent().label(),
                c.confidence(), null, null, StageTimings.NONE, m.acceptedAtMs(), System.currentTimeMillis(), null));
    }

    private static List<ViewerMessage> all(QueuedQuestion q) {
        List<ViewerMessage> all = new java.util.ArrayList<>();
        all.add(q.message());
        all.addAll(q.merged());
        return all;
    }

    /** The hook decisions worth an operator's eye: anything but a plain allow. */
    private static List<String> hookLog(PipelineResult r) {
        return r.trace().hooks().stream()
                .filter(h -> h.failed() || h.decision() != io.liveharness.hooks.HookVerdict.Decision.ALLOW)
                .map(h -> h.point().yamlName() + "/" + h.type() + ": " + (h.failed() ? "failed" : h.decision().name().toLowerCase())
                        + (h.reason() == null ? "" : " (" + h.reason() + ")"))
                .toList();
    }

    private void publish(MessageOutcome outcome) {
        vertx.eventBus().publish(Addresses.outcome(manifest.id()), outcome);
    }

    private static StageTimings withQueueWait(long queueWaitMicros, StageTimings stages) {
        Map<String, Long> all = new LinkedHashMap<>();
        all.put("queue_wait", queueWaitMicros);
        all.putAll(stages.micros());
        return new StageTimings(all);
    }

    private void passivateIfIdle() {
        if (passivating || busy || !queue.idle()) return;
        if (System.currentTimeMillis() - lastActivityMs < services.config().passivateAfterMs()) return;
        passivating = true;
        onPassivate.accept(snapshot());
    }

    public RoomSnapshot snapshot() {
        return new RoomSnapshot(manifest.id(), onStage, promotions, window.utterances(), window.turns());
    }
}
