package io.liveharness.eval.run;

import io.liveharness.api.LocalCodec;
import io.liveharness.api.ViewerMessage;
import io.liveharness.config.NodeConfig;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.Repetition;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.run.Transcript.HookDecision;
import io.liveharness.eval.run.Transcript.ToolCallRecord;
import io.liveharness.harness.Harness;
import io.liveharness.harness.ToolSpec;
import io.liveharness.hooks.HarnessHooks;
import io.liveharness.hooks.HookRegistry;
import io.liveharness.pipeline.AgentLoopStage;
import io.liveharness.pipeline.ContextLoadStage;
import io.liveharness.pipeline.EmitStage;
import io.liveharness.pipeline.HookCheckStage;
import io.liveharness.room.PipelineResult;
import io.liveharness.pipeline.PromptAssemblyStage;
import io.liveharness.pipeline.RequestPipeline;
import io.liveharness.room.RoomRequest;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.room.RoomSnapshot;
import io.liveharness.router.Classification;
import io.liveharness.router.Intent;
import io.liveharness.router.IntentClassifier;
import io.liveharness.router.RouteContext;
import io.liveharness.tools.AfterSalesPolicyTool;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.CouponRulesTool;
import io.liveharness.tools.LocalTool;
import io.liveharness.tools.LogisticsInfoTool;
import io.liveharness.tools.Policies;
import io.liveharness.tools.ProductLookupTool;
import io.liveharness.tools.StockCheckTool;
import io.liveharness.tools.mcp.McpServers;
import io.vertx.core.Vertx;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The parts of a node that answer a room's message, assembled as {@code Node.start} assembles
 * them: the router, the five pipeline stages over the model under evaluation, the tool verticles
 * on the event bus, the hook verticles, the MCP servers of the harness. One case runs as the room
 * would run it, on a Vert.x context, with the room's manifest and a fresh room state; what the
 * room's queue would do first (drop spam on arrival) is done here too. Only the queue's burst
 * policy is left out: a dev set measures answers, not bursts.
 */
public final class EvalRig implements AutoCloseable {
    /** How long past a case's reply deadline the rig waits before calling the case lost. */
    private static final long GRACE_MS = 30_000;

    private final Vertx vertx;
    private final RecordingBackend model;
    private final IntentClassifier router;
    private final Catalog catalog;
    private final Policies policies;
    private final Map<String, RoomManifest> rooms = new LinkedHashMap<>();
    private final RequestPipeline pipeline;
    private final long replyDeadlineMs;
    private volatile CaseObserver observer = CaseObserver.NONE;

    private EvalRig(Vertx vertx, RecordingBackend model, IntentClassifier router, Catalog catalog, Policies policies,
                    List<RoomManifest> rooms, RequestPipeline pipeline, long replyDeadlineMs) {
        this.vertx = vertx;
        this.model = model;
        this.router = router;
        this.catalog = catalog;
        this.policies = policies;
        rooms.forEach(r -> this.rooms.put(r.id(), r));
        this.pipeline = pipeline;
        this.replyDeadlineMs = replyDeadlineMs;
    }

    /**
     * Starts the parts; takes ownership of {@code model}.
     *
     * @param harnesses the versions that will run (their MCP servers are started)
     */
    public static EvalRig open(NodeConfig config, ModelBackend backend, IntentClassifier router, List<Harness> harnesses,
                               long replyDeadlineMs) {
        io.liveharness.claims.ViewerQuestions.reader(); // as Node.start: read before the first case's deadline runs
        Catalog catalog = Catalog.load(Path.of(config.catalog().file()));
        Policies policies = Policies.load(Path.of(config.catalog().policies()));
        List<RoomManifest> rooms = RoomManifests.load(Path.of(config.rooms().dir()), catalog);
        var mcpServers = McpServers.specs(config.mcp());
        RecordingBackend model = new RecordingBackend(backend);
        Vertx vertx = Vertx.vertx();
        LocalCodec.registerAll(vertx.eventBus());
        McpServers mcp = new McpServers(vertx, mcpServers);
        mcp.sync(harnesses);
        RequestPipeline pipeline = new RequestPipeline(new ContextLoadStage(catalog, policies), new PromptAssemblyStage(),
                new AgentLoopStage(vertx, model, config.engine().maxReplyTokens(), config.engine().maxToolSteps(),
                        Repetition.of(config.engine().repetition()), java.time.InstantSource.system()),
                new HookCheckStage(), new EmitStage(vertx.eventBus()), new HarnessHooks(vertx, HookRegistry.load()), mcp::tools,
                config.rooms().speech());
        EvalRig rig = new EvalRig(vertx, model, router, catalog, policies, rooms, pipeline, replyDeadlineMs);
        try {
            for (LocalTool tool : List.of(new ProductLookupTool(catalog), new StockCheckTool(catalog),
                    new CouponRulesTool(catalog, policies), new LogisticsInfoTool(catalog, policies), new AfterSalesPolicyTool(policies))) {
                vertx.deployVerticle(tool).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            rig.close();
            throw new IllegalStateException("could not start the tool verticles: " + e.getMessage(), e);
        }
        return rig;
    }

    public Set<String> roomIds() { return rooms.keySet(); }

    /** Who is told about each case before it runs (a scripted backend); {@link CaseObserver#NONE} by default. */
    public EvalRig observe(CaseObserver observer) {
        this.observer = observer;
        return this;
    }

    /** Runs one case through the room's pipeline and writes down what happened, and the catalog's facts it ran against. */
    public Transcript run(DevCase c, Harness harness) { return run(c, harness, List.of()); }

    /**
     * Runs one case after {@code earlier} exchanges of the room (oldest first), which the room's
     * context window holds as it would after answering them; the case's own {@code previous} comes last.
     */
    public Transcript run(DevCase c, Harness harness, List<DevCase.Previous> earlier) {
        RoomManifest room = rooms.get(c.room());
        if (room == null) throw new IllegalArgumentException("case " + c.id() + ": no room '" + c.room() + "' in the rooms folder");
        return answer(c, harness, earlier, room).withCatalog(CatalogFacts.of(room, catalog, policies));
    }

    private Transcript answer(DevCase c, Harness harness, List<DevCase.Previous> earlier, RoomManifest room) {
        long now = System.currentTimeMillis();
        List<RoomSnapshot.Turn> turns = new java.util.ArrayList<>();
        for (int i = 0; i < earlier.size(); i++) {
            DevCase.Previous p = earlier.get(i);
            turns.add(new RoomSnapshot.Turn("earlier-" + i + "-" + c.id(), p.question(), p.reply(), now - 5_000L * (earlier.size() - i + 1)));
        }
        if (c.previous() != null) turns.add(new RoomSnapshot.Turn("previous-" + c.id(), c.previous().question(), c.previous().reply(), now - 5_000));
        RoomSnapshot state = new RoomSnapshot(room.id(), c.onStage() != null ? c.onStage() : room.onStage(), List.of(), List.of(), turns);
        Set<String> keywords = new HashSet<>();
        room.products().forEach(id -> catalog.find(id).ifPresent(p -> keywords.addAll(p.keywords())));
        Classification routed = router.classify(c.text(), new RouteContext(c.previous() != null, keywords));
        model.take();
        if (routed.intent() == Intent.SPAM) {
            return new Transcript(c.id(), room.id(), harness.version(), c.text(), routed.intent().label(), routed.confidence(),
                    Transcript.SILENT, "dropped: classified as spam (the room drops spam on arrival)", null, List.of(), List.of(),
                    List.of(), List.of(), Map.of(), List.of());
        }
        ViewerMessage message = new ViewerMessage(room.id(), "eval-" + c.id(), "eval-viewer", c.text(), now);
        RoomRequest request = new RoomRequest(message, routed, room, state, harness, now + replyDeadlineMs);
        observer.starting(c, harness, room, state, routed);
        CompletableFuture<PipelineResult> done = new CompletableFuture<>();
        vertx.getOrCreateContext().runOnContext(v -> {
            try {
                pipeline.run(request).onComplete(ar -> {
                    if (ar.succeeded()) done.complete(ar.result()); else done.completeExceptionally(ar.cause());
                });
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        PipelineResult r;
        try {
            r = done.get(replyDeadlineMs + GRACE_MS, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            Throwable cause = e instanceof java.util.concurrent.ExecutionException ? e.getCause() : e;
            return new Transcript(c.id(), room.id(), harness.version(), c.text(), routed.intent().label(), routed.confidence(),
                    Transcript.SILENT, "the pipeline failed: " + cause, null, model.take(), List.of(), List.of(), List.of(), Map.of(),
                    offered(harness, routed));
        }
        String outcome = r.refused() ? Transcript.SILENT : r.fallback() ? Transcript.FALLBACK : Transcript.MODEL;
        String detail = r.refused() ? "refused by an input hook: " + r.detail() : r.detail();
        return new Transcript(c.id(), room.id(), harness.version(), c.text(), routed.intent().label(), routed.confidence(),
                outcome, detail, r.refused() ? null : r.reply().text(), model.take(), tools(r, harness), hooks(r), r.trace().backedFacts(),
                r.timings().micros(), offered(harness, routed));
    }

    /** The active skill's tools: what the prompt offered the model (the pipeline's allowedTools, local tools). */
    private static List<Transcript.OfferedTool> offered(Harness harness, Classification routed) {
        List<String> allowed = harness.skillFor(routed.intent()).map(io.liveharness.harness.Skill::allowedTools).orElse(List.of());
        return harness.tools().stream().filter(t -> allowed.contains(t.name()))
                .map(t -> new Transcript.OfferedTool(t.name(), t.description(), t.parametersSchemaJson())).toList();
    }

    private static List<ToolCallRecord> tools(PipelineResult r, Harness harness) {
        return r.trace().tools().stream().map(x -> {
            ToolSpec spec = harness.tool(x.tool()).orElse(null);
            return new ToolCallRecord(x.tool(), spec == null ? null : spec.handler(), x.argumentsJson(),
                    spec == null ? x.argumentsJson() : spec.handlerArguments(x.argumentsJson()), x.ok(), x.resultJson(), x.error());
        }).toList();
    }

    private static List<HookDecision> hooks(PipelineResult r) {
        return r.trace().hooks().stream().map(h -> new HookDecision(h.point().yamlName(), h.type(),
                h.decision().name().toLowerCase(Locale.ROOT), h.reason(), h.failed())).toList();
    }

    public io.liveharness.engine.ModelInfo modelInfo() { return model.info(); }

    @Override
    public void close() {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing is best effort; the model below is closed either way
        } finally {
            model.close();
        }
    }
}
