package io.liveharness.node;

import io.liveharness.config.Json;
import io.liveharness.harness.HarnessRef;
import io.liveharness.auth.BearerToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.api.Addresses;
import io.liveharness.api.LocalCodec;
import io.liveharness.api.MessageOutcome;
import io.liveharness.api.OutcomeKind;
import io.liveharness.api.OutcomeReason;
import io.liveharness.api.StageTimings;
import io.liveharness.config.NodeConfig;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.Repetition;
import io.liveharness.control.ControlApplier;
import io.liveharness.control.ControlPlane;
import io.liveharness.control.LocalControlPlane;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.hooks.HarnessHooks;
import io.liveharness.hooks.HookRegistry;
import io.liveharness.ingress.ViewerApi;
import io.liveharness.ingress.openai.ChatCompletionsApi;
import io.liveharness.ops.MeteredModelBackend;
import io.liveharness.ops.ArmLabels;
import io.liveharness.ops.NodeMetrics;
import io.liveharness.ops.OperatorApi;
import io.liveharness.ops.OpsMonitor;
import io.liveharness.ops.Readiness;
import io.liveharness.ops.RoomPlacement;
import io.liveharness.kafka.KafkaCluster;
import io.liveharness.kafka.KafkaControlPlane;
import io.liveharness.kafka.KafkaNode;
import io.liveharness.ingress.MessageLedger;
import io.liveharness.pipeline.AgentLoopStage;
import io.liveharness.pipeline.ContextLoadStage;
import io.liveharness.pipeline.EmitStage;
import io.liveharness.pipeline.HookCheckStage;
import io.liveharness.pipeline.PromptAssemblyStage;
import io.liveharness.pipeline.RequestPipeline;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.room.RoomRegistry;
import io.liveharness.room.RoomServices;
import io.liveharness.room.RoomVerticle;
import io.liveharness.engine.ModelBackends;
import io.liveharness.router.Intent;
import io.liveharness.router.IntentClassifier;
import io.liveharness.router.RouterOptions;
import io.liveharness.router.TribuoIntentClassifier;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.AfterSalesPolicyTool;
import io.liveharness.tools.CouponRulesTool;
import io.liveharness.tools.LocalTool;
import io.liveharness.tools.LogisticsInfoTool;
import io.liveharness.tools.Policies;
import io.liveharness.tools.ProductLookupTool;
import io.liveharness.tools.StockCheckTool;
import io.liveharness.tools.mcp.McpServerSpec;
import io.liveharness.tools.mcp.McpServers;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.MicrometerMetricsFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One LiveHarness node, assembled: Vert.x (native epoll transport when the platform has it), the
 * tool verticles, the rooms and the HTTP ingress, over one model backend and one router. This is
 * the wiring, in the order a message travels; it holds no logic of its own.
 */
public final class Node implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Node.class);
    private final Vertx vertx;
    private final NodeConfig config;
    private final ModelBackend model;
    private final Catalog catalog;
    private final HarnessRegistry harnesses;
    private final RoomRegistry rooms;
    private final MessageLedger ledger;
    private final Readiness readiness = new Readiness();
    private volatile boolean draining;
    private KafkaNode kafka;
    private HttpServerVerticle http;
    private String httpDeployment;
    private ViewerApi viewers;
    private long refreshTimer = -1;
    private NodeMetrics metrics;
    private ControlPlane control;

    private Node(Vertx vertx, NodeConfig config, ModelBackend model, Catalog catalog, HarnessRegistry harnesses,
                 RoomRegistry rooms, MessageLedger ledger) {
        this.vertx = vertx;
        this.config = config;
        this.model = model;
        this.catalog = catalog;
        this.harnesses = harnesses;
        this.rooms = rooms;
        this.ledger = ledger;
    }

    /** Starts a node as conf describes it: its model, its router, the rooms of its rooms folder. */
    public static Node boot(NodeConfig config) { return boot(config, List.of()); }

    /** As {@link #boot(NodeConfig)}, with more rooms than the rooms folder declares. */
    public static Node boot(NodeConfig config, List<RoomManifest> extraRooms) {
        var r = config.router();
        IntentClassifier router = TribuoIntentClassifier.load(
                new RouterOptions(Path.of(r.model()), r.minConfidence(), Intent.fromLabel(r.lowConfidenceIntent())));
        return start(config, ModelBackends.open(config.engine()), router, extraRooms);
    }

    /**
     * Starts a node with the rooms of {@code config.rooms().dir()} plus {@code extraRooms}; takes
     * ownership of {@code model} (closed with the node).
     */
    public static Node start(NodeConfig config, ModelBackend model, IntentClassifier router, List<RoomManifest> extraRooms) {
        return start(config, model, router, extraRooms, java.time.InstantSource.system());
    }

    /** As above, the rooms and the agent loop reading {@code clock}: a test moves time instead of waiting for it. */
    public static Node start(NodeConfig config, ModelBackend model, IntentClassifier router, List<RoomManifest> extraRooms,
                             java.time.InstantSource clock) {
        // the question reader's ask model takes seconds to read: now, not on a room's event loop at its first question
        io.liveharness.claims.ViewerQuestions.reader();
        Catalog catalog;
        Policies policies;
        List<RoomManifest> manifests = new ArrayList<>();
        HarnessRegistry harnesses;
        BearerToken token;
        BearerToken publisher;
        BearerToken platform;
        java.util.Map<String, McpServerSpec> mcpServers;
        try {
            token = BearerToken.operator(config.ops());
            publisher = BearerToken.publisher(config.ops(), token);
            platform = BearerToken.platform(config.platform());
            mcpServers = McpServers.specs(config.mcp());
            catalog = Catalog.load(Path.of(config.catalog().file()));
            policies = Policies.load(Path.of(config.catalog().policies()));
            harnesses = HarnessRegistry.open(Path.of(config.harness().stateDir()), Path.of(config.harness().dir()),
                    config.harness().defaultVersion(), mcpServers.keySet(), config.harness().maxVersions());
            HarnessRegistry store = harnesses;
            // A quarantined version is known: the room runs stable until it is fixed (HarnessRegistry.resolve).
            java.util.function.Predicate<String> known = v -> store.version(v).isPresent() || store.quarantined().containsKey(v);
            manifests.addAll(RoomManifests.load(Path.of(config.rooms().dir()), catalog, known));
            manifests.addAll(RoomManifests.checkPins(extraRooms, known));
        } catch (RuntimeException e) {
            model.close();
            throw e;
        }

        NodeMetrics metrics = new NodeMetrics();
        VertxOptions options = new VertxOptions().setPreferNativeTransport(true).setMetricsOptions(metrics.vertxOptions());
        Vertx vertx;
        KafkaNode kafka = null;
        if (config.kafka().enabled()) { // one of many nodes: Kafka carries the messages, the cluster the commands
            KafkaCluster.Joined joined = KafkaCluster.join(config.kafka(), options, b -> b.withMetrics(new MicrometerMetricsFactory(metrics.registry())));
            vertx = joined.vertx();
            kafka = new KafkaNode(vertx, joined.manager(), config, token, platform);
        } else {
            vertx = Vertx.builder().with(options).withMetrics(new MicrometerMetricsFactory(metrics.registry())).build();
        }
        LocalCodec.registerAll(vertx.eventBus());
        metrics.registerAtStart(); // after Vert.x has set up its meter filters, which apply only to meters made later
        // Only the versions rooms can run start servers; a stored version nothing uses runs nothing.
        McpServers mcp = new McpServers(vertx, mcpServers);
        List<HarnessRef> manifestPins = manifests.stream().map(RoomManifest::harness).toList();
        harnesses.keepPinnedByManifests(manifestPins);
        mcp.sync(harnesses.inUse(manifestPins));
        HarnessHooks hooks = new HarnessHooks(vertx, HookRegistry.load());
        RequestPipeline pipeline = new RequestPipeline(new ContextLoadStage(catalog, policies), new PromptAssemblyStage(),
                new AgentLoopStage(vertx, new MeteredModelBackend(model, metrics), config.engine().maxReplyTokens(), config.engine().maxToolSteps(),
                        Repetition.of(config.engine().repetition()), clock),
                new HookCheckStage(), new EmitStage(vertx.eventBus()), hooks, mcp::tools,
                config.rooms().speech());
        RoomServices services = new RoomServices(router, harnesses, pipeline, catalog, config.rooms(), clock);
        RoomRegistry rooms = new RoomRegistry(vertx,
                (manifest, snapshot, onPassivate) -> new RoomVerticle(manifest, snapshot, services, onPassivate));
        MessageLedger ledger = new MessageLedger(MessageLedger.DEFAULT_CAPACITY);
        OpsMonitor monitor = new OpsMonitor(vertx, metrics, ArmLabels.Lookup.of(rooms, harnesses));
        metrics.watchEngine(vertx, model);
        Node node = new Node(vertx, config, model, catalog, harnesses, rooms, ledger);
        node.kafka = kafka;
        node.metrics = metrics;
        KafkaNode joined = kafka;
        node.readiness.require("engine", () -> model.failure().map(reason -> "the engine is down: " + reason))
                .require("partitions", () -> joined == null ? java.util.Optional.empty() : joined.partitionsUnmet())
                .require("controlPlane", () -> node.control != null && node.control.caughtUp() ? java.util.Optional.empty()
                        : java.util.Optional.of("the control plane has not caught up (harness versions, channels, pins, experiments, rooms)"))
                .require("draining", () -> node.draining ? java.util.Optional.of("the node is shutting down") : java.util.Optional.empty());
        try {
            for (LocalTool tool : List.of(new ProductLookupTool(catalog), new StockCheckTool(catalog),
                    new CouponRulesTool(catalog, policies), new LogisticsInfoTool(catalog, policies), new AfterSalesPolicyTool(policies))) {
                await(vertx.deployVerticle(tool));
            }
            await(hooks.sync(harnesses.inUse(manifestPins))); // the hooks of every version in use, before the first message
            // Publishes made by another process (the CLI) reach the rooms within refreshMs.
            node.refreshTimer = vertx.setPeriodic(config.harness().refreshMs(), id -> vertx.executeBlocking(() -> {
                syncVersionsInUse(harnesses, rooms, mcp, hooks); // retired versions' hook verticles go
                return null;
            }, false));
            monitor.watch(manifests.stream().map(RoomManifest::id).toList());
            // With Kafka, a room is deployed on the node its partition is assigned to, not here at start.
            await(rooms.add(manifests, kafka == null));
            monitor.registerArms(manifests.stream().map(RoomManifest::id).toList());
            // A change applies once the versions it puts in use have their hooks: built before a request needs them.
            ControlApplier applier = new ControlApplier(harnesses, rooms, catalog, () -> await(syncVersionsInUse(harnesses, rooms, mcp, hooks)));
            KafkaNode k = kafka;
            applier.hostRoomsWith(roomId -> {
                monitor.watch(List.of(roomId));
                if (k != null) k.roomAdded(roomId);
                else rooms.activate(roomId);
            });
            if (kafka == null) {
                node.control = new LocalControlPlane(applier);
            } else {
                harnesses.resetRouting(); // the cluster's routing is the control plane's alone
                node.control = kafka.startControlPlane(applier, rooms);
            }
            ViewerApi viewers = kafka == null ? new ViewerApi(vertx, config.http(), rooms, ledger, platform)
                    : new ViewerApi(vertx, config.http(), rooms, ledger, platform, kafka.egress()::message, kafka.placement()::relay);
            RoomPlacement placement = kafka == null ? RoomPlacement.local() : kafka.placement();
            node.viewers = viewers;
            node.http = new HttpServerVerticle(config.http(), viewers,
                    new OperatorApi(vertx, rooms, harnesses, node.control, mcp::tools, token, publisher, platform, monitor, metrics, placement)
                            .withEngineFault(config.ops().faults() ? model::killDecodeThreadForFaultRun : null)
                            .withControlPlaneFault(config.ops().faults() && node.control instanceof KafkaControlPlane plane ? plane::cutOff : null),
                    ChatCompletionsApi.fromConfig(vertx, model, config.openai()), node::health, node::live, node.readiness);
            node.httpDeployment = await(vertx.deployVerticle(node.http));
            if (kafka != null) await(kafka.start(rooms, harnesses, monitor, ledger, node::port));
        } catch (RuntimeException e) {
            node.close();
            throw e;
        }
        return node;
    }

    /**
     * Versions some room can run now (routing, and the manifests of the rooms, those added at run
     * time too) get their MCP servers and hook verticles; the rest lose theirs.
     */
    private static Future<Void> syncVersionsInUse(HarnessRegistry harnesses, RoomRegistry rooms, McpServers mcp, HarnessHooks hooks) {
        harnesses.refresh();
        List<HarnessRef> pins = rooms.roomIds().stream().map(id -> rooms.manifest(id).map(RoomManifest::harness).orElse(null))
                .filter(java.util.Objects::nonNull).toList();
        harnesses.keepPinnedByManifests(pins);
        var inUse = harnesses.inUse(pins);
        mcp.sync(inUse);
        return hooks.sync(inUse).mapEmpty();
    }

    private static <T> T await(Future<T> f) {
        try {
            return f.toCompletionStage().toCompletableFuture().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the node", e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause.getMessage(), cause);
        }
    }

    public ObjectNode health() {
        ObjectNode n = Json.MAPPER.createObjectNode();
        java.util.Optional<String> engineDown = model.failure();
        // A node whose engine died can only give fallbacks: a load balancer should send viewers elsewhere.
        n.put("status", engineDown.isPresent() ? "down" : "up");
        ObjectNode engine = n.putObject("engine").put("status", engineDown.isPresent() ? "down" : "up");
        engineDown.ifPresent(reason -> engine.put("reason", reason));
        n.put("rooms", rooms.roomIds().size());
        n.put("activeRooms", rooms.activeCount());
        n.put("nativeTransport", vertx.isNativeTransportEnabled());
        n.putObject("controlPlane").put("caughtUp", control != null && control.caughtUp());
        if (kafka != null) {
            var owned = n.putObject("kafka").put("node", kafka.placement().self()).putArray("rooms");
            kafka.ownedRooms().stream().sorted().forEach(owned::add);
        }
        ModelInfo info = model.info();
        n.putObject("model").put("name", info.name()).put("architecture", info.architecture())
                .put("parameters", info.parameters()).put("testModel", info.testModel()).put("library", info.library());
        var counts = ledger.counts();
        n.putObject("messages").put("pending", counts.get("pending")).put("finished", counts.get("finished"));
        return n;
    }

    /** The longest a node alone waits for its rooms' answers under way at close: a shutdown must fit an orchestrator's grace period. */
    public static final long MAX_DRAIN_MS = 10_000;

    /**
     * The longest closing the node can take with this conf before it lets go: alone, the rooms
     * finish within one reply deadline (at most {@link #MAX_DRAIN_MS}); with Kafka, the rooms are
     * handed over within {@code kafka.handoffTimeoutMs}. An orchestrator's grace period must be longer.
     */
    public static long drainMs(NodeConfig config) {
        return config.kafka().enabled() ? config.kafka().handoffTimeoutMs() : Math.min(config.rooms().replyDeadlineMs(), MAX_DRAIN_MS);
    }

    /** Whether the process works: its engine can still decode (a dead decode thread is only mended by a restart). */
    private java.util.Optional<String> live() { return model.failure().map(reason -> "the engine is down: " + reason); }

    /** The conditions {@code /health/ready} checks; a part of the node that must hold viewers back until it is ready adds its own. */
    public Readiness readiness() { return readiness; }

    /**
     * Ends every accepted message before the node goes: no new ones are taken, the rooms answer
     * what they can within one reply deadline (the longest an answer under way may take; at most
     * 10 s), then
     * the rooms stop and each message still waiting ends as {@code failed}, reason {@code shutdown}.
     */
    private void drain() {
        viewers.stopAccepting();
        long until = System.nanoTime() + Math.min(config.rooms().replyDeadlineMs(), MAX_DRAIN_MS) * 1_000_000L;
        while (ledger.pendingCount() > 0 && System.nanoTime() < until) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (ledger.pendingCount() == 0) return;
        // Rooms and tools go first, so that no room answers a message after it was ended here.
        for (String id : vertx.deploymentIDs()) {
            if (id.equals(httpDeployment)) continue; // it carries the last outcomes to viewers' WebSockets
            try {
                await(vertx.undeploy(id));
            } catch (RuntimeException e) {
                LOG.warn("stopping {} on close: {}", id, e.getMessage());
            }
        }
        long now = System.currentTimeMillis();
        for (MessageLedger.Entry e : ledger.pending()) {
            MessageOutcome o = new MessageOutcome(e.roomId(), e.messageId(), OutcomeKind.FAILED, OutcomeReason.SHUTDOWN,
                    "the node shut down before the message was answered", null, null, 0, null, null,
                    StageTimings.NONE, e.acceptedAtMs(), now, List.of());
            if (ledger.complete(o)) vertx.eventBus().publish(Addresses.outcome(e.roomId()), o);
        }
    }

    public Vertx vertx() { return vertx; }

    public NodeConfig config() { return config; }

    public RoomRegistry rooms() { return rooms; }

    public MessageLedger ledger() { return ledger; }

    public Catalog catalog() { return catalog; }

    public HarnessRegistry harnesses() { return harnesses; }

    /**
     * Where changes to harness routing and rooms go: the node's store, or with Kafka the cluster's
     * control-plane topic. {@code controlPlane().caughtUp()} is the control plane's part of readiness.
     */
    public ControlPlane controlPlane() { return control; }

    public ModelBackend model() { return model; }

    public int port() { return http.actualPort(); }

    /** The HTTP routes this node serves, as {@code METHOD /path/{param}}. */
    public java.util.List<String> httpRoutes() { return http.routes(); }

    /** The Kafka side of the node, or null for a single node. */
    public KafkaNode kafka() { return kafka; }

    @Override
    public void close() {
        draining = true; // not ready from here on: a load balancer stops sending viewers while the rooms finish
        vertx.cancelTimer(refreshTimer);
        // With Kafka the rooms' work goes to the nodes that take them over (kafka.close below).
        if (kafka == null && viewers != null) {
            try {
                drain();
            } catch (RuntimeException e) {
                LOG.warn("draining the rooms on close: {}", e.getMessage());
            }
        }
        try {
            // First the rooms go to the other nodes, their work finished and their state written.
            if (kafka != null) await(kafka.close());
        } catch (RuntimeException e) {
            LOG.warn("handing the rooms over on close: {}", e.getMessage());
        }
        try {
            vertx.close().toCompletionStage().toCompletableFuture().join();
        } finally {
            if (metrics != null) metrics.close();
            model.close();
        }
    }
}
