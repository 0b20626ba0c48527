package io.liveharness.ops;

import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.OutcomeKind;
import io.liveharness.engine.Completion;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.Match;
import io.vertx.micrometer.MatchType;
import io.vertx.micrometer.MetricsDomain;
import io.vertx.micrometer.MicrometerMetricsOptions;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The node's one Prometheus registry: Vert.x's own meters (event bus, HTTP server), the JVM's and
 * the process's (Micrometer's binders), the Kafka consumer's, and LiveHarness's. No meter carries a
 * room label: labels are outcome kind and reason, stage, intent, hook, tool, room group, harness
 * version and experiment arm, all bounded sets, so thousands of rooms cost no more series than one.
 * Per-room figures live in {@link RoomStats} and the operator API.
 */
public final class NodeMetrics {
    /** Replies take seconds: buckets from 50 ms to a minute. */
    static final Duration[] SECONDS_SCALE = {
            Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(5),
            Duration.ofSeconds(8), Duration.ofSeconds(13), Duration.ofSeconds(20), Duration.ofSeconds(30), Duration.ofSeconds(60)};
    /** Stages and tools are mostly fast: 1 ms up, then the seconds scale. */
    static final Duration[] STAGE_SCALE = {
            Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
            Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2),
            Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30)};
    /** The reasons a room gives, each its own series; the rest (Kafka ingress, shutdown) count as "other". */
    private static final Set<OutcomeReason> REASONS = java.util.EnumSet.of(OutcomeReason.MODEL, OutcomeReason.FALLBACK,
            OutcomeReason.STALE, OutcomeReason.OVERLOAD, OutcomeReason.SPAM, OutcomeReason.DUPLICATE, OutcomeReason.REFUSED,
            OutcomeReason.ERROR, OutcomeReason.STATE_CHANGED, OutcomeReason.VIEWER_LIMIT);
    private static final Set<String> STAGES = Set.of("queue_wait", "input_hooks", "context_load", "prompt_assembly", "agent_loop", "hook_checks", "speech_wait", "emit");

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics gc = new JvmGcMetrics();

    public NodeMetrics() {
        registry.config().commonTags("service", "liveharness");
    }

    /**
     * The meters whose labels are known before the first message, at zero, so a dashboard or an
     * alert sees zeros rather than a gap until the first reply; the JVM's, the process's and the
     * build's. Call it once the registry's filters are in place (Vert.x adds its own when it starts).
     */
    public void registerAtStart() {
        for (String stage : STAGES) stageLatency(stage);
        ttft();
        tokensPerSecond();
        tokens("prompt");
        tokens("completion");
        batchSequences();
        batchTokens();
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new JvmInfoMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        // promtool's lint refuses two of that binder's names: a unit in short (process_cpu_time_ns_total; process_cpu_usage
        // covers it) and a gauge ending _count (system_cpu_count, here system_cpus). A filter would come after the
        // registry's first meters, which Micrometer warns of on the console.
        registry.find("process.cpu.time").meters().forEach(registry::remove);
        registry.find("system.cpu.count").meters().forEach(registry::remove);
        Gauge.builder("system.cpus", Runtime.getRuntime(), Runtime::availableProcessors).description("processors available to the JVM")
                .register(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        gc.bindTo(registry);
        BuildInfo build = BuildInfo.load();
        Gauge.builder("liveharness.build.info", () -> 1).description("1, labelled with the version and commit this node was built from")
                .tags("version", build.version(), "commit", build.commit()).register(registry);
    }

    /**
     * The per-version series of one arm (a room group on a harness version, in an experiment arm or
     * none), at zero: called for each room as the node starts watching it, so a canary's first
     * minute is a rate from zero and not a gap.
     */
    void registerArm(ArmLabels labels) {
        for (OutcomeKind kind : OutcomeKind.values()) {
            replyLatency(kind.label(), labels);
            for (OutcomeReason reason : REASONS) outcomes(kind.label(), reason.label(), labels);
            outcomes(kind.label(), "other", labels);
        }
        falseClaimReplies(labels);
    }

    /** The Kafka consumer's own metrics, records-lag among them, until the consumer closes. */
    public AutoCloseable kafkaConsumer(org.apache.kafka.clients.consumer.Consumer<?, ?> consumer) {
        KafkaClientMetrics m = new KafkaClientMetrics(consumer);
        m.bindTo(registry);
        return m;
    }

    /** Stops the GC listener (a node closed in a JVM that goes on, as in tests, leaves none behind). */
    public void close() { gc.close(); }

    private Counter outcomes(String kind, String reason, ArmLabels arm) {
        return Counter.builder("liveharness.outcomes").description("Viewer messages by how they ended, room group, harness version and experiment arm")
                .tags("kind", kind, "reason", reason).tags(tags(arm)).register(registry);
    }

    private Counter falseClaimReplies(ArmLabels arm) {
        return Counter.builder("liveharness.false.claim.replies")
                .description("Replies spoken with at least one false claim, read after the output hooks, by room group, version and arm")
                .tags(tags(arm)).register(registry);
    }

    private static Tags tags(ArmLabels arm) {
        return Tags.of("group", arm.group(), "version", arm.version(), "experiment", arm.experiment(), "arm", arm.arm());
    }

    private Counter shed(io.liveharness.engine.ShedReason reason) {
        return Counter.builder("liveharness.engine.shed").description("Requests the engine ended without a token, by reason")
                .tag("reason", reason.label()).register(registry);
    }

    private Timer shedWait(io.liveharness.engine.ShedReason reason) {
        return Timer.builder("liveharness.engine.shed.wait")
                .description("From a request's arrival at the batcher to its end without a token, by reason")
                .serviceLevelObjectives(SECONDS_SCALE).tag("reason", reason.label()).register(registry);
    }

    private Timer replyLatency(String kind, ArmLabels arm) {
        return Timer.builder("liveharness.reply.latency").description("From acceptance to the outcome, by outcome kind, room group, version and arm")
                .serviceLevelObjectives(SECONDS_SCALE).tag("kind", kind).tags(tags(arm)).register(registry);
    }

    private Timer stageLatency(String stage) {
        return Timer.builder("liveharness.stage.latency").description("Time spent in each pipeline stage")
                .serviceLevelObjectives(STAGE_SCALE).tag("stage", stage).register(registry);
    }

    private Timer ttft() {
        return Timer.builder("liveharness.engine.ttft").description("Time to first token")
                .serviceLevelObjectives(STAGE_SCALE).register(registry);
    }

    private DistributionSummary tokensPerSecond() {
        return DistributionSummary.builder("liveharness.engine.tokens.per.second").description("Decode speed of one generation")
                .serviceLevelObjectives(1, 2, 5, 10, 20, 50, 100, 200, 500, 1000).register(registry);
    }

    private Counter tokens(String kind) {
        return Counter.builder("liveharness.engine.tokens").description("Tokens read and written by the model")
                .tag("kind", kind).register(registry);
    }

    private DistributionSummary batchSequences() {
        return DistributionSummary.builder("liveharness.engine.batch.sequences").description("Sequences per decode step")
                .serviceLevelObjectives(1, 2, 4, 8, 16, 32, 64).register(registry);
    }

    private DistributionSummary batchTokens() {
        return DistributionSummary.builder("liveharness.engine.batch.tokens").description("Tokens per decode step")
                .serviceLevelObjectives(1, 4, 16, 64, 128, 256, 512, 1024).register(registry);
    }

    public PrometheusMeterRegistry registry() { return registry; }

    /**
     * Vert.x's metrics (into this registry: give it to {@code MicrometerMetricsFactory}). Event-bus addresses are per room ({@code room.<id>},
     * {@code reply.<id>}, {@code outcome.<id>}): they are folded to their prefix so the label stays bounded; addresses
     * that match none of the prefixes are not measured.
     */
    public MicrometerMetricsOptions vertxOptions() {
        MicrometerMetricsOptions o = new MicrometerMetricsOptions()
                .setEnabled(true)
                .setLabels(EnumSet.of(Label.EB_ADDRESS, Label.EB_FAILURE, Label.EB_SIDE, Label.HTTP_METHOD, Label.HTTP_CODE,
                        Label.HTTP_ROUTE, Label.POOL_TYPE, Label.POOL_NAME));
        for (String prefix : new String[]{"room", "reply", "outcome", "segment"}) {
            o.addLabelMatch(new Match().setDomain(MetricsDomain.EVENT_BUS).setLabel(Label.EB_ADDRESS.toString())
                    .setType(MatchType.REGEX).setValue(prefix + "\\..*").setAlias(prefix + ".*"));
        }
        // tools are few and named by the harness: kept as they are
        o.addLabelMatch(new Match().setDomain(MetricsDomain.EVENT_BUS).setLabel(Label.EB_ADDRESS.toString())
                .setType(MatchType.REGEX).setValue("tool\\..*"));
        return o;
    }

    /** One finished message: end-to-end and per-stage latency, the outcome, intent, hook results and false claims. */
    void outcome(MessageOutcome o, ArmLabels arm) {
        String kind = o.kind().label();
        String reason = REASONS.contains(o.reason()) ? o.reason().label() : "other";
        outcomes(kind, reason, arm).increment();
        if (o.kind() == OutcomeKind.ANSWERED && !o.falseClaims().isEmpty()) falseClaimReplies(arm).increment();
        if (o.intent() != null) {
            Counter.builder("liveharness.intents").description("Viewer messages by the intent the router gave them")
                    .tag("intent", bounded(o.intent())).register(registry).increment();
        }
        replyLatency(kind, arm).record(Math.max(0, o.endToEndMs()), TimeUnit.MILLISECONDS);
        o.timings().micros().forEach((stage, micros) ->
                stageLatency(STAGES.contains(stage) ? stage : "other").record(Math.max(0, micros), TimeUnit.MICROSECONDS));
        for (String hook : o.hooks()) {
            HookResult h = HookResult.parse(hook);
            Counter.builder("liveharness.hook.results").description("Hook decisions that changed something, by hook")
                    .tags("hook", bounded(h.hook()), "decision", bounded(h.decision())).register(registry).increment();
        }
    }

    /** One generation: time to first token, tokens per second, tokens. */
    public void completion(Completion c) {
        if (c.completionTokens() > 0 && c.firstTokenNanos() > 0) {
            ttft().record(c.firstTokenNanos(), TimeUnit.NANOSECONDS);
        }
        if (c.completionTokens() > 0 && c.totalNanos() > 0) {
            tokensPerSecond().record(c.completionTokens() / (c.totalNanos() / 1e9));
        }
        tokens("prompt").increment(c.promptTokens());
        tokens("completion").increment(c.completionTokens());
    }

    public void modelError(Throwable e) {
        Counter.builder("liveharness.engine.errors").description("Generations that failed, by exception type")
                .tag("type", e == null ? "unknown" : e.getClass().getSimpleName()).register(registry).increment();
    }

    /** One decode step of the batcher: how many sequences and tokens went into it. */
    public void batch(int sequences, int tokens) {
        batchSequences().record(sequences);
        batchTokens().record(tokens);
    }

    public void tool(String tool, long nanos, boolean ok) {
        Timer.builder("liveharness.tool.latency").description("Tool calls, by tool").serviceLevelObjectives(STAGE_SCALE)
                .tag("tool", bounded(tool)).register(registry).record(nanos, TimeUnit.NANOSECONDS);
        if (!ok) Counter.builder("liveharness.tool.errors").description("Tool calls that failed, by tool")
                .tag("tool", bounded(tool)).register(registry).increment();
    }

    public void gauge(String name, String description, Supplier<Number> value) {
        Gauge.builder(name, value).description(description).register(registry);
    }

    /**
     * Engine figures: batch size per decode step (the batcher's step listener) and KV cells in use,
     * read from the batcher every two seconds off the event loop.
     */
    public void watchEngine(io.vertx.core.Vertx vertx, io.liveharness.engine.ModelBackend model) {
        gauge("liveharness.engine.up", "1 while the engine can answer, 0 once it died (see /health for why)",
                () -> model.failure().isPresent() ? 0 : 1);
        if (!(model instanceof io.liveharness.engine.llama.BatchingBackend b)) return;
        b.onStep(this::batch);
        // Shed requests by reason, at zero from the start; the backlog read from the batcher's last estimate (no wait).
        // registered once: the listener runs on the decode thread, once per shed request
        var shedCounters = new java.util.EnumMap<io.liveharness.engine.ShedReason, Counter>(io.liveharness.engine.ShedReason.class);
        var shedWaits = new java.util.EnumMap<io.liveharness.engine.ShedReason, Timer>(io.liveharness.engine.ShedReason.class);
        for (var reason : io.liveharness.engine.ShedReason.values()) {
            shedCounters.put(reason, shed(reason));
            shedWaits.put(reason, shedWait(reason));
        }
        b.onShed((reason, waitedNanos) -> {
            shedCounters.get(reason).increment();
            shedWaits.get(reason).record(waitedNanos, java.util.concurrent.TimeUnit.NANOSECONDS);
        });
        gauge("liveharness.engine.backlog.seconds", "Estimated time until every request the batcher holds has finished",
                () -> b.backlog().clearNanos() / 1e9);
        gauge("liveharness.engine.backlog.prefill.tokens", "Prompt tokens waiting to be prefilled",
                () -> b.backlog().queuedPrefillTokens());
        gauge("liveharness.engine.step.seconds", "Measured average wall time of a recent decode step",
                () -> b.backlog().stepNanos() / 1e9);
        // KV reuse: evicted rooms restored from host memory, version-wide prefixes copied instead of prefilled
        kvReuseCounter("liveharness.engine.kv.saves", "Evicted rooms' KV sequences saved to host memory", b, r -> r.saves());
        kvReuseCounter("liveharness.engine.kv.restores", "Rooms whose KV was restored from host memory instead of prefilled",
                b, r -> r.restores());
        kvReuseCounter("liveharness.engine.kv.restored.tokens", "Prompt tokens restored from host memory instead of prefilled",
                b, r -> r.restoredTokens());
        kvReuseCounter("liveharness.engine.kv.host.dropped", "Saved KV sequences dropped, oldest first, to stay within kvHostCacheMb",
                b, r -> r.hostDropped());
        kvReuseCounter("liveharness.engine.kv.prefix.copies", "Rooms that started from a held shared prompt prefix", b, r -> r.prefixCopies());
        kvReuseCounter("liveharness.engine.kv.prefix.tokens", "Prompt tokens copied from a shared prefix instead of prefilled",
                b, r -> r.prefixTokens());
        gauge("liveharness.engine.kv.host.bytes", "Bytes of evicted rooms' KV held in host memory", () -> b.kvReuse().hostBytes());
        java.util.concurrent.atomic.AtomicLong used = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong sequences = new java.util.concurrent.atomic.AtomicLong();
        gauge("liveharness.engine.kv.cells.used", "KV cells holding rooms' sequences", used::get);
        // Not "...total": Prometheus keeps that suffix for counters and would rename the gauge.
        gauge("liveharness.engine.kv.cells.capacity", "KV cells the batcher has", b::contextSize);
        gauge("liveharness.engine.kv.sequences", "Rooms holding a KV sequence", sequences::get);
        // One read at a time, bounded by the batcher's own wait: a stuck or dead engine pins no worker threads.
        java.util.concurrent.atomic.AtomicBoolean reading = new java.util.concurrent.atomic.AtomicBoolean();
        vertx.setPeriodic(2_000, id -> {
            if (b.failure().isPresent() || !reading.compareAndSet(false, true)) return;
            vertx.executeBlocking(() -> {
                var snap = b.snapshot();
                used.set(snap.kvPositions().values().stream().mapToLong(Integer::longValue).sum());
                sequences.set(snap.sequencesInMemory());
                return null;
            }, false).onComplete(ar -> reading.set(false));
        });
    }

    private void kvReuseCounter(String name, String description, io.liveharness.engine.llama.BatchingBackend b,
                                java.util.function.ToLongFunction<io.liveharness.engine.llama.BatchingBackend.KvReuse> count) {
        io.micrometer.core.instrument.FunctionCounter.builder(name, b, x -> count.applyAsLong(x.kvReuse()))
                .description(description).register(registry);
    }

    /** Prometheus text format, as scraped. */
    public String scrape() { return registry.scrape(); }

    private static String bounded(String s) {
        if (s == null || s.isBlank()) return "none";
        return s.length() > 48 ? s.substring(0, 48) : s;
    }

    /** A hook entry of an outcome, {@code point/type: decision (reason)}, as hook and decision. */
    record HookResult(String hook, String decision) {
        static HookResult parse(String entry) {
            int colon = entry.indexOf(": ");
            if (colon < 0) return new HookResult(entry, "unknown");
            String rest = entry.substring(colon + 2);
            int paren = rest.indexOf(" (");
            return new HookResult(entry.substring(0, colon), paren < 0 ? rest : rest.substring(0, paren));
        }
    }
}
