package io.liveharness.room;

import io.liveharness.api.Addresses;
import io.liveharness.api.LocalCodec;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.ReplySegment;
import io.liveharness.api.RoomCommand;
import io.liveharness.api.RoomStateUpdate;
import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.api.ViewerMessage;
import io.liveharness.harness.Harness;
import io.liveharness.room.RoomSnapshot.Turn;
import io.liveharness.room.RoomSnapshot.Utterance;
import io.liveharness.router.Classification;
import io.liveharness.router.RouteContext;
import io.liveharness.claims.ViewerQuestions;
import io.liveharness.tools.Product;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;

import java.util.HashMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One live room: an actor that holds the room's context window and live state, queues its
 * viewers' messages by the burst policy and answers them in spoken turns. The avatar's voice is
 * the bottleneck, so when it is about to be free the room plans its next turn ({@link TurnPlanner}):
 * several waiting questions, each answered by its own pipeline run, all started together, said one
 * after the other, each addressed to the viewer who asked ({@link AnswerSpeech}); the room knows
 * until when the avatar is estimated to speak ({@link SpeechClock}). A state push that takes away
 * what an answer under way rests on withdraws that answer ({@link StateDependency}); waiting
 * questions simply start on the new state. Everything here runs on the room's own event-loop
 * context, so none of it needs locks.
 *
 * <p>When idle for the configured time it hands its {@link RoomSnapshot} to the registry and
 * stops accepting messages (it answers {@link #PASSIVATING}); the registry undeploys it and
 * brings it back with that snapshot on the next message.
 */
public final class RoomVerticle extends VerticleBase {
    public static final String ACCEPTED = "ok";
    public static final String PASSIVATING = "passivating";
    /** The answer to a passivate command while the room still has work. */
    public static final String BUSY = "busy";
    /** How long after an answer a viewer's next message counts as a reply to the avatar. */
    private static final long REPLY_WINDOW_MS = 60_000;
    private static final int MAX_TRACKED_VIEWERS = 256;
    /**
     * How long before the voice is free the room plans its next turn: late enough that what viewers
     * asked meanwhile joins it, early enough that its answers are generated when the voice frees.
     */
    static final long PLAN_AHEAD_MS = 2_500;

    private final RoomManifest manifest;
    private final RoomSnapshot initial;
    private final RoomServices services;
    private final Consumer<RoomSnapshot> onPassivate;

    private ContextWindow window;
    private RoomQueue queue;
    private ViewerAllowance allowance;
    private String onStage;
    private List<Promotion> promotions;
    /** The room's own prices and stock (the platform's, for this room only), over the catalog's. */
    private final Map<String, Double> prices = new HashMap<>();
    private final Map<String, Integer> stock = new HashMap<>();
    private Set<String> productKeywords;
    private final Map<String, Long> lastAnsweredByUser = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) { return size() > MAX_TRACKED_VIEWERS; }
    };
    /** A turn is under way: its answers are being made or wait for the voice. */
    private boolean busy;
    private int unfinished;
    private long planTimer = -1;
    /** What one of this room's answers takes to say, lately: how many fit in a turn. */
    private double answerSeconds = TurnPlanner.DEFAULT.answerSeconds();
    private SpeechClock speech;
    /** The answers under way: their gates and what they rest on. */
    private final List<InFlight> inFlight = new ArrayList<>();
    private boolean passivating;
    private long lastActivityMs;

    private record InFlight(AnswerSpeech speech, StateDependency.Grounds grounds) { }

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
        queue = new RoomQueue(config.queueCapacity(), config.staleAfterMs(), config.mergeSimilarity(),
                config.perViewer().waiting(), this::dropped);
        allowance = new ViewerAllowance(config.perViewer());
        onStage = initial.onStageProductId();
        promotions = initial.promotions();
        prices.putAll(initial.prices());
        stock.putAll(initial.stock());
        speech = new SpeechClock(initial.speech());
        services.catalog().offer(manifest.id(), initial.offer()); // the product tools answer this room with them
        productKeywords = new HashSet<>();
        for (String id : manifest.products()) {
            services.catalog().find(id).ifPresent(p -> productKeywords.addAll(p.keywords()));
        }
        lastActivityMs = services.clock().millis();
        // at most every 5 s: the clock may move faster than real time (tests), and a check is cheap
        long every = Math.max(50, Math.min(5_000, config.passivateAfterMs() / 2));
        vertx.setPeriodic(every, every, id -> passivateIfIdle());
        LocalCodec.register(vertx.eventBus(), RoomSnapshot.class); // what it replies to SNAPSHOT
        return vertx.eventBus().localConsumer(Addresses.room(manifest.id()), this::onMessage).completion();
    }

    private void onMessage(Message<Object> msg) {
        if (passivating) {
            msg.reply(PASSIVATING);
            return;
        }
        lastActivityMs = services.clock().millis();
        switch (msg.body()) {
            case ViewerMessage m -> accept(m);
            case RoomStateUpdate u -> apply(u);
            case RoomCommand command when command == RoomCommand.PASSIVATE -> {
                msg.reply(passivate() ? PASSIVATING : BUSY);
                return;
            }
            case RoomCommand command when command == RoomCommand.SNAPSHOT -> {
                msg.reply(snapshot());
                return;
            }
            default -> {
                msg.fail(400, "room " + manifest.id() + " does not take " + msg.body().getClass().getSimpleName());
                return;
            }
        }
        msg.reply(ACCEPTED);
    }

    private void accept(ViewerMessage m) {
        if (!allowance.take(m.userId(), services.clock().millis())) {
            dropped(m, null, OutcomeReason.VIEWER_LIMIT); // before the router: a flood costs the room no classifying
            return;
        }
        Long answeredAt = lastAnsweredByUser.get(m.userId());
        boolean replyToAvatar = answeredAt != null && m.acceptedAtMs() - answeredAt < REPLY_WINDOW_MS;
        Classification c = services.router().classify(m.text(), new RouteContext(replyToAvatar, productKeywords));
        queue.offer(m, c, asked(m, c));
        pump();
    }

    private void apply(RoomStateUpdate u) {
        // judged against the state each answer started on, before this update changes it
        Map<String, Product> before = productsAsSold();
        Map<InFlight, String> withdrawn = new LinkedHashMap<>();
        for (InFlight f : inFlight) {
            StateDependency.withdraws(u, f.grounds(), before,
                    SpeechTime.join(f.speech().released().stream().map(ReplySegment::text).toList()))
                    .ifPresent(reason -> withdrawn.put(f, reason));
        }
        if (u.onStageProductId() != null) onStage = u.onStageProductId();
        if (u.promotions() != null) promotions = List.copyOf(u.promotions());
        // This room's, not the catalog's: another room selling the same product keeps its own price.
        if (u.priceChanges() != null) u.priceChanges().forEach(p -> prices.put(p.productId(), p.price()));
        if (u.stockChanges() != null) u.stockChanges().forEach(s -> stock.put(s.productId(), s.stock()));
        if (u.priceChanges() != null || u.stockChanges() != null) services.catalog().offer(manifest.id(), snapshot().offer());
        if (u.utterance() != null && !u.utterance().isBlank()) window.addUtterance(new Utterance(u.utterance(), u.atMs()));
        withdrawn.forEach((f, reason) -> f.speech().withdraw(reason));
    }

    /** The fact {@code m} asks for, read over the room's products (the one on stage first); empty when none is read. */
    private Optional<AskedFact> asked(ViewerMessage m, Classification c) {
        if (!AskedFact.asks(c.intent())) return Optional.empty(); // small talk and spam cost no reading
        List<Product> products = new ArrayList<>(productsAsSold().values());
        if (products.isEmpty()) return Optional.empty();
        products.sort(java.util.Comparator.comparing(p -> !p.id().equals(onStage)));
        try {
            return AskedFact.of(c.intent(), ViewerQuestions.reader().read(m.text(), products, null));
        } catch (RuntimeException e) { // a text the read cannot take still queues (and ends once): it merges only by its words
            return Optional.empty();
        }
    }

    /** The room's products as it sells them now (its prices and stock over the catalog's), by id. */
    private Map<String, Product> productsAsSold() {
        Map<String, Product> out = new LinkedHashMap<>();
        var offer = snapshot().offer();
        for (String id : manifest.products()) services.catalog().find(id).map(offer::apply).ifPresent(p -> out.put(id, p));
        if (onStage != null && !out.containsKey(onStage)) services.catalog().find(onStage).map(offer::apply).ifPresent(p -> out.put(onStage, p));
        return out;
    }

    /**
     * Plans the next spoken turn when the voice is about to be free ({@link #PLAN_AHEAD_MS} before),
     * so that what viewers asked while it spoke can join the turn, and starts the turn's answers
     * together: the batcher decodes them side by side, and each one's segments wait at its
     * {@link AnswerSpeech} for the voice and for the answer before it.
     */
    private void pump() {
        if (busy || passivating) return;
        long voiceFree = speech.speakingUntilMs();
        long wait = voiceFree - PLAN_AHEAD_MS - System.currentTimeMillis(); // the speech clock's time
        if (wait > 0) {
            if (planTimer < 0) planTimer = vertx.setTimer(wait, id -> {
                planTimer = -1;
                pump();
            });
            return;
        }
        long now = services.clock().millis();
        List<QueuedQuestion> turn = queue.nextTurn(now, voiceFree, TurnPlanner.DEFAULT.estimating(answerSeconds));
        if (turn.isEmpty()) return;
        busy = true;
        unfinished = turn.size();
        Future<?> before = Future.succeededFuture();
        for (QueuedQuestion q : turn) {
            String address = turn.size() > 1 ? "@" + q.message().userId() + " " : "";
            Promise<Void> ended = Promise.promise();
            start(q, new AnswerSpeech(vertx, speech, voiceFree, before, address), now).onComplete(ar -> ended.complete());
            before = ended.future();
        }
    }

    /** Starts answering {@code q}; the future completes once its outcomes are published. */
    private Future<Void> start(QueuedQuestion q, AnswerSpeech gate, long now) {
        long queueWaitMicros = (now - q.message().acceptedAtMs()) * 1_000;
        // Anything that throws from here on (a pin to a version this node lacks, a bug in a stage)
        // ends this message as failed and frees the room: it must never stay busy with no outcome.
        String version = null;
        Future<PipelineResult> answer;
        InFlight flight = null;
        try {
            Harness harness = services.harnesses().resolve(manifest.id(), manifest.harness()).harness();
            version = harness.version();
            // the deadline counts from when the room could first speak it, not from acceptance: waiting for the voice is not the model's delay
            RoomRequest request = new RoomRequest(q.message(), q.classification(), manifest, snapshot(), harness,
                    q.speakableFromMs() + services.config().replyDeadlineMs());
            flight = new InFlight(gate, StateDependency.Grounds.of(q.message().text(), q.classification().intent(), onStage,
                    List.copyOf(productsAsSold().values())));
            inFlight.add(flight);
            answer = services.pipeline().run(request, gate);
        } catch (RuntimeException e) {
            answer = Future.failedFuture(e);
        }
        String harnessVersion = version;
        InFlight mine = flight;
        Promise<Void> done = Promise.promise();
        answer.onComplete(ar -> {
            try {
                finish(q, mine, harnessVersion, queueWaitMicros, ar);
            } finally {
                done.complete();
            }
        });
        return done.future();
    }

    private void finish(QueuedQuestion q, InFlight flight, String harnessVersion, long queueWaitMicros, AsyncResult<PipelineResult> ar) {
        long now = services.clock().millis();
        QuestionOutcomes outcomes = new QuestionOutcomes(manifest.id(), q, harnessVersion, queueWaitMicros, onStage);
        boolean answered = false;
        List<MessageOutcome> out;
        try {
            if (ar.failed()) {
                out = outcomes.failed(ar.cause(), now);
            } else if (ar.result().wasWithdrawn()) {
                out = outcomes.withdrawn(ar.result(), now);
            } else if (ar.result().refused()) {
                out = outcomes.refused(ar.result(), now);
            } else {
                out = outcomes.answered(ar.result(), now);
                answered = true;
            }
        } catch (RuntimeException e) { // a result this room cannot record (a bug): the message still ends, once
            out = outcomes.failed(e, now);
            answered = false;
        }
        try {
            out.forEach(this::publish);
            if (answered) {
                window.addTurn(new Turn(q.message().messageId(), q.message().text(), ar.result().reply().text(), now));
                lastAnsweredByUser.put(q.message().userId(), now);
                double said = ar.result().segments().stream().mapToDouble(ReplySegment::speechSeconds).sum();
                answerSeconds = 0.7 * answerSeconds + 0.3 * said; // what the next turns' answers will take, roughly
            }
        } finally {
            queue.finishAnswering(q);
            inFlight.remove(flight);
            lastActivityMs = now;
            if (--unfinished == 0) {
                busy = false;
                pump();
            }
        }
    }

    private void dropped(ViewerMessage m, Classification c, OutcomeReason reason) {
        String detail = switch (reason) {
            case STALE -> "the room could have spoken it for longer than its staleness limit of " + services.config().staleAfterMs()
                    + " ms (counted from when the voice was first free for it)";
            case OVERLOAD -> "the room's queue of " + services.config().queueCapacity() + " was full of higher-priority messages";
            case SPAM -> "classified as spam";
            case VIEWER_LIMIT -> c == null
                    ? "viewer '" + m.userId() + "' sent more than rooms.perViewer allows (" + services.config().perViewer().burst()
                    + " at once, then " + services.config().perViewer().messagesPerMinute() + " a minute)"
                    : "viewer '" + m.userId() + "' had its share of the room's queue (rooms.perViewer.waiting "
                    + services.config().perViewer().waiting() + ", one place once the queue is full)";
            default -> reason.label();
        };
        publish(QuestionOutcomes.dropped(manifest.id(), m, c, reason, detail));
    }

    private void publish(MessageOutcome outcome) {
        vertx.eventBus().publish(Addresses.outcome(manifest.id()), outcome);
    }

    private void passivateIfIdle() {
        if (services.clock().millis() - lastActivityMs < services.config().passivateAfterMs()) return;
        passivate();
    }

    /** Hands the room's state to the registry and stops taking messages, if nothing is queued or running. */
    private boolean passivate() {
        if (passivating) return true;
        if (busy || !queue.idle()) return false;
        passivating = true;
        services.catalog().withdraw(manifest.id());
        onPassivate.accept(snapshot());
        return true;
    }

    public RoomSnapshot snapshot() {
        return new RoomSnapshot(manifest.id(), onStage, promotions, window.utterances(), window.turns(), prices, stock,
                speech.state());
    }
}
