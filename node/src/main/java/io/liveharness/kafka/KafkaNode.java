package io.liveharness.kafka;

import io.liveharness.auth.BearerToken;
import io.liveharness.config.NodeConfig;
import io.liveharness.control.ControlApplier;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.ingress.MessageLedger;
import io.liveharness.kafka.ClusterPlacement.Principal;
import io.liveharness.ops.OpsMonitor;
import io.liveharness.room.RoomRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.spi.cluster.ClusterManager;

import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * The Kafka side of a node, wired: topics made if missing, the producer, where rooms live and the
 * relay of operator requests, the outcomes feed, and the ingress that hosts the rooms of this
 * node's partitions. Closing it hands every room over before the node goes.
 */
public final class KafkaNode {
    private final Vertx vertx;
    private final NodeConfig config;
    private final KafkaEgress egress;
    private final ClusterPlacement placement;
    private KafkaIngress ingress;
    private KafkaControlPlane controlPlane;
    private String ingressId;
    private String feedId;

    /** {@code operator} and {@code platform}: this node's own, to run what other nodes relay here. */
    public KafkaNode(Vertx vertx, ClusterManager cluster, NodeConfig config, BearerToken operator, BearerToken platform) {
        this.vertx = vertx;
        this.config = config;
        String nodeId = config.kafka().nodeId().isEmpty() ? cluster.getNodeId() : config.kafka().nodeId();
        this.egress = new KafkaEgress(vertx, config.kafka());
        this.placement = new ClusterPlacement(vertx, cluster, nodeId, config.kafka().cluster().resolveSecret(),
                Map.of(Principal.OPERATOR, operator.bearer(), Principal.PLATFORM, platform.bearer()));
    }

    public KafkaEgress egress() { return egress; }

    /**
     * Makes the topics if missing and reads the control plane to its end, applying it through
     * {@code applier}; blocks until caught up (at most {@code kafka.handoffTimeoutMs} four times over).
     */
    public KafkaControlPlane startControlPlane(ControlApplier applier, RoomRegistry rooms) {
        KafkaTopics.ensure(config.kafka());
        controlPlane = new KafkaControlPlane(config.kafka(), placement.self(), applier, rooms);
        controlPlane.start(4 * config.kafka().handoffTimeoutMs());
        return controlPlane;
    }

    /** A room the control plane added: hosted here if its partition is this node's. */
    public void roomAdded(String roomId) {
        KafkaIngress i = ingress;
        if (i != null) i.roomAdded(roomId);
    }

    public ClusterPlacement placement() { return placement; }

    /** Starts taking partitions; the relay serves on the node's HTTP port once it is known. */
    public Future<Void> start(RoomRegistry rooms, HarnessRegistry harnesses, OpsMonitor monitor, MessageLedger ledger, IntSupplier httpPort) {
        ingress = new KafkaIngress(config.kafka(), config.http(), rooms, harnesses, monitor, egress, placement);
        placement.hosting(ingress::owns);
        return vertx.executeBlocking(() -> {
            KafkaTopics.ensure(config.kafka());
            return null;
        }, false).compose(v -> placement.serve(config.http().host(), httpPort))
                .compose(v -> vertx.deployVerticle(new OutcomesFeed(config.kafka(), placement.self(), ledger)))
                .compose(id -> {
                    feedId = id;
                    return vertx.deployVerticle(ingress);
                }).map(id -> {
                    ingressId = id;
                    return null;
                });
    }

    /** Why the node should not take viewers yet on the Kafka side (its readiness condition); empty once its partitions are its own. */
    public java.util.Optional<String> partitionsUnmet() {
        KafkaIngress in = ingress;
        return in == null ? java.util.Optional.of("the Kafka consumer has not started") : in.partitionsUnmet();
    }

    /** The rooms this node hosts now (read on the ingress's context; a snapshot). */
    public Set<String> ownedRooms() { return ingress == null ? Set.of() : ingress.ownedRooms(); }

    /** Hands every room back (their work finished, state released), leaves the group, closes the producer. */
    public Future<Void> close() {
        Future<Void> ingressGone = ingressId == null ? Future.succeededFuture() : vertx.undeploy(ingressId);
        return ingressGone.transform(ar -> feedId == null ? Future.<Void>succeededFuture() : vertx.undeploy(feedId))
                .transform(ar -> controlPlane == null ? Future.<Void>succeededFuture() : vertx.<Void>executeBlocking(() -> {
                    controlPlane.close();
                    return null;
                }, false))
                .transform(ar -> egress.close());
    }
}
