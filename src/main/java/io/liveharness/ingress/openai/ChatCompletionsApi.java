package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.SamplingParams;
import io.liveharness.ingress.RequestJson;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The node's OpenAI-compatible {@code POST /v1/chat/completions} (streaming and not, with tools)
 * and {@code GET /v1/models}, over the node's {@link ModelBackend}, so that other clients share the
 * model with the rooms. Handlers run on the HTTP server's context; the backend's pieces and its
 * result hop back onto that context before anything is written, and nothing here blocks.
 */
public final class ChatCompletionsApi {
    public static final String PATH = "/v1/chat/completions";
    /** The sequence key prefix: a request with {@code user} keeps that user's KV prefix in the batcher. */
    public static final String SEQUENCE_PREFIX = "openai:";

    private final Vertx vertx;
    private final ModelBackend backend;
    private final ChatCompletionsOptions options;
    private final ChatRequestParser parser;

    public ChatCompletionsApi(Vertx vertx, ModelBackend backend, ChatCompletionsOptions options) {
        this.vertx = vertx;
        this.backend = backend;
        this.options = options;
        this.parser = new ChatRequestParser(options);
    }

    public void mount(Router router) {
        BodyHandler body = BodyHandler.create(false).setBodyLimit(options.maxBodyBytes());
        router.post(PATH).handler(body).handler(this::post).failureHandler(this::failure);
        router.get("/v1/models").handler(this::models);
    }

    private void models(RoutingContext ctx) {
        ObjectNode list = RequestJson.JSON.createObjectNode().put("object", "list");
        list.putArray("data").addObject().put("id", backend.info().name()).put("object", "model")
                .put("created", 0).put("owned_by", "liveharness");
        json(ctx.response(), 200, list);
    }

    private void failure(RoutingContext ctx) {
        if (ctx.failure() instanceof OpenAiError e) error(ctx.response(), e);
        else if (ctx.statusCode() == 413) {
            error(ctx.response(), new OpenAiError(413, "invalid_request_error", null, "request_too_large",
                    "the request body is larger than " + options.maxBodyBytes() + " bytes"));
        } else {
            error(ctx.response(), new OpenAiError(ctx.statusCode() > 0 ? ctx.statusCode() : 500, "server_error", null, null,
                    "request failed: " + ctx.failure()));
        }
    }

    private void post(RoutingContext ctx) {
        ChatRequest request;
        try {
            Buffer b = ctx.body().buffer();
            request = parser.parse(b == null ? null : b.getBytes());
        } catch (OpenAiError e) {
            error(ctx.response(), e);
            return;
        }
        new Exchange(ctx.response(), request, vertx.getOrCreateContext()).start();
    }

    /** One request in flight. Every field is touched on {@link #context} only. */
    private final class Exchange {
        private final HttpServerResponse response;
        private final ChatRequest request;
        private final Context context;
        private final String id = ChatResponses.newId("chatcmpl-");
        private final long created = System.currentTimeMillis() / 1000;
        private final ReplyAssembler reply;
        private final StringBuilder content = new StringBuilder();
        private CompletableFuture<Completion> generation;
        private boolean done;

        Exchange(HttpServerResponse response, ChatRequest request, Context context) {
            this.response = response;
            this.request = request;
            this.context = context;
            this.reply = new ReplyAssembler(request.stop(), request.toolsActive());
        }

        void start() {
            SamplingParams sampling = new SamplingParams(request.temperature(), request.topP(), 0, 1f, request.seed());
            String key = SEQUENCE_PREFIX + (request.user() != null ? request.user() : id);
            CompletionRequest cr = CompletionRequest.chat(key, request.messages(), sampling, request.maxTokens(),
                    System.nanoTime() + options.timeoutMs() * 1_000_000L);
            if (request.stream()) {
                response.setStatusCode(200).setChunked(true)
                        .putHeader("content-type", "text/event-stream; charset=utf-8")
                        .putHeader("cache-control", "no-cache");
                send(ChatResponses.chunk(id, created, request.model(),
                        RequestJson.JSON.createObjectNode().put("role", "assistant").put("content", ""), null));
            }
            // a client that goes away cancels its generation, freeing its batcher sequence
            response.closeHandler(v -> { if (!done) { done = true; generation.cancel(true); } });
            generation = backend.complete(cr, piece -> context.runOnContext(v -> onPiece(piece)));
            generation.whenComplete((c, t) -> context.runOnContext(v -> onEnd(c, t)));
        }

        private void onPiece(String piece) {
            if (done) return;
            String visible = reply.push(piece);
            if (!visible.isEmpty()) {
                if (request.stream()) send(ChatResponses.chunk(id, created, request.model(),
                        RequestJson.JSON.createObjectNode().put("content", visible), null));
                else content.append(visible);
            }
            if (reply.stopped()) {
                generation.cancel(true);
                finish(null);
            }
        }

        private void onEnd(Completion c, Throwable t) {
            if (done) return;
            if (t == null) {
                if (reply.pieces() == 0 && !c.text().isEmpty()) onPiece(c.text()); // a backend that streams nothing
                if (!done) finish(c);
                return;
            }
            Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
            String message = cause instanceof CancellationException ? "the generation was cancelled"
                    : cause instanceof EngineException ? cause.getMessage() : "the model failed: " + cause;
            fail(new OpenAiError(500, "server_error", null, null, message));
        }

        /** {@code c} null: a stop string ended the reply and the generation was cancelled. */
        private void finish(Completion c) {
            done = true;
            ReplyAssembler.End end = reply.finish(c == null ? null : c.stopReason());
            int promptTokens = c == null ? 0 : c.promptTokens();
            int completionTokens = c == null ? reply.pieces() : c.completionTokens();
            if (!request.stream()) {
                json(response, 200, ChatResponses.completion(id, created, request.model(), content + end.content(), end,
                        promptTokens, completionTokens));
                return;
            }
            if (!end.content().isEmpty()) {
                send(ChatResponses.chunk(id, created, request.model(), RequestJson.JSON.createObjectNode().put("content", end.content()), null));
            }
            if (!end.toolCalls().isEmpty()) {
                ObjectNode delta = RequestJson.JSON.createObjectNode();
                delta.set("tool_calls", ChatResponses.toolCalls(end.toolCalls(), true));
                send(ChatResponses.chunk(id, created, request.model(), delta, null));
            }
            send(ChatResponses.chunk(id, created, request.model(), RequestJson.JSON.createObjectNode(), end.finishReason()));
            if (request.includeUsage()) send(ChatResponses.usageChunk(id, created, request.model(), promptTokens, completionTokens));
            response.end("data: [DONE]\n\n");
        }

        private void fail(OpenAiError e) {
            done = true;
            if (response.ended() || response.closed()) return;
            if (!request.stream()) {
                error(response, e);
            } else {
                // headers are out: the error goes as an event, as OpenAI's servers do, and the stream ends
                send(e.body());
                response.end();
            }
        }

        private void send(JsonNode event) {
            if (response.ended() || response.closed()) return;
            response.write("data: " + event + "\n\n");
        }
    }

    private static void json(HttpServerResponse response, int status, JsonNode body) {
        if (response.ended() || response.closed()) return;
        response.setStatusCode(status).putHeader("content-type", "application/json; charset=utf-8").end(body.toString());
    }

    private static void error(HttpServerResponse response, OpenAiError e) {
        json(response, e.status(), e.body());
    }
}
