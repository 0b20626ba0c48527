package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.engine.Completion;
import io.liveharness.config.NodeConfig.OpenAiConfig;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineBusyException;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.PromptTooLongException;
import io.liveharness.engine.SamplingParams;
import io.liveharness.harness.ToolSpec;
import io.liveharness.pipeline.ToolCallGrammars;
import io.liveharness.ingress.RequestJson;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The node's OpenAI-compatible {@code POST /v1/chat/completions} (streaming and not, with tools)
 * and {@code GET /v1/models}, over the node's {@link ModelBackend}, so that other clients share the
 * model with the rooms. Handlers run on the HTTP server's context; the backend's pieces and its
 * result hop back onto that context before anything is written, and nothing here blocks.
 *
 * <p>Every request needs an API client's key ({@link ApiClients}; 401 without), within that
 * client's rate and concurrent requests (429 with Retry-After past them). Its completion is a
 * guest of the batcher ({@link CompletionRequest#guest()}): the API's requests together hold a
 * capped share of the sequences and of each step, after the rooms, and never evict a room's
 * prefix; one that gets no sequence within {@code queueTimeoutMs} is a 503 with Retry-After.
 */
public final class ChatCompletionsApi {
    public static final String PATH = "/v1/chat/completions";
    /**
     * The sequence key prefix: {@code openai:<client>:<user>} keeps that user's KV prefix in the
     * batcher (among the API's own sequences), {@code openai:<client>:<request id>} without a user.
     */
    public static final String SEQUENCE_PREFIX = "openai:";
    private static final String CLIENT = "openai.client";

    private final Vertx vertx;
    private final ModelBackend backend;
    private final ChatCompletionsOptions options;
    private final ChatRequestParser parser;
    private final ApiClients clients;

    public ChatCompletionsApi(Vertx vertx, ModelBackend backend, ChatCompletionsOptions options, ApiClients clients) {
        this.vertx = vertx;
        this.backend = backend;
        this.options = options;
        this.parser = new ChatRequestParser(options);
        this.clients = clients;
    }

    /** The API as conf's {@code openai} section describes it; a client whose key cannot be read is an error naming it. */
    public static ChatCompletionsApi fromConfig(Vertx vertx, ModelBackend backend, OpenAiConfig conf) {
        return new ChatCompletionsApi(vertx, backend, ChatCompletionsOptions.of(conf), ApiClients.from(conf.clients()));
    }

    public void mount(Router router) {
        BodyHandler body = BodyHandler.create(false).setBodyLimit(options.maxBodyBytes());
        // the key and the client's limits are checked before the body is read
        // (a route of its own: Vert.x takes a route's body handler first)
        router.post(PATH).handler(ctx -> admit(ctx, true));
        router.post(PATH).handler(body).handler(this::post).failureHandler(this::failure);
        router.get("/v1/models").handler(ctx -> admit(ctx, false)).handler(this::models);
    }

    /** The caller's client, within its rate and concurrent requests (a completion), or an error answer. */
    private void admit(RoutingContext ctx, boolean completion) {
        ApiClients.Client client = clients.authenticate(ctx.request().getHeader("authorization"));
        if (client == null) {
            error(ctx.response(), new OpenAiError(401, "invalid_request_error", null, "invalid_api_key", clients.isEmpty()
                    ? "this node's API has no clients: an operator declares them and their API keys in conf (openai.clients)"
                    : "missing or incorrect API key: send an API key that conf declares (openai.clients) as Authorization: Bearer <key>"));
            return;
        }
        if (completion) {
            long wait = client.tryRequest();
            if (wait > 0) {
                ctx.response().putHeader("retry-after", Long.toString(wait));
                error(ctx.response(), new OpenAiError(429, "requests", null, "rate_limit_exceeded", "API client '" + client.name()
                        + "' is over its rate (openai.clients." + client.name() + ".requestsPerMinute); retry after " + wait + " s"));
                return;
            }
            if (!client.tryStart()) {
                ctx.response().putHeader("retry-after", "1");
                error(ctx.response(), new OpenAiError(429, "requests", null, "rate_limit_exceeded", "API client '" + client.name()
                        + "' already has " + client.maxConcurrent() + " requests in flight (openai.clients." + client.name()
                        + ".maxConcurrent)"));
                return;
            }
            ctx.addEndHandler(v -> client.release());
        }
        ctx.put(CLIENT, client);
        ctx.next();
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
            error(ctx.response(), OpenAiError.internal(ctx.statusCode() > 0 ? ctx.statusCode() : 500, "the request failed", ctx.failure()));
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
        new Exchange(ctx.response(), request, ctx.get(CLIENT), vertx.getOrCreateContext()).start();
    }

    /** One request in flight. Every field is touched on {@link #context} only. */
    private final class Exchange {
        private final HttpServerResponse response;
        private final ChatRequest request;
        private final ApiClients.Client client;
        private final Context context;
        private final String id = ChatResponses.newId("chatcmpl-");
        private final long created = System.currentTimeMillis() / 1000;
        private final ReplyAssembler reply;
        private final StringBuilder content = new StringBuilder();
        private CompletableFuture<Completion> generation;
        private boolean done;
        private boolean headersSent;

        Exchange(HttpServerResponse response, ChatRequest request, ApiClients.Client client, Context context) {
            this.response = response;
            this.request = request;
            this.client = client;
            this.context = context;
            this.reply = new ReplyAssembler(request.stop(), request.toolsActive());
        }

        void start() {
            SamplingParams sampling = new SamplingParams(request.temperature(), request.topP(), 0, 1f, request.seed())
                    .withRepetition(request.repetition());
            // a call the model opens names one of the request's functions with its arguments, as in the rooms
            if (request.toolsActive()) sampling = sampling.withToolCalls(ToolCallGrammars.of(functions(request), List.of(), List.of()));
            // per client, so one client's users never share (or evict) another's prefix
            String key = SEQUENCE_PREFIX + client.name() + ":" + (request.user() != null ? request.user() : id);
            long now = System.nanoTime();
            CompletionRequest cr = CompletionRequest.chat(key, request.messages(), sampling, request.maxTokens(),
                    now + options.timeoutMs() * 1_000_000L).asGuest(now + options.queueTimeoutMs() * 1_000_000L);
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
            if (cause instanceof PromptTooLongException p) {
                fail(new OpenAiError(400, "invalid_request_error", "messages", "context_length_exceeded", "the messages are "
                        + p.tokens() + " tokens; this model's context holds " + p.limit() + " tokens, prompt and reply together"));
                return;
            }
            if (cause instanceof EngineBusyException) {
                if (!headersSent) response.putHeader("retry-after", "1");
                fail(new OpenAiError(503, "server_error", null, "overloaded", cause.getMessage()));
                return;
            }
            fail(cause instanceof CancellationException ? new OpenAiError(500, "server_error", null, null, "the generation was cancelled")
                    : OpenAiError.internal(500, "the model failed", cause));
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
            if (!headersSent) { // nothing streamed yet: a proper status
                error(response, e);
            } else {
                // headers are out: the error goes as an event, as OpenAI's servers do, and the stream ends
                send(e.body());
                response.end();
            }
        }

        private void send(JsonNode event) {
            if (response.ended() || response.closed()) return;
            if (!headersSent) {
                // The event stream starts with the first thing to send, so that a request refused
                // before it got a sequence (too long, no capacity) still gets its own status.
                headersSent = true;
                response.setStatusCode(200).setChunked(true)
                        .putHeader("content-type", "text/event-stream; charset=utf-8")
                        .putHeader("cache-control", "no-cache");
                response.write("data: " + ChatResponses.chunk(id, created, request.model(),
                        RequestJson.JSON.createObjectNode().put("role", "assistant").put("content", ""), null) + "\n\n");
            }
            response.write("data: " + event + "\n\n");
            if (!done && response.writeQueueFull()) {
                // A client that stopped reading: its events would pile up on the heap while it holds one of
                // the API's sequences. The stream ends here and the generation is cancelled, freeing both.
                done = true;
                generation.cancel(true);
                response.reset(); // HTTP/1.1: closes the connection, dropping what is queued for it
            }
        }
    }

    private static void json(HttpServerResponse response, int status, JsonNode body) {
        if (response.ended() || response.closed()) return;
        response.setStatusCode(status).putHeader("content-type", "application/json; charset=utf-8").end(body.toString());
    }

    private static void error(HttpServerResponse response, OpenAiError e) {
        json(response, e.status(), e.body());
    }

    /** The request's functions as the tool-call grammar reads them: name, description and JSON Schema. */
    static List<ToolSpec> functions(ChatRequest request) {
        return request.tools().stream().map(t -> t.path("function"))
                .map(f -> new ToolSpec(f.path("name").asText(), f.path("description").asText(""),
                        f.path("parameters").isObject() ? f.path("parameters").toString() : "{}", API_FUNCTION))
                .toList();
    }

    /** What a request's function is handled by: the client, not a tool of this node. */
    static final String API_FUNCTION = "api";
}
