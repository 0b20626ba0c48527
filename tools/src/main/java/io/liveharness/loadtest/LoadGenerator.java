package io.liveharness.loadtest;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketClientOptions;

import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The open-model generator. One sender thread walks the {@link ArrivalSchedule} and sends each
 * message at its scheduled time, whatever the node has answered so far; at most
 * {@code maxInFlight} POSTs are in flight, and a send that has to wait for a slot goes out late and
 * is counted late, by how much, with its latency still measured from the scheduled time. Outcomes
 * come from WebSockets on a sample of rooms and from batched polling of
 * {@code GET /v1/rooms/{roomId}/messages/{id}} for the rest, then a final sweep of every message still missing
 * until the grace timeout. The HTTP side runs on a Vert.x instance of its own (one event loop).
 */
public final class LoadGenerator {
    /** A send later than this after its scheduled time counts as late. */
    public static final long LATE_NS = 10_000_000L;
    private static final ObjectMapper JSON = Json.MAPPER;

    /** One message, from its scheduled time to its outcome. */
    static final class Msg {
        final String id;
        final int room;
        final long scheduledNs;
        final long lagNs;
        final boolean flood;
        volatile boolean accepted;
        final java.util.concurrent.atomic.AtomicBoolean settled = new java.util.concurrent.atomic.AtomicBoolean();
        volatile long sentAtNs;
        volatile long nextPollNs;
        int polls;
        String outcome;
        int wsFrames;
        boolean replied;
        boolean spoke;
        /** It asks something the room can answer ({@link LoadRecorder#QUESTIONS}), by its text's label. */
        volatile boolean question;

        Msg(String id, int room, long scheduledNs, long lagNs, boolean flood) {
            this.id = id;
            this.room = room;
            this.scheduledNs = scheduledNs;
            this.lagNs = lagNs;
            this.flood = flood;
        }
    }

    /** What a run left: the recorder, what never got an outcome, and the run's own figures. */
    public record Result(LoadRecorder recorder, List<String> missing, int missingCount, double sendSeconds,
                         double totalSeconds, int wsRooms, int wsConnected, long maxOpen, FloodFigures flood, VoiceUtilisation voice) { }

    private final Scenario scenario;
    private final List<String> roomIds;
    private final String host;
    private final int port;
    private final MessageTexts texts;
    private final PrintStream progress;
    private final Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(2));
    private final HttpClient client;
    private final io.vertx.core.Context context; // every client call runs here: one event loop, no cross-thread use of the pool
    private final Semaphore permits;
    private final AtomicInteger pollsInFlight = new AtomicInteger();
    private final Map<String, Msg> open = new ConcurrentHashMap<>();
    private final Map<String, Msg> done = new ConcurrentHashMap<>();
    private final AtomicLong seq = new AtomicLong();
    private final String runId;
    private final FloodFigures flood = new FloodFigures();
    private volatile boolean sweeping;
    private boolean bench;
    private long startNs;
    /** The WebSocket sample's rooms, and how much of the time each one's voice speaks. */
    private final List<String> sampledRooms = new ArrayList<>();
    private volatile VoiceUtilisation voice;
    private long maxOpen;

    public LoadGenerator(Scenario scenario, List<String> roomIds, URI target, MessageTexts texts, PrintStream progress) {
        if (roomIds.size() < scenario.rooms()) {
            throw new IllegalArgumentException("the scenario needs " + scenario.rooms() + " rooms, the node has " + roomIds.size());
        }
        this.scenario = scenario;
        this.roomIds = roomIds.subList(0, scenario.rooms());
        this.host = target.getHost();
        this.port = target.getPort();
        this.texts = texts;
        this.progress = progress;
        this.permits = new Semaphore(scenario.maxInFlight());
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setTcpNoDelay(true),
                new PoolOptions().setHttp1MaxSize(Math.min(64, scenario.maxInFlight())).setMaxWaitQueueSize(-1));
        this.context = vertx.getOrCreateContext();
        this.runId = scenario.name() + "-" + Long.toString(System.currentTimeMillis(), 36);
    }

    /**
     * For {@code bench loadgen}: no outcome collection, a message is forgotten once acknowledged,
     * and sending stops at the scenario's end even if the schedule is not done (it is meant to be
     * far faster than the generator can go).
     */
    public LoadGenerator benchMode() {
        this.bench = true;
        return this;
    }

    public Result run(NodeProbe probe) throws InterruptedException {
        LoadRecorder rec = new LoadRecorder(Math.max(1, scenario.totalS() / 45), scenario.warmupS(), scenario.totalS());
        ArrivalSchedule schedule = new ArrivalSchedule(scenario);
        int wsRooms = Math.min(scenario.outcomes().wsSampleRooms(), scenario.rooms());
        if (bench) wsRooms = 0;
        int wsConnected = connectSample(wsRooms, rec);
        startNs = System.nanoTime();
        voice = new VoiceUtilisation(System.currentTimeMillis(), rec.bucketS());
        sampledRooms.forEach(voice::room);
        if (probe != null) probe.start(startNs);
        long poller = bench ? -1 : vertx.setPeriodic(200, id -> context.runOnContext(v -> poll(rec)));
        Thread sender = Thread.ofPlatform().name("loadtest-sender").start(() -> sendLoop(schedule, rec));
        long lastProgress = System.nanoTime();
        while (sender.isAlive()) {
            sender.join(250);
            maxOpen = Math.max(maxOpen, open.size());
            if (System.nanoTime() - lastProgress >= 5_000_000_000L) {
                lastProgress = System.nanoTime();
                progress(rec, probe, "sending");
            }
        }
        double sendSeconds = (System.nanoTime() - startNs) / 1e9;
        if (permits.tryAcquire(scenario.maxInFlight(), 30, TimeUnit.SECONDS)) permits.release(scenario.maxInFlight()); // the last POSTs answered
        sweeping = true;
        long graceEnd = System.nanoTime() + scenario.outcomes().graceS() * 1_000_000_000L;
        while (!open.isEmpty() && System.nanoTime() < graceEnd) {
            Thread.sleep(250);
            if (System.nanoTime() - lastProgress >= 5_000_000_000L) {
                lastProgress = System.nanoTime();
                progress(rec, probe, "waiting for outcomes");
            }
        }
        vertx.cancelTimer(poller);
        progress(rec, probe, "done");
        List<String> missing = new ArrayList<>();
        open.values().stream().filter(m -> m.accepted).map(m -> m.id).sorted().limit(100).forEach(missing::add);
        int missingCount = (int) open.values().stream().filter(m -> m.accepted).count();
        double total = (System.nanoTime() - startNs) / 1e9;
        vertx.close().toCompletionStage().toCompletableFuture().join();
        return new Result(rec, missing, missingCount, sendSeconds, total, wsRooms, wsConnected, maxOpen, flood, voice);
    }

    private void progress(LoadRecorder rec, NodeProbe probe, String phase) {
        NodeProbe.Sample s = probe == null ? null : probe.last();
        long sent;
        long outcomes;
        long late;
        synchronized (rec) {
            sent = rec.sent;
            outcomes = rec.outcomeCount;
            late = rec.late;
        }
        double t = (System.nanoTime() - startNs) / 1e9;
        progress.printf("loadtest %5.0fs %-20s sent=%d (%.0f/s) late=%d in_flight=%d outcomes=%d open=%d%s%s%n", t, phase,
                sent, sent / Math.max(1, Math.min(t, scenario.totalS())), late, scenario.maxInFlight() - permits.availablePermits(),
                outcomes, open.size(),
                s == null || Double.isNaN(s.pending()) ? "" : String.format(" node_pending=%.0f", s.pending()),
                s == null || Double.isNaN(s.heapUsedMb()) ? "" : String.format(" heap=%.0fMB", s.heapUsedMb()));
    }

    private void sendLoop(ArrivalSchedule schedule, LoadRecorder rec) {
        SplittableRandom random = new SplittableRandom(scenario.seed() ^ 0x5DEECE66DL);
        ArrivalSchedule.Arrival a;
        long stopNs = startNs + scenario.totalS() * 1_000_000_000L;
        while ((a = schedule.next()) != null) {
            if (bench && System.nanoTime() >= stopNs) break;
            long due = startNs + a.atNs();
            long wait;
            while ((wait = due - System.nanoTime()) > 0) LockSupport.parkNanos(wait);
            permits.acquireUninterruptibly();
            long now = System.nanoTime();
            long lag = now - due;
            Msg m = new Msg(runId + "-" + seq.incrementAndGet(), a.room(), a.atNs(), lag, a.flood());
            int intent = texts.drawIntent(random);
            String user = a.flood() ? "flooder-" + a.room() : "u" + a.room() + "-" + random.nextInt(200);
            String said = texts.text(intent, random);
            m.question = !a.flood() && LoadRecorder.QUESTIONS.contains(texts.labelOf(said)); // a flood's surplus is not a question left unanswered
            ObjectNode body = JSON.createObjectNode().put("messageId", m.id)
                    .put("userId", user).put("text", said);
            open.put(m.id, m);
            rec.sent(a.atNs(), lag, lag > LATE_NS);
            m.sentAtNs = now;
            String text = body.toString();
            context.runOnContext(v -> post(m, text, rec));
        }
    }

    private void post(Msg m, String body, LoadRecorder rec) {
        RequestOptions o = new RequestOptions().setMethod(HttpMethod.POST).setHost(host).setPort(port)
                .setURI("/v1/rooms/" + roomIds.get(m.room) + "/messages").setIdleTimeout(30_000)
                .putHeader("content-type", "application/json");
        client.request(o).compose(req -> req.send(Buffer.buffer(body)))
                .compose(resp -> resp.body().map(b -> resp.statusCode()))
                .onComplete(ar -> {
                    if (!m.settled.compareAndSet(false, true)) return; // the watchdog gave up on it already
                    permits.release();
                    if (ar.succeeded() && ar.result() == 202) {
                        rec.accepted();
                        if (bench) {
                            open.remove(m.id);
                            return;
                        }
                        m.nextPollNs = startNs + m.scheduledNs + m.lagNs + scenario.outcomes().firstPollAfterMs() * 1_000_000L;
                        m.accepted = true;
                    } else {
                        open.remove(m.id);
                        rec.rejected(ar.succeeded() ? "http " + ar.result() : "error: " + ar.cause().getClass().getSimpleName());
                    }
                });
    }

    /** A POST with no answer after this is given up on: its slot is freed and it is counted as rejected. */
    static final long POST_TIMEOUT_NS = 30_000_000_000L;

    /** POSTs that never answered: free their slot, count them (the summary shows them under rejected). */
    private void watchdog(LoadRecorder rec) {
        long now = System.nanoTime();
        for (Msg m : open.values()) {
            if (!m.accepted && m.sentAtNs > 0 && now - m.sentAtNs > POST_TIMEOUT_NS && m.settled.compareAndSet(false, true)) {
                permits.release();
                open.remove(m.id);
                rec.rejected("no answer to the POST within 30 s");
            }
        }
    }

    /** One poll tick: up to a fifth of the per-second budget, to the messages due for a look. */
    private void poll(LoadRecorder rec) {
        watchdog(rec);
        int budget = Math.max(1, scenario.outcomes().maxPollsPerS() / 5);
        long now = System.nanoTime();
        for (Msg m : open.values()) {
            if (budget <= 0 || pollsInFlight.get() >= Math.max(32, scenario.outcomes().maxPollsPerS() / 8)) break;
            if (!m.accepted || m.nextPollNs > now) continue;
            budget--;
            pollsInFlight.incrementAndGet();
            m.nextPollNs = Long.MAX_VALUE; // until this poll answers
            client.request(HttpMethod.GET, port, host, "/v1/rooms/" + roomIds.get(m.room) + "/messages/" + m.id)
                    .compose(req -> req.send())
                    .compose(resp -> resp.body().map(b -> new Object[]{resp.statusCode(), b}))
                    .onComplete(ar -> {
                        pollsInFlight.decrementAndGet();
                        long t = System.nanoTime();
                        int status = ar.succeeded() ? (int) ar.result()[0] : -1;
                        rec.polled(status == 200 || status == 202);
                        if (status == 200) {
                            try {
                                JsonNode n = JSON.readTree(((Buffer) ar.result()[1]).getBytes());
                                long us = m.lagNs / 1000 + n.path("latencyMs").asLong() * 1000;
                                finish(m, n.path("status").asText(), n.path("reason").asText(), us, false, rec);
                            } catch (Exception e) {
                                m.nextPollNs = t + 1_000_000_000L;
                            }
                        } else {
                            m.polls++;
                            long backoff = sweeping ? 1_000_000_000L
                                    : Math.min(8_000_000_000L, scenario.outcomes().firstPollAfterMs() * 1_000_000L << Math.min(m.polls, 3));
                            m.nextPollNs = t + backoff;
                        }
                    });
        }
    }

    private void finish(Msg m, String kind, String reason, long latencyUs, boolean viaWs, LoadRecorder rec) {
        String key = kind + "/" + reason;
        synchronized (m) {
            if (viaWs) {
                m.wsFrames++;
                if (m.wsFrames > 1) {
                    rec.duplicateOutcome(!key.equals(m.outcome));
                    return;
                }
            }
            if (m.outcome != null) {
                if (!key.equals(m.outcome)) rec.duplicateOutcome(true);
                return;
            }
            m.outcome = key;
        }
        open.remove(m.id);
        done.put(m.id, m);
        rec.outcome(m.scheduledNs, kind, reason, latencyUs, viaWs, m.question);
        if (scenario.flood().rooms() > 0) flood.outcome(m.flood, m.room < scenario.flood().rooms(), key, latencyUs);
    }

    private Msg find(String id) {
        Msg m = open.get(id);
        return m != null ? m : done.get(id);
    }

    /** WebSockets on every k-th room up to {@code count}: client-observed outcomes and first-reply times. */
    private int connectSample(int count, LoadRecorder rec) {
        if (count == 0) return 0;
        WebSocketClient ws = vertx.createWebSocketClient(new WebSocketClientOptions().setMaxConnections(count + 1));
        int step = Math.max(1, scenario.rooms() / count);
        AtomicInteger connected = new AtomicInteger();
        List<io.vertx.core.Future<WebSocket>> futures = new ArrayList<>();
        for (int i = 0, r = 0; i < count && r < scenario.rooms(); i++, r += step) {
            sampledRooms.add(roomIds.get(r));
            var f = ws.connect(port, host, "/v1/rooms/" + roomIds.get(r) + "/events");
            f.onSuccess(socket -> {
                connected.incrementAndGet();
                socket.textMessageHandler(text -> frame(text, rec));
            });
            futures.add(f);
        }
        try {
            io.vertx.core.Future.join(futures).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            // counted below: the report states how many of the sample connected
        }
        return connected.get();
    }

    private void frame(String text, LoadRecorder rec) {
        long now = System.nanoTime();
        try {
            JsonNode n = JSON.readTree(text);
            if ("segment".equals(n.path("type").asText()) && voice != null) {
                voice.segment(n.path("roomId").asText(), n.path("speaksAtMs").asLong(), n.path("speechSeconds").asDouble());
            }
            Msg m = find(n.path("messageId").asText());
            if (m == null) return;
            long clientUs = (now - startNs - m.scheduledNs) / 1000;
            if ("segment".equals(n.path("type").asText())) {
                boolean first;
                synchronized (m) {
                    first = !m.spoke;
                    m.spoke = true;
                }
                if (first) rec.firstSegment(m.scheduledNs, clientUs);
            } else if ("reply".equals(n.path("type").asText())) {
                boolean first;
                synchronized (m) {
                    first = !m.replied;
                    m.replied = true;
                }
                if (first) rec.firstReply(m.scheduledNs, clientUs);
            } else if ("outcome".equals(n.path("type").asText())) {
                finish(m, n.path("status").asText(), n.path("reason").asText(), clientUs, true, rec);
            }
        } catch (Exception e) {
            // not a frame of ours
        }
    }
}
