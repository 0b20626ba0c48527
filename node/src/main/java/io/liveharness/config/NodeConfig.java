package io.liveharness.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a node is configured with, read from {@code conf/liveharness.yaml} (or {@code --conf}).
 * Each part is a record with its defaults as named constants; a key left out takes its default.
 */
public record NodeConfig(HttpConfig http, RoomsConfig rooms, EngineConfig engine, RouterConfig router,
                         HarnessConfig harness, CatalogConfig catalog, OpsConfig ops, KafkaConfig kafka, McpConfig mcp,
                         OpenAiConfig openai, PlatformConfig platform) {

    public NodeConfig {
        http = http == null ? new HttpConfig(null, null, null, null, null, null, null, null, null) : http;
        rooms = rooms == null ? new RoomsConfig(null, null, null, null, null, null, null, null, null, null) : rooms;
        engine = engine == null ? new EngineConfig(null, null, null, null, null, null, null, null, null, null, null, null, null) : engine;
        router = router == null ? new RouterConfig(null, null, null) : router;
        harness = harness == null ? new HarnessConfig(null, null, null, null, null) : harness;
        catalog = catalog == null ? new CatalogConfig(null, null) : catalog;
        ops = ops == null ? new OpsConfig(null, null) : ops;
        kafka = kafka == null ? KafkaConfig.disabled() : kafka;
        mcp = mcp == null ? new McpConfig(null) : mcp;
        openai = openai == null ? new OpenAiConfig(null, null, null, null) : openai;
        platform = platform == null ? new PlatformConfig(null, null) : platform;
    }

    public static NodeConfig defaults() { return new NodeConfig(null, null, null, null, null, null, null, null, null, null, null); }

    public NodeConfig withPort(int port) {
        return new NodeConfig(new HttpConfig(http.host(), port, http.maxTextChars(), http.maxBodyBytes(),
                        http.maxWebSockets(), http.webSocketQueueBytes(), http.idleTimeoutMs(), http.headerTimeoutMs(), http.perAddress()),
                rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform);
    }

    /** The same node over another rooms folder and catalog (the training world). */
    public NodeConfig withData(String roomsDir, CatalogConfig catalog) {
        RoomsConfig r = new RoomsConfig(roomsDir, rooms.queueCapacity(), rooms.staleAfterMs(), rooms.passivateAfterMs(),
                rooms.contextTokenBudget(), rooms.historyTurns(), rooms.replyDeadlineMs(), rooms.mergeSimilarity(), rooms.speech(),
                rooms.perViewer());
        return withRooms(r).withCatalog(catalog);
    }

    public NodeConfig withHttp(HttpConfig http) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    public NodeConfig withCatalog(CatalogConfig catalog) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    public NodeConfig withRooms(RoomsConfig rooms) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    public NodeConfig withHarness(HarnessConfig harness) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    public NodeConfig withOps(OpsConfig ops) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    public NodeConfig withKafka(KafkaConfig kafka) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    public NodeConfig withMcp(McpConfig mcp) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    public NodeConfig withOpenAi(OpenAiConfig openai) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    public NodeConfig withPlatform(PlatformConfig platform) { return new NodeConfig(http, rooms, engine, router, harness, catalog, ops, kafka, mcp, openai, platform); }

    /** The HTTP API: where it listens and how much a viewer may send. */
    /**
     * The HTTP server.
     *
     * @param maxWebSockets       event WebSockets open at once on this node; past it a new one is a 503
     * @param webSocketQueueBytes bytes written to one WebSocket or event stream and not yet taken by
     *                            its client; past it the client is too slow and is disconnected
     * @param idleTimeoutMs       a connection that neither sends nor receives for this long is closed
     * @param headerTimeoutMs     a connection that has not finished its first request's headers this long after it
     *                            opened is closed
     * @param perAddress          what one client address may hold and send
     */
    public record HttpConfig(String host, Integer port, Integer maxTextChars, Integer maxBodyBytes,
                             Integer maxWebSockets, Integer webSocketQueueBytes, Long idleTimeoutMs, Long headerTimeoutMs,
                             PerAddressConfig perAddress) {
        public static final String DEFAULT_HOST = "127.0.0.1";
        public static final int DEFAULT_PORT = 8080;
        public static final int DEFAULT_MAX_TEXT_CHARS = 500;
        public static final int DEFAULT_MAX_BODY_BYTES = 16 * 1024;
        public static final int DEFAULT_MAX_WEB_SOCKETS = 10_000;
        public static final int DEFAULT_WEB_SOCKET_QUEUE_BYTES = 256 * 1024;
        public static final long DEFAULT_IDLE_TIMEOUT_MS = 300_000;
        public static final long DEFAULT_HEADER_TIMEOUT_MS = 10_000;

        public HttpConfig {
            host = host == null ? DEFAULT_HOST : host;
            port = port == null ? DEFAULT_PORT : port;
            maxTextChars = maxTextChars == null ? DEFAULT_MAX_TEXT_CHARS : maxTextChars;
            maxBodyBytes = maxBodyBytes == null ? DEFAULT_MAX_BODY_BYTES : maxBodyBytes;
            maxWebSockets = maxWebSockets == null ? DEFAULT_MAX_WEB_SOCKETS : maxWebSockets;
            webSocketQueueBytes = webSocketQueueBytes == null ? DEFAULT_WEB_SOCKET_QUEUE_BYTES : webSocketQueueBytes;
            idleTimeoutMs = idleTimeoutMs == null ? DEFAULT_IDLE_TIMEOUT_MS : idleTimeoutMs;
            headerTimeoutMs = headerTimeoutMs == null ? DEFAULT_HEADER_TIMEOUT_MS : headerTimeoutMs;
            perAddress = perAddress == null ? new PerAddressConfig(null, null, null) : perAddress;
            if (headerTimeoutMs < 500) throw new IllegalArgumentException("http.headerTimeoutMs must be at least 500, not " + headerTimeoutMs);
            if (maxWebSockets < 0) throw new IllegalArgumentException("http.maxWebSockets must be 0 or more, not " + maxWebSockets);
            if (webSocketQueueBytes < 1024) throw new IllegalArgumentException("http.webSocketQueueBytes must be at least 1024, not " + webSocketQueueBytes);
            if (idleTimeoutMs < 1000) throw new IllegalArgumentException("http.idleTimeoutMs must be at least 1000, not " + idleTimeoutMs);
        }

        public HttpConfig withWebSockets(int maxWebSockets, int webSocketQueueBytes, long idleTimeoutMs) {
            return new HttpConfig(host, port, maxTextChars, maxBodyBytes, maxWebSockets, webSocketQueueBytes, idleTimeoutMs,
                    headerTimeoutMs, perAddress);
        }

        /** For a load generator on this machine: one address standing for thousands of viewers. */
        public HttpConfig withoutAddressLimits() {
            return withConnectionLimits(headerTimeoutMs, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
        }

        public HttpConfig withConnectionLimits(long headerTimeoutMs, int connections, int messageBurst, int messagesPerMinute) {
            return new HttpConfig(host, port, maxTextChars, maxBodyBytes, maxWebSockets, webSocketQueueBytes, idleTimeoutMs,
                    headerTimeoutMs, new PerAddressConfig(connections, messageBurst, messagesPerMinute));
        }
    }

    /**
     * What one client address (the connection's peer) may hold and send. Behind a proxy every
     * viewer has the proxy's address: raise these there, or set them to the proxy's share.
     *
     * @param connections       connections open at once; a connection past it is closed as it opens
     * @param messageBurst      viewer messages the address may post at once
     * @param messagesPerMinute after the burst, viewer messages a minute; past it {@code 429} with Retry-After
     */
    public record PerAddressConfig(Integer connections, Integer messageBurst, Integer messagesPerMinute) {
        public static final int DEFAULT_CONNECTIONS = 256;
        public static final int DEFAULT_MESSAGE_BURST = 300;
        public static final int DEFAULT_MESSAGES_PER_MINUTE = 1200;

        public PerAddressConfig {
            connections = connections == null ? DEFAULT_CONNECTIONS : connections;
            messageBurst = messageBurst == null ? DEFAULT_MESSAGE_BURST : messageBurst;
            messagesPerMinute = messagesPerMinute == null ? DEFAULT_MESSAGES_PER_MINUTE : messagesPerMinute;
            if (connections < 1) throw new IllegalArgumentException("http.perAddress.connections must be at least 1, not " + connections);
            if (messageBurst < 1) throw new IllegalArgumentException("http.perAddress.messageBurst must be at least 1, not " + messageBurst);
            if (messagesPerMinute < 1) throw new IllegalArgumentException("http.perAddress.messagesPerMinute must be at least 1, not " + messagesPerMinute);
        }
    }

    /**
     * Rooms: where their manifests are and the burst policy every room applies.
     *
     * @param mergeSimilarity character-bigram Jaccard similarity at or above which two queued
     *                        questions count as near-duplicates and get one answer
     * @param speech          how replies are cut into speakable segments and how long the avatar takes to say them
     */
    public record RoomsConfig(String dir, Integer queueCapacity, Long staleAfterMs, Long passivateAfterMs,
                              Integer contextTokenBudget, Integer historyTurns, Long replyDeadlineMs,
                              Double mergeSimilarity, SpeechConfig speech, PerViewerConfig perViewer) {
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
            speech = speech == null ? new SpeechConfig(null, null, null, null) : speech;
            perViewer = perViewer == null ? new PerViewerConfig(null, null, null) : perViewer;
        }

        /** With the default speech settings. */
        public RoomsConfig(String dir, Integer queueCapacity, Long staleAfterMs, Long passivateAfterMs,
                           Integer contextTokenBudget, Integer historyTurns, Long replyDeadlineMs, Double mergeSimilarity) {
            this(dir, queueCapacity, staleAfterMs, passivateAfterMs, contextTokenBudget, historyTurns, replyDeadlineMs,
                    mergeSimilarity, null, null);
        }

        public RoomsConfig withSpeech(SpeechConfig speech) {
            return new RoomsConfig(dir, queueCapacity, staleAfterMs, passivateAfterMs, contextTokenBudget, historyTurns,
                    replyDeadlineMs, mergeSimilarity, speech, perViewer);
        }

        public RoomsConfig withPerViewer(PerViewerConfig perViewer) {
            return new RoomsConfig(dir, queueCapacity, staleAfterMs, passivateAfterMs, contextTokenBudget, historyTurns,
                    replyDeadlineMs, mergeSimilarity, speech, perViewer);
        }

        // one setting changed, the others kept: callers never rebuild the record by position
        public RoomsConfig withDir(String dir) {
            return new RoomsConfig(dir, queueCapacity, staleAfterMs, passivateAfterMs, contextTokenBudget, historyTurns,
                    replyDeadlineMs, mergeSimilarity, speech, perViewer);
        }

        public RoomsConfig withQueueCapacity(int queueCapacity) {
            return new RoomsConfig(dir, queueCapacity, staleAfterMs, passivateAfterMs, contextTokenBudget, historyTurns,
                    replyDeadlineMs, mergeSimilarity, speech, perViewer);
        }

        public RoomsConfig withStaleAfterMs(long staleAfterMs) {
            return new RoomsConfig(dir, queueCapacity, staleAfterMs, passivateAfterMs, contextTokenBudget, historyTurns,
                    replyDeadlineMs, mergeSimilarity, speech, perViewer);
        }

        public RoomsConfig withPassivateAfterMs(long passivateAfterMs) {
            return new RoomsConfig(dir, queueCapacity, staleAfterMs, passivateAfterMs, contextTokenBudget, historyTurns,
                    replyDeadlineMs, mergeSimilarity, speech, perViewer);
        }

        public RoomsConfig withReplyDeadlineMs(long replyDeadlineMs) {
            return new RoomsConfig(dir, queueCapacity, staleAfterMs, passivateAfterMs, contextTokenBudget, historyTurns,
                    replyDeadlineMs, mergeSimilarity, speech, perViewer);
        }
    }

    /**
     * One viewer's share of a room (docs/security.md, "One viewer cannot silence a room"): a
     * viewer's messages past it end {@code dropped}/{@code viewer_limit} without reaching the
     * router or the model.
     *
     * @param burst             messages one viewer may send a room at once
     * @param messagesPerMinute after the burst, messages per minute one viewer's allowance refills by
     * @param waiting           questions of one viewer waiting in a room's queue at once
     */
    public record PerViewerConfig(Integer burst, Integer messagesPerMinute, Integer waiting) {
        public static final int DEFAULT_BURST = 4;
        public static final int DEFAULT_MESSAGES_PER_MINUTE = 12;
        public static final int DEFAULT_WAITING = 2;

        public PerViewerConfig {
            burst = burst == null ? DEFAULT_BURST : burst;
            messagesPerMinute = messagesPerMinute == null ? DEFAULT_MESSAGES_PER_MINUTE : messagesPerMinute;
            waiting = waiting == null ? DEFAULT_WAITING : waiting;
            if (burst < 1) throw new IllegalArgumentException("rooms.perViewer.burst must be at least 1, not " + burst);
            if (messagesPerMinute < 1) throw new IllegalArgumentException("rooms.perViewer.messagesPerMinute must be at least 1, not " + messagesPerMinute);
            if (waiting < 1) throw new IllegalArgumentException("rooms.perViewer.waiting must be at least 1, not " + waiting);
        }
    }

    /**
     * Speakable segments and the avatar's speaking time (docs/segments.md).
     *
     * @param zhCharsPerSecond Chinese (CJK) characters the TTS voice says per second
     * @param enWordsPerSecond English words (and numbers) it says per second
     * @param minSegmentChars  a clause shorter than this (characters, spaces not counted) waits to join the next,
     *                         so a segment is not one word
     * @param maxSegmentChars  a clause this long with no punctuation yet is cut anyway, so a long one still goes
     */
    public record SpeechConfig(Double zhCharsPerSecond, Double enWordsPerSecond, Integer minSegmentChars,
                               Integer maxSegmentChars) {
        public static final double DEFAULT_ZH_CHARS_PER_SECOND = 4.5;
        public static final double DEFAULT_EN_WORDS_PER_SECOND = 2.5;
        public static final int DEFAULT_MIN_SEGMENT_CHARS = 6;
        public static final int DEFAULT_MAX_SEGMENT_CHARS = 40;

        public SpeechConfig {
            zhCharsPerSecond = zhCharsPerSecond == null ? DEFAULT_ZH_CHARS_PER_SECOND : zhCharsPerSecond;
            enWordsPerSecond = enWordsPerSecond == null ? DEFAULT_EN_WORDS_PER_SECOND : enWordsPerSecond;
            minSegmentChars = minSegmentChars == null ? DEFAULT_MIN_SEGMENT_CHARS : minSegmentChars;
            maxSegmentChars = maxSegmentChars == null ? DEFAULT_MAX_SEGMENT_CHARS : maxSegmentChars;
            if (!(zhCharsPerSecond > 0)) throw new IllegalArgumentException("rooms.speech.zhCharsPerSecond must be above 0, not " + zhCharsPerSecond);
            if (!(enWordsPerSecond > 0)) throw new IllegalArgumentException("rooms.speech.enWordsPerSecond must be above 0, not " + enWordsPerSecond);
            if (minSegmentChars < 1) throw new IllegalArgumentException("rooms.speech.minSegmentChars must be 1 or more, not " + minSegmentChars);
            if (maxSegmentChars < minSegmentChars + 4) {
                throw new IllegalArgumentException("rooms.speech.maxSegmentChars must be at least minSegmentChars + 4 ("
                        + (minSegmentChars + 4) + "), not " + maxSegmentChars);
            }
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
     * @param apiSequences   KV streams the OpenAI-compatible API's requests may hold together (running
     *                       or cached); 0: an eighth of maxSequences. The rest is the rooms', and API
     *                       requests never evict a room's stream
     * @param apiStepTokens  tokens of one decode step the API's requests may take together; 0: an eighth of stepTokens
     * @param kvHostCacheMb  MiB of host memory holding evicted rooms' KV sequences, restored on the room's next
     *                       request instead of prefilled; least recently saved dropped first; 0: off
     * @param sharedPrefixes KV streams, beyond maxSequences, holding prompt prefixes that every room of a harness
     *                       version shares (computed once, copied to each room); 0: off
     * @param remoteUrl      for backend {@code remote}: an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1
     * @param remoteApiKey   its key; {@code ${ENV_NAME}} reads it from the environment, keeping it out of the file
     */
    public record EngineConfig(String backend, String model, String library, Integer contextSize,
                               Integer maxSequences, Integer stepTokens, Integer threads, Integer maxReplyTokens,
                               Integer maxToolSteps, String remoteUrl, String remoteModel, String remoteApiKey,
                               Long remoteTimeoutMs, Integer apiSequences, Integer apiStepTokens, Integer kvHostCacheMb,
                               Integer sharedPrefixes, RepetitionConfig repetition) {
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
        /** 1 GiB: some 340 avatar-model rooms of 1,000 tokens (3 KB a token), or 7 of an 8B model's (144 KB a token). */
        public static final int DEFAULT_KV_HOST_CACHE_MB = 1024;
        /** Two harness versions at once: stable and a canary or experiment arm. */
        public static final int DEFAULT_SHARED_PREFIXES = 2;

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
            apiSequences = apiSequences == null ? 0 : apiSequences;
            apiStepTokens = apiStepTokens == null ? 0 : apiStepTokens;
            kvHostCacheMb = kvHostCacheMb == null ? DEFAULT_KV_HOST_CACHE_MB : kvHostCacheMb;
            sharedPrefixes = sharedPrefixes == null ? DEFAULT_SHARED_PREFIXES : sharedPrefixes;
            repetition = repetition == null ? new RepetitionConfig(null, null, null, null) : repetition;
            if (kvHostCacheMb < 0) throw new IllegalArgumentException("engine.kvHostCacheMb must be 0 (off) or more, was " + kvHostCacheMb);
            if (sharedPrefixes < 0) throw new IllegalArgumentException("engine.sharedPrefixes must be 0 (off) or more, was " + sharedPrefixes);
            if (remoteApiKey != null && remoteApiKey.startsWith("${") && remoteApiKey.endsWith("}")) {
                remoteApiKey = System.getenv(remoteApiKey.substring(2, remoteApiKey.length() - 1));
            }
        }

        /** With the API's default share of the batcher. */
        public EngineConfig(String backend, String model, String library, Integer contextSize, Integer maxSequences,
                            Integer stepTokens, Integer threads, Integer maxReplyTokens, Integer maxToolSteps, String remoteUrl,
                            String remoteModel, String remoteApiKey, Long remoteTimeoutMs) {
            this(backend, model, library, contextSize, maxSequences, stepTokens, threads, maxReplyTokens, maxToolSteps,
                    remoteUrl, remoteModel, remoteApiKey, remoteTimeoutMs, null, null, null, null, null);
        }

        /** The same settings with another backend and model (a run's {@code --model} or {@code --remote}). */
        public EngineConfig withModel(String backend, String model, String remoteUrl, String remoteModel, String remoteApiKey) {
            return new EngineConfig(backend, model, library, contextSize, maxSequences, stepTokens, threads, maxReplyTokens, maxToolSteps,
                    remoteUrl, remoteModel, remoteApiKey, remoteTimeoutMs, apiSequences, apiStepTokens, kvHostCacheMb, sharedPrefixes,
                    repetition);
        }
    }

    /**
     * Repetition control of the rooms' replies (engine.Repetition): penalties on the tokens among
     * the last {@code lastN} of the reply. {@code penalty} 1 with {@code frequency} and
     * {@code presence} 0 is off, greedy decoding unchanged.
     */
    public record RepetitionConfig(Integer lastN, Double penalty, Double frequency, Double presence) {
        public static final int DEFAULT_LAST_N = 64;
        public static final double DEFAULT_PENALTY = 1.0;
        public static final double DEFAULT_FREQUENCY = 0.0;
        public static final double DEFAULT_PRESENCE = 0.0;

        public RepetitionConfig {
            lastN = lastN == null ? DEFAULT_LAST_N : lastN;
            penalty = penalty == null ? DEFAULT_PENALTY : penalty;
            frequency = frequency == null ? DEFAULT_FREQUENCY : frequency;
            presence = presence == null ? DEFAULT_PRESENCE : presence;
            if (lastN < 0) throw new IllegalArgumentException("engine.repetition.lastN must be 0 (off) or more, was " + lastN);
            if (!(penalty > 0)) throw new IllegalArgumentException("engine.repetition.penalty must be above 0 (1: off), was " + penalty);
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
    /**
     * Harness versions: where they come from, where they are stored.
     *
     * @param maxVersions versions the store keeps at most; a publish past it removes the oldest that no
     *                    channel, pin, experiment or room manifest uses, or is refused when all are used
     */
    public record HarnessConfig(String dir, String stateDir, String defaultVersion, Long refreshMs, Integer maxVersions) {
        public static final int DEFAULT_MAX_VERSIONS = 50;
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
            maxVersions = maxVersions == null ? DEFAULT_MAX_VERSIONS : maxVersions;
            if (maxVersions < 2) throw new IllegalArgumentException("harness.maxVersions must be at least 2, not " + maxVersions);
        }

        public HarnessConfig(String dir, String stateDir, String defaultVersion, Long refreshMs) {
            this(dir, stateDir, defaultVersion, refreshMs, null);
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
     * The operator side: two bearer tokens, each for its own permission. {@code token} runs the rooms
     * (pins, channels, experiments, drains: the day-to-day); {@code publisherToken} only publishes
     * harness versions ({@code POST /v1/harness}), which decides what text and which MCP servers (by
     * name) rooms may use. With neither in conf nor its environment variable, the node makes each
     * token at start and writes it to its file (mode 600), printing only the path.
     *
     * @param publisherTokenFile where a made publisher token is written; by default beside {@code tokenFile}
     * @param faults             fault runs only: mounts {@code POST /v1/faults/engine-crash} (operator token), which
     *                           kills the decode thread; off by default, never on in production
     */
    public record OpsConfig(String token, String tokenFile, String publisherToken, String publisherTokenFile, Boolean faults) {
        public static final String TOKEN_ENV = "LIVEHARNESS_OPERATOR_TOKEN";
        public static final String DEFAULT_TOKEN_FILE = "var/operator-token";
        public static final String PUBLISHER_TOKEN_ENV = "LIVEHARNESS_PUBLISHER_TOKEN";
        public static final String PUBLISHER_TOKEN_FILE_NAME = "publisher-token";

        public OpsConfig {
            token = token == null || token.isBlank() ? null : token;
            tokenFile = tokenFile == null ? DEFAULT_TOKEN_FILE : tokenFile;
            publisherToken = publisherToken == null || publisherToken.isBlank() ? null : publisherToken;
            faults = faults != null && faults;
            publisherTokenFile = publisherTokenFile == null
                    ? java.nio.file.Path.of(tokenFile).resolveSibling(PUBLISHER_TOKEN_FILE_NAME).toString() : publisherTokenFile;
            if (token != null && token.equals(publisherToken)) {
                throw new IllegalArgumentException("ops.publisherToken must differ from ops.token: one token for both is no separation");
            }
        }

        /** The operator token only; the publisher token is made beside its file. */
        public OpsConfig(String token, String tokenFile) { this(token, tokenFile, null, null, null); }

        public OpsConfig(String token, String tokenFile, String publisherToken, String publisherTokenFile) {
            this(token, tokenFile, publisherToken, publisherTokenFile, null);
        }

        @Override
        public String toString() {
            return "OpsConfig[token=" + (token == null ? "none" : "***") + ", tokenFile=" + tokenFile
                    + ", publisherToken=" + (publisherToken == null ? "none" : "***") + ", publisherTokenFile=" + publisherTokenFile + ", faults=" + faults + "]";
        }
    }

    /**
     * The MCP servers this node may run, by name. A harness only names the ones it uses
     * ({@code mcpServers: [promo]}); what runs (a command and its environment, or a URL) is said here
     * and nowhere else, so neither a harness nor the token that publishes one can start a process.
     */
    public record McpConfig(Map<String, McpServerConfig> servers) {
        public McpConfig {
            servers = servers == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(servers));
        }
    }

    /**
     * One MCP server: exactly one of {@code stdio} (a child process) or {@code http} (streamable HTTP).
     *
     * @param callTimeoutMs    longest one {@code tools/call} may take before it is answered as an error
     * @param connectTimeoutMs longest starting the server, {@code initialize} and listing its tools may take
     * @param reconnectMinMs   first delay before reconnecting to a lost server; doubles per failure
     * @param reconnectMaxMs   ceiling of that delay
     */
    public record McpServerConfig(McpStdio stdio, McpHttp http, Long callTimeoutMs, Long connectTimeoutMs,
                                  Long reconnectMinMs, Long reconnectMaxMs) {
        public static final long DEFAULT_CALL_TIMEOUT_MS = 10_000;
        public static final long DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
        public static final long DEFAULT_RECONNECT_MIN_MS = 250;
        public static final long DEFAULT_RECONNECT_MAX_MS = 30_000;

        public McpServerConfig {
            if ((stdio == null) == (http == null)) {
                throw new IllegalArgumentException("an MCP server needs exactly one of 'stdio' (command, env) or 'http' (url)");
            }
            callTimeoutMs = callTimeoutMs == null ? DEFAULT_CALL_TIMEOUT_MS : callTimeoutMs;
            connectTimeoutMs = connectTimeoutMs == null ? DEFAULT_CONNECT_TIMEOUT_MS : connectTimeoutMs;
            reconnectMinMs = reconnectMinMs == null ? DEFAULT_RECONNECT_MIN_MS : reconnectMinMs;
            reconnectMaxMs = reconnectMaxMs == null ? DEFAULT_RECONNECT_MAX_MS : reconnectMaxMs;
        }
    }

    /**
     * A child process speaking MCP on stdin/stdout. It starts with {@code env} as its whole
     * environment plus the node's {@code PATH} (unless {@code env} sets one): nothing else of the
     * node's environment (its tokens, its API keys) reaches it. A value {@code ${NAME}} is the node's
     * environment variable NAME, so a secret the server needs stays out of this file.
     */
    public record McpStdio(List<String> command, Map<String, String> env) {
        public McpStdio {
            command = command == null ? List.of() : List.copyOf(command);
            env = env == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env));
        }

        @Override
        public String toString() { return "McpStdio[command=" + command + ", env=" + env.keySet() + "]"; }
    }

    /** A streamable-HTTP endpoint, e.g. {@code http://127.0.0.1:3001/mcp}. */
    public record McpHttp(String url) { }

    /**
     * The OpenAI-compatible API ({@code POST /v1/chat/completions}, {@code GET /v1/models}): who may
     * call it and how much. With no clients it refuses every request (401).
     *
     * @param clients        API clients by name, each with its key and limits
     * @param maxPromptChars characters the messages of one request may hold together; more is a 400
     *                       before anything is templated or tokenized
     * @param queueTimeoutMs how long a request waits for one of the API's KV streams
     *                       ({@code engine.apiSequences}) before a 503 with Retry-After
     * @param timeoutMs      how long one completion may run before it ends with {@code finish_reason: length}
     */
    public record OpenAiConfig(Map<String, ApiClientConfig> clients, Integer maxPromptChars, Long queueTimeoutMs, Long timeoutMs) {
        public static final int DEFAULT_MAX_PROMPT_CHARS = 32_000;
        public static final long DEFAULT_QUEUE_TIMEOUT_MS = 2_000;
        public static final long DEFAULT_TIMEOUT_MS = 120_000;

        public OpenAiConfig {
            clients = clients == null ? Map.of() : Map.copyOf(clients);
            maxPromptChars = maxPromptChars == null ? DEFAULT_MAX_PROMPT_CHARS : maxPromptChars;
            queueTimeoutMs = queueTimeoutMs == null ? DEFAULT_QUEUE_TIMEOUT_MS : queueTimeoutMs;
            timeoutMs = timeoutMs == null ? DEFAULT_TIMEOUT_MS : timeoutMs;
        }
    }

    /**
     * One API client. Its key comes from exactly one of {@code key} (inline, e.g. for tests),
     * {@code keyEnv} (an environment variable's name) or {@code keyFile} (a file holding the key).
     *
     * @param requestsPerMinute the client's sustained rate; past it, 429 with Retry-After
     * @param burst             requests it may make at once before the rate applies
     * @param maxConcurrent     requests it may have in flight at once; past it, 429
     */
    public record ApiClientConfig(String key, String keyEnv, String keyFile, Integer requestsPerMinute, Integer burst,
                                  Integer maxConcurrent) {
        public static final int DEFAULT_REQUESTS_PER_MINUTE = 60;
        public static final int DEFAULT_BURST = 10;
        public static final int DEFAULT_MAX_CONCURRENT = 4;

        public ApiClientConfig {
            requestsPerMinute = requestsPerMinute == null ? DEFAULT_REQUESTS_PER_MINUTE : requestsPerMinute;
            burst = burst == null ? DEFAULT_BURST : burst;
            maxConcurrent = maxConcurrent == null ? DEFAULT_MAX_CONCURRENT : maxConcurrent;
        }

        public static ApiClientConfig inline(String key, int requestsPerMinute, int burst, int maxConcurrent) {
            return new ApiClientConfig(key, null, null, requestsPerMinute, burst, maxConcurrent);
        }

        @Override
        public String toString() {
            return "ApiClientConfig[key=" + (key == null ? "none" : "***") + ", keyEnv=" + keyEnv + ", keyFile=" + keyFile
                    + ", requestsPerMinute=" + requestsPerMinute + ", burst=" + burst + ", maxConcurrent=" + maxConcurrent + "]";
        }
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
