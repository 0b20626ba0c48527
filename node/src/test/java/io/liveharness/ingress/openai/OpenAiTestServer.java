package io.liveharness.ingress.openai;

import io.liveharness.engine.llama.BatchingBackend;
import io.liveharness.engine.llama.BatchingOptions;
import io.liveharness.engine.llama.LlamaLibrary;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A Vert.x HTTP server on a free loopback port that mounts {@link ChatCompletionsApi} over a real
 * {@link BatchingBackend} on the committed stories260K model (one llama.cpp thread), as the node does.
 */
public final class OpenAiTestServer implements AutoCloseable {
    public static final Path MODEL = Path.of("models/stories260K.gguf");
    /** The one API client's key. */
    public static final String API_KEY = "sk-liveharness-tests-0123456789";

    private final Vertx vertx;
    private final BatchingBackend backend;
    private final HttpServer server;

    private OpenAiTestServer(Vertx vertx, BatchingBackend backend, HttpServer server) {
        this.vertx = vertx;
        this.backend = backend;
        this.server = server;
    }

    public static OpenAiTestServer start() throws Exception {
        Path lib = LlamaLibrary.resolveDirectory(null);
        if (!Files.isDirectory(lib)) fail("the llama.cpp library directory " + lib + " is missing: run scripts/fetch-llama.sh");
        if (!Files.isRegularFile(MODEL)) fail("the test model " + MODEL.toAbsolutePath() + " is missing");
        BatchingBackend backend = BatchingBackend.open(BatchingOptions.of(MODEL).withThreads(1)
                .withContextSize(4096).withMaxSequences(8).withStepTokens(256));
        Vertx vertx = Vertx.vertx();
        try {
            Router router = Router.router(vertx);
            ChatCompletionsApi.fromConfig(vertx, backend, new io.liveharness.config.NodeConfig.OpenAiConfig(
                    java.util.Map.of("tests", io.liveharness.config.NodeConfig.ApiClientConfig.inline(API_KEY, 60_000, 1000, 64)),
                    null, null, null)).mount(router);
            HttpServer server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            return new OpenAiTestServer(vertx, backend, server);
        } catch (Exception e) {
            vertx.close();
            backend.close();
            throw e;
        }
    }

    public BatchingBackend backend() { return backend; }

    public int port() { return server.actualPort(); }

    /** The base URL as OpenAI clients take it. */
    public String baseUrl() { return "http://127.0.0.1:" + port() + "/v1"; }

    @Override
    public void close() throws Exception {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } finally {
            backend.close();
        }
    }
}
