package io.liveharness.config;

/**
 * Everything a node is configured with, read from {@code conf/liveharness.yaml} (or {@code --conf}).
 * Each part is a record with its defaults as named constants; a key left out takes its default.
 */
public record NodeConfig(HttpConfig http, RoomsConfig rooms, EngineConfig engine, RouterConfig router,
                         HarnessConfig harness, CatalogConfig catalog, OpsConfig ops, KafkaConfig kafka,
                         PlatformConfig platform) {

    public NodeConfig {
        http = http == null ? new HttpConfig(null, null, null, null) : http;
        rooms = rooms == null ? new RoomsConfig(null, null, null, null, null, null, null, null) : rooms;
        engine = engine == null ? new EngineConfig(null, null, null, null, null, null, null, null, null, null, null, null, null) : engine;
        router = router == null ? new RouterConfig(null, null, null) : router;
        harness = harness == null ? new HarnessConfig(null, null, null, null) : harness;
        catalog = catalog == null ? new CatalogConfig(null, null) : catalog;
        ops = ops == null ? new OpsConfig(null, null) : ops;
        kafka = kafka == null ? KafkaConfig.disabled() : kafka;
        platform = platform == null ? new PlatformConfig(null, null) : platform;
    }

    /** Without a platform section: its defaults (a token from the environment or made at start). */
    public NodeConfig(HttpConfig http, RoomsConfig rooms, EngineConfig engine, RouterConfig router,
                      HarnessConfig harness, CatalogConfig catalog, OpsConfig ops, KafkaConfig kafka) {
        this(http, rooms, engine, router, harness, catalog, ops, kafka, null);
    }

    /** A single node, without Kafka. */
    public NodeConfig(HttpConfig http, RoomsConfig rooms, EngineConfig engine, RouterConfig router,
                      HarnessConfig harness, CatalogConfig catalog, OpsConfig ops) {
        this(http, rooms, engine, router, harness, catalog, ops, null, null);
    }

    public static NodeConfig defaults() { return new NodeConfig(null, null, null, null, null, null, null, null, null); }

    public NodeConfig withPort(int port) {
        return new NodeConfig(new HttpConfig(http.host(), port, http.maxTextChars(), http.maxBodyBytes()),
                rooms, engine, router, harness, catalog, ops, kafka, platform);
    }

    /** The same node over another rooms folder and catalog (the training world). */
    public NodeConfig withData(String roomsDir, CatalogConfig catalog) {
        RoomsConfig r = new RoomsConfig(roomsDir, rooms.queueCapacity(), rooms.staleAfterMs(), rooms.passivateAfterMs(),
                rooms.contextTokenBudget(), rooms.historyTurns(), rooms.replyDeadlineMs(), rooms.mergeSimilarity());
        return new NodeConfig(http, r, engine, router, harness, catalog, ops, kafka, platform);
    }

    public NodeConfig withOps(OpsConfig ops) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, platform); }

    public NodeConfig withKafka(KafkaConfig kafka) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, platform); }

    public NodeConfig withPlatform(PlatformConfig platform) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, platform); }

    /** The HTTP API: where it listens and how much a viewer may send. */
    public record HttpConfig(String host, Integer port, Integer maxTextChars, Integer maxBodyBytes) {
        public static final String DEFAULT_HOST = "127.0.0.1";
        public static final int DEFAULT_PORT = 8080;
        public static final int DEFAULT_MAX_TEXT_CHARS = 500;
        public static final int DEFAULT_MAX_BODY_BYTES = 16 * 1024;

        public HttpConfig {
            host = host == null ? DEFAULT_HOST : host;
            port = port == null ? DEFAULT_PORT : port;
            maxTextChars = maxTextChars == null ? DEFAULT_MAX_TEXT_CHARS : maxTextChars;
            maxBodyBytes = maxBodyBytes == null ? DEFAULT_MAX_BODY_BYTES : maxBodyBytes;
        }
    }

    /**
     * Rooms: where their manifests are and the burst policy every room applies.
     *
     * @param mergeSimilarity character-bigram Jaccard similarity at or above which two queued
     *                        questions count as near-duplicates and get one answer
     */
    public record RoomsConfig(String dir, Integer queueCapacity, Long staleAfterMs, Long passivateAfterMs,
                              Integer contextTokenBudget, Integer historyTurns, Long replyDeadlineMs,
                              Double mergeSimilarity) {
        public static final String DEFAULT_DIR = "rooms";
        public static final int DEFAULT_QUEUE_CAPACITY = 16;
        public static final long DEFAULT_STALE_AFTER_MS = 6_000;
        public static final long DEFAULT_PASSIVATE_AFTER_MS = 120_000;
        public static final int DEFAULT_CONTEXT_TOKEN_BUDGET = 512;
        public static final int DEFAULT_HISTORY_TURNS = 6;
        public static final long DEFAULT_REPLY_DEADLINE_MS = 8_000;
        public static final double DEFAULT_MERGE_SIMILARITY = 0.6;

        public RoomsConfig {
            dir = dir == null ? DEFAULT_DIR : dir;
            queueCapacity = queueCapacity == null ? DEFAULT_QUEUE_CAPACITY : queueCapacity;
            staleAfterMs = staleAfterMs == null ? DEFAULT_STALE_AFTER_MS : staleAfterMs;
            passivateAfterMs = passivateAfterMs == null ? DEFAULT_PASSIVATE_AFTER_MS : passivateAfterMs;
            contextTokenBudget = contextTokenBudget == null ? DEFAULT_CONTEXT_TOKEN_BUDGET : contextTokenBudget;
            historyTurns = historyTurns == null ? DEFAULT_HISTORY_TURNS : historyTurns;
            replyDeadlineMs = replyDeadlineMs == null ? DEFAULT_REPLY_DEADLINE_MS : replyDeadlineMs;
            mergeSimilarity = mergeSimilarity == null ? DEFAULT_MERGE_SIMILARITY : mergeSimilarity;
        }
    }

    /**
     * The model and its batcher.
     *
     * @param library        directory of the llama.cpp build; empty means the pinned build the launcher fetched
     * @param contextSize    tokens one room's KV stream holds (prompt plus reply); the batcher
     *                       allocates contextSize x maxSequences cells up front
     * @param maxSequences   rooms that can hold a KV stream at once (running or cached); past it the
     *                       least recently used idle room's stream is taken
     * @param stepTokens     tokens per decode step: one per replying room first, then prompt chunks
     * @param remoteUrl      for backend {@code remote}: an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1
     * @param remoteApiKey   its key; {@code ${ENV_NAME}} reads it from the environment, keeping it out of the file
     */
    public record EngineConfig(String backend, String model, String library, Integer contextSize,
                               Integer maxSequences, Integer stepTokens, Integer threads, Integer maxReplyTokens,
                               Integer maxToolSteps, String remoteUrl, String remoteModel, String remoteApiKey,
                               Long remoteTimeoutMs) {
        public static final String DEFAULT_BACKEND = "llamacpp";
        public static final String DEFAULT_MODEL = "models/stories260K.gguf";
        public static final int DEFAULT_CONTEXT_SIZE = 4096;
        public static final int DEFAULT_MAX_SEQUENCES = 64;
        public static final int DEFAULT_STEP_TOKENS = 512;
        /** One core is left to Vert.x: llama.cpp's workers spin, and starve when they share cores. */
        public static final int DEFAULT_THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        public static final int DEFAULT_MAX_REPLY_TOKENS = 64;
        public static final int DEFAULT_MAX_TOOL_STEPS = 3;
        public static final long DEFAULT_REMOTE_TIMEOUT_MS = 60_000;

        public EngineConfig {
            backend = backend == null ? DEFAULT_BACKEND : backend;
            model = model == null ? DEFAULT_MODEL : model;
            library = library == null ? "" : library;
            contextSize = contextSize == null ? DEFAULT_CONTEXT_SIZE : contextSize;
            maxSequences = maxSequences == null ? DEFAULT_MAX_SEQUENCES : maxSequences;
            stepTokens = stepTokens == null ? DEFAULT_STEP_TOKENS : stepTokens;
            threads = threads == null ? DEFAULT_THREADS : threads;
            maxReplyTokens = maxReplyTokens == null ? DEFAULT_MAX_REPLY_TOKENS : maxReplyTokens;
            maxToolSteps = maxToolSteps == null ? DEFAULT_MAX_TOOL_STEPS : maxToolSteps;
            remoteTimeoutMs = remoteTimeoutMs == null ? DEFAULT_REMOTE_TIMEOUT_MS : remoteTimeoutMs;
            if (remoteApiKey != null && remoteApiKey.startsWith("${") && remoteApiKey.endsWith("}")) {
                remoteApiKey = System.getenv(remoteApiKey.substring(2, remoteApiKey.length() - 1));
            }
        }
    }

    /**
     * The intent router.
     *
     * @param lowConfidenceIntent what a message the router is unsure of (below minConfidence) is treated as
     */
    public record RouterConfig(String model, Double minConfidence, String lowConfidenceIntent) {
        public static final String DEFAULT_MODEL = "models/router/intent-router.model";
        public static final double DEFAULT_MIN_CONFIDENCE = 0.4;
        public static final String DEFAULT_LOW_CONFIDENCE_INTENT = "product_qa";

        public RouterConfig {
            model = model == null ? DEFAULT_MODEL : model;
            minConfidence = minConfidence == null ? DEFAULT_MIN_CONFIDENCE : minConfidence;
            lowConfidenceIntent = lowConfidenceIntent == null ? DEFAULT_LOW_CONFIDENCE_INTENT : lowConfidenceIntent;
        }
    }

    /**
     * Harness versions: the source folders published at start, the durable store of published
     * versions and routing (pins, channels, experiments), and which source folder {@code stable}
     * starts on.
     */
    public record HarnessConfig(String dir, String stateDir, String defaultVersion, Long refreshMs) {
        public static final String DEFAULT_DIR = "harness";
        public static final String DEFAULT_STATE_DIR = "var/harness";
        public static final String DEFAULT_VERSION = "default";
        /** A publish from another process reaches the rooms within this; the issue asks for one second. */
        public static final long DEFAULT_REFRESH_MS = 250;

        public HarnessConfig {
            dir = dir == null ? DEFAULT_DIR : dir;
            stateDir = stateDir == null ? DEFAULT_STATE_DIR : stateDir;
            defaultVersion = defaultVersion == null ? DEFAULT_VERSION : defaultVersion;
            refreshMs = refreshMs == null ? DEFAULT_REFRESH_MS : refreshMs;
        }
    }

    /** The product catalog and the shop's policies, which the local tools answer from. */
    public record CatalogConfig(String file, String policies) {
        public static final String DEFAULT_FILE = "catalog/products.yaml";
        public static final String DEFAULT_POLICIES = "catalog/policies.yaml";

        public CatalogConfig {
            file = file == null ? DEFAULT_FILE : file;
            policies = policies == null ? DEFAULT_POLICIES : policies;
        }
    }

    /**
     * The operator side: the bearer token the operator API requires. With no {@code token} here and
     * no {@code LIVEHARNESS_OPERATOR_TOKEN} in the environment, the node makes one at start and
     * writes it to {@code tokenFile} (mode 600), printing only the path.
     */
    public record OpsConfig(String token, String tokenFile) {
        public static final String TOKEN_ENV = "LIVEHARNESS_OPERATOR_TOKEN";
        public static final String DEFAULT_TOKEN_FILE = "var/operator-token";

        public OpsConfig {
            token = token == null || token.isBlank() ? null : token;
            tokenFile = tokenFile == null ? DEFAULT_TOKEN_FILE : tokenFile;
        }

        @Override
        public String toString() { return "OpsConfig[token=" + (token == null ? "none" : "***") + ", tokenFile=" + tokenFile + "]"; }
    }

    /**
     * The commerce platform's side (and the streamer's console): the bearer token that room state
     * pushes ({@code POST /v1/rooms/{id}/state}) require. It is neither the viewers' (they have
     * none) nor the operator's, so a leaked operator token cannot change prices and a platform
     * client cannot pin harnesses. With no {@code token} here and no
     * {@code LIVEHARNESS_PLATFORM_TOKEN} in the environment, the node makes one at start and writes
     * it to {@code tokenFile} (mode 600), printing only the path.
     */
    public record PlatformConfig(String token, String tokenFile) {
        public static final String TOKEN_ENV = "LIVEHARNESS_PLATFORM_TOKEN";
        public static final String DEFAULT_TOKEN_FILE = "var/platform-token";

        public PlatformConfig {
            token = token == null || token.isBlank() ? null : token;
            tokenFile = tokenFile == null ? DEFAULT_TOKEN_FILE : tokenFile;
        }

        @Override
        public String toString() { return "PlatformConfig[token=" + (token == null ? "none" : "***") + ", tokenFile=" + tokenFile + "]"; }
    }
}
