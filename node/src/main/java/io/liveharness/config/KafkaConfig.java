package io.liveharness.config;

import java.util.List;
import java.util.Map;

/**
 * Kafka ingress and egress, and the cluster of nodes that shares the rooms (docs/kafka.md). Off
 * by default: a node without it is the single node it always was.
 *
 * @param nodeId             this node's name in {@code GET /v1/rooms} and in the room-state
 *                           changelog; empty means the cluster manager's node id
 * @param partitions         partitions of every topic the node creates; rooms are spread over them
 * @param finishedIdsPerRoom how many recently finished message ids a room's state record keeps, so
 *                           a redelivered message is recognised and never answered twice (messages
 *                           below the room's {@code doneThrough} offset are recognised by it alone)
 * @param commitIntervalMs   how often the offsets of messages whose outcome is out are committed
 * @param handoffTimeoutMs   how long a node taking over a room waits for its previous owner, still
 *                           in the cluster, to hand the room's state over
 * @param consumer           extra Kafka consumer properties (e.g. {@code max.poll.records})
 * @param producer           extra Kafka producer properties (e.g. {@code linger.ms})
 */
public record KafkaConfig(Boolean enabled, String bootstrapServers, String groupId, String nodeId, Topics topics,
                          Integer partitions, Integer replicationFactor, Integer finishedIdsPerRoom,
                          Long commitIntervalMs, Long handoffTimeoutMs, Map<String, String> consumer,
                          Map<String, String> producer, ClusterConfig cluster) {
    public static final String DEFAULT_BOOTSTRAP_SERVERS = "127.0.0.1:9092";
    public static final String DEFAULT_GROUP_ID = "liveharness";
    public static final int DEFAULT_PARTITIONS = 12;
    public static final int DEFAULT_REPLICATION_FACTOR = 1;
    public static final int DEFAULT_FINISHED_IDS_PER_ROOM = 512;
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 200;
    public static final long DEFAULT_HANDOFF_TIMEOUT_MS = 15_000;

    public KafkaConfig {
        enabled = enabled != null && enabled;
        bootstrapServers = bootstrapServers == null ? DEFAULT_BOOTSTRAP_SERVERS : bootstrapServers;
        groupId = groupId == null ? DEFAULT_GROUP_ID : groupId;
        nodeId = nodeId == null ? "" : nodeId;
        topics = topics == null ? new Topics(null, null, null, null) : topics;
        partitions = partitions == null ? DEFAULT_PARTITIONS : partitions;
        replicationFactor = replicationFactor == null ? DEFAULT_REPLICATION_FACTOR : replicationFactor;
        finishedIdsPerRoom = finishedIdsPerRoom == null ? DEFAULT_FINISHED_IDS_PER_ROOM : finishedIdsPerRoom;
        commitIntervalMs = commitIntervalMs == null ? DEFAULT_COMMIT_INTERVAL_MS : commitIntervalMs;
        handoffTimeoutMs = handoffTimeoutMs == null ? DEFAULT_HANDOFF_TIMEOUT_MS : handoffTimeoutMs;
        consumer = consumer == null ? Map.of() : Map.copyOf(consumer);
        producer = producer == null ? Map.of() : Map.copyOf(producer);
        cluster = cluster == null ? new ClusterConfig(null, null, null, null, null) : cluster;
        if (partitions < 1) throw new IllegalArgumentException("kafka.partitions must be at least 1");
    }

    public static KafkaConfig disabled() {
        return new KafkaConfig(false, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** This config, on, against {@code bootstrapServers}, as node {@code nodeId} of {@code cluster}. */
    public KafkaConfig on(String bootstrapServers, String nodeId, ClusterConfig cluster) {
        return new KafkaConfig(true, bootstrapServers, groupId, nodeId, topics, partitions, replicationFactor,
                finishedIdsPerRoom, commitIntervalMs, handoffTimeoutMs, consumer, producer, cluster);
    }

    /**
     * The topics; every one but the control plane is keyed by room id.
     *
     * @param controlPlane harness versions, channels, pins, experiments and rooms (one partition,
     *                     compacted); left out, it is named beside {@code roomState}
     *                     ({@code x-room-state} gives {@code x-control-plane}), so clusters whose
     *                     topics carry a prefix keep their control planes apart
     */
    public record Topics(String viewerMessages, String avatarReplies, String messageOutcomes, String roomState, String controlPlane) {
        public static final String DEFAULT_VIEWER_MESSAGES = "viewer-messages";
        public static final String DEFAULT_AVATAR_REPLIES = "avatar-replies";
        public static final String DEFAULT_MESSAGE_OUTCOMES = "message-outcomes";
        public static final String DEFAULT_ROOM_STATE = "room-state";
        public static final String DEFAULT_CONTROL_PLANE = "control-plane";

        public Topics {
            viewerMessages = viewerMessages == null ? DEFAULT_VIEWER_MESSAGES : viewerMessages;
            avatarReplies = avatarReplies == null ? DEFAULT_AVATAR_REPLIES : avatarReplies;
            messageOutcomes = messageOutcomes == null ? DEFAULT_MESSAGE_OUTCOMES : messageOutcomes;
            roomState = roomState == null ? DEFAULT_ROOM_STATE : roomState;
            if (controlPlane == null) {
                controlPlane = roomState.endsWith(DEFAULT_ROOM_STATE)
                        ? roomState.substring(0, roomState.length() - DEFAULT_ROOM_STATE.length()) + DEFAULT_CONTROL_PLANE
                        : roomState + "-" + DEFAULT_CONTROL_PLANE;
            }
        }

        public Topics(String viewerMessages, String avatarReplies, String messageOutcomes, String roomState) {
            this(viewerMessages, avatarReplies, messageOutcomes, roomState, null);
        }
    }

    /**
     * The clustered event bus (Hazelcast) that carries operator commands to a room's owner. Members
     * join over TCP/IP to the listed addresses, never by multicast.
     *
     * @param port    Hazelcast's member port on {@code host}
     * @param members {@code host:port} of every member (this one may be among them)
     * @param secret  shared by every node of the cluster: a node runs a relayed command only when it
     *                is signed with it (HMAC-SHA256); null means {@code LIVEHARNESS_CLUSTER_SECRET}.
     *                Required, at least {@value #MIN_SECRET_LENGTH} characters, when Kafka is on
     */
    public record ClusterConfig(String host, Integer port, List<String> members, Integer eventBusPort, String secret) {
        public static final String DEFAULT_HOST = "127.0.0.1";
        public static final int DEFAULT_PORT = 5701;
        /** 0: any free port; the cluster manager tells the others which. */
        public static final int DEFAULT_EVENT_BUS_PORT = 0;
        public static final String SECRET_ENV = "LIVEHARNESS_CLUSTER_SECRET";
        public static final int MIN_SECRET_LENGTH = 32;

        public ClusterConfig {
            host = host == null ? DEFAULT_HOST : host;
            port = port == null ? DEFAULT_PORT : port;
            members = members == null ? List.of(host + ":" + port) : List.copyOf(members);
            eventBusPort = eventBusPort == null ? DEFAULT_EVENT_BUS_PORT : eventBusPort;
        }

        /**
         * The cluster secret: {@code kafka.cluster.secret}, else {@code LIVEHARNESS_CLUSTER_SECRET};
         * refused when missing or short, naming where it was looked for.
         */
        public String resolveSecret() {
            String s = secret != null ? secret : System.getenv(SECRET_ENV);
            String where = secret != null ? "kafka.cluster.secret" : "env " + SECRET_ENV;
            if (s == null || s.isBlank()) {
                throw new IllegalArgumentException("kafka.cluster.secret (or env " + SECRET_ENV + ") is required when kafka is on: "
                        + "nodes sign the commands they relay to each other with it; give every node the same random value");
            }
            if (s.trim().length() < MIN_SECRET_LENGTH) {
                throw new IllegalArgumentException(where + " is " + s.trim().length() + " characters; the cluster secret needs at least "
                        + MIN_SECRET_LENGTH);
            }
            return s.trim();
        }

        @Override
        public String toString() {
            return "ClusterConfig[host=" + host + ", port=" + port + ", members=" + members + ", eventBusPort=" + eventBusPort
                    + ", secret=" + (secret == null ? "none" : "***") + "]";
        }
    }
}
