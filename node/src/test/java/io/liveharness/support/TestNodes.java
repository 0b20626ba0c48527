package io.liveharness.support;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.HarnessConfig;
import io.liveharness.config.NodeConfig.RoomsConfig;
import io.liveharness.node.Node;
import io.liveharness.room.RoomManifest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Starts real nodes for tests: the committed conf, model and router, on a free port. */
public final class TestNodes {

    /** The operator token of every test node. */
    public static final String OPERATOR_TOKEN = "test-operator-token-0123456789";

    /** The key of every test node's one OpenAI-compatible API client. */
    public static final String API_KEY = "sk-test-api-client-0123456789";

    /** The platform token (room state pushes) of every test node. */
    public static final String PLATFORM_TOKEN = "test-platform-token-9876543210";

    /**
     * The committed conf on a free port, with a harness store of its own so tests cannot see each
     * other's pins, and known operator and platform tokens.
     */
    public static NodeConfig config() {
        NodeConfig c = ConfigLoader.load(ConfigLoader.DEFAULT_FILE).withPort(0);
        String state = freshStateDir();
        return withHarness(c, new HarnessConfig(c.harness().dir(), state, c.harness().defaultVersion(), 50L))
                .withOps(new NodeConfig.OpsConfig(OPERATOR_TOKEN, Path.of(state, "operator-token").toString()))
                .withOpenAi(new NodeConfig.OpenAiConfig(java.util.Map.of("tests",
                        NodeConfig.ApiClientConfig.inline(API_KEY, 60_000, 1000, 64)), null, null, null))
                .withPlatform(new NodeConfig.PlatformConfig(PLATFORM_TOKEN, Path.of(state, "platform-token").toString()));
    }

    public static String freshStateDir() {
        try {
            Path dir = Files.createTempDirectory("liveharness-state-");
            dir.toFile().deleteOnExit();
            return dir.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static NodeConfig withHarness(NodeConfig c, HarnessConfig harness) {
        return c.withHarness(harness);
    }

    /**
     * The same node with a minute's staleness limit and reply deadline: for tests about something
     * else that a loaded machine's slow model must not turn into a stale drop or a deadline fallback.
     */
    public static NodeConfig patient(NodeConfig c) {
        RoomsConfig r = c.rooms();
        return c.withRooms(r.withStaleAfterMs(60_000L).withReplyDeadlineMs(60_000L));
    }

    public static NodeConfig withRooms(NodeConfig c, RoomsConfig rooms) {
        return c.withRooms(rooms);
    }

    /**
     * A copy of the default harness in {@code dir}/default, for a test to edit, and the conf that
     * runs it with a store of its own.
     */
    public static Path copyDefaultHarness(Path dir) {
        Path source = Path.of("harness/default");
        Path harness = dir.resolve("default");
        try (var files = Files.walk(source)) {
            for (Path f : files.toList()) {
                Path target = harness.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(target); else Files.copy(f, target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return harness;
    }

    public static NodeConfig withHarnessDir(NodeConfig c, Path dir) {
        return withHarness(c, new HarnessConfig(dir.toString(), freshStateDir(), "default", 50L));
    }

    public static Node start() { return Node.boot(config()); }

    public static Node start(NodeConfig config) { return Node.boot(config); }

    public static Node start(NodeConfig config, List<RoomManifest> extraRooms) { return Node.boot(config, extraRooms); }

    /** A node over {@code model} (a {@link ScriptedBackend}, say) instead of conf's, with the committed router. */
    public static Node start(NodeConfig config, io.liveharness.engine.ModelBackend model) {
        return start(config, model, java.time.InstantSource.system());
    }

    /** As {@link #start(NodeConfig, io.liveharness.engine.ModelBackend)}, its rooms on {@code clock}. */
    public static Node start(NodeConfig config, io.liveharness.engine.ModelBackend model, java.time.InstantSource clock) {
        var r = config.router();
        var router = io.liveharness.router.TribuoIntentClassifier.load(new io.liveharness.router.RouterOptions(
                Path.of(r.model()), r.minConfidence(), io.liveharness.router.Intent.fromLabel(r.lowConfidenceIntent())));
        return Node.start(config, model, router, List.of(), clock);
    }

    /** The same node with other speech settings (segment lengths, the avatar's pace). */
    public static NodeConfig withSpeech(NodeConfig c, NodeConfig.SpeechConfig speech) {
        return c.withRooms(c.rooms().withSpeech(speech));
    }

    private TestNodes() { }
}
