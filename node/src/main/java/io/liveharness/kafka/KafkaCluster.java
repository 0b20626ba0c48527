package io.liveharness.kafka;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import io.liveharness.config.KafkaConfig;
import io.liveharness.config.KafkaConfig.ClusterConfig;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.spi.cluster.ClusterManager;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;

import java.util.concurrent.TimeUnit;

/**
 * A clustered Vert.x for a node of a Kafka cluster: Hazelcast members that find each other over
 * TCP/IP at the addresses in {@code kafka.cluster.members} (no multicast, no phoning home), and
 * an event bus on {@code kafka.cluster.host}.
 */
public final class KafkaCluster {
    private static final long JOIN_TIMEOUT_S = 120;

    /** A clustered Vert.x and its cluster manager. */
    public record Joined(Vertx vertx, ClusterManager manager) { }

    /** Builds and joins; blocks until this node is in the cluster. */
    public static Joined join(KafkaConfig kafka, VertxOptions options, java.util.function.UnaryOperator<VertxBuilder> extra) {
        ClusterConfig c = kafka.cluster();
        c.resolveSecret(); // refused before joining: a node without the secret could relay nothing
        HazelcastClusterManager manager = new HazelcastClusterManager(hazelcast(kafka.groupId(), c));
        options.setEventBusOptions(new EventBusOptions().setHost(c.host()).setPort(c.eventBusPort()).setClusterPublicHost(c.host()));
        VertxBuilder builder = extra.apply(Vertx.builder().with(options).withClusterManager(manager));
        try {
            Vertx vertx = builder.buildClustered().toCompletionStage().toCompletableFuture().get(JOIN_TIMEOUT_S, TimeUnit.SECONDS);
            return new Joined(vertx, manager);
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            throw new IllegalStateException("could not join the cluster at " + c.members() + ": " + e.getMessage(), e);
        }
    }

    static Config hazelcast(String clusterName, ClusterConfig c) {
        Config config = ConfigUtil.loadConfig();
        config.setClusterName("liveharness-" + clusterName);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "none");
        config.setProperty("hazelcast.shutdownhook.enabled", "false");
        config.setProperty("hazelcast.wait.seconds.before.join", "0");
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty("hazelcast.max.no.heartbeat.seconds", "6");
        config.setProperty("hazelcast.graceful.shutdown.max.wait", "10");
        config.setProperty("hazelcast.local.localAddress", c.host());
        var network = config.getNetworkConfig();
        network.setPort(c.port()).setPortAutoIncrement(false);
        network.getInterfaces().setEnabled(true).addInterface(c.host());
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(c.members()).setConnectionTimeoutSeconds(2);
        return config;
    }

    private KafkaCluster() { }
}
