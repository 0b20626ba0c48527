package io.liveharness.engine.remote;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.ModelBackend;
import io.liveharness.engine.ModelInfo;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;
import io.liveharness.engine.ToolCallParser;
import io.liveharness.engine.ToolCallParser.ParsedToolCall;

import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ModelBackend} on an existing OpenAI-compatible server: each completion is one streamed
 * {@code POST /v1/chat/completions} ({@code java.net.http}, asynchronous, so {@link #complete}
 * never blocks). Content deltas are the {@link TokenSink}'s pieces; OpenAI {@code tool_calls}
 * deltas come back as {@code <tool_call>{"name":..,"arguments":..}</tool_call>} text at the end of
 * {@link Completion#text()}, so the agent loop reads them with {@link ToolCallParser} as it reads a
 * local model's. Going out, an assistant turn's {@code <tool_call>} markup becomes OpenAI
 * {@code tool_calls} and the tool turns after it name their ids, which strict servers require.
 */
public final class RemoteBackend implements ModelBackend {
    private static final ObjectMapper JSON = Json.MAPPER;

    private final RemoteOptions options;
    private final HttpClient http;
    private final ScheduledExecutorService timers;
    private final ModelInfo info;
    private volatile boolean closed;

    private RemoteBackend(RemoteOptions options) {
        this.options = options;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(options.timeoutMs())).build();
        this.timers = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().name("remote-backend-deadlines").daemon(true).unstarted(r));
        this.info = new ModelInfo(options.model(), "remote", 0, 0, options.baseUrl(), options.testModel());
    }

    /** A backend for {@code options}; nothing is sent until the first completion. */
    public static RemoteBackend open(RemoteOptions options) { return new RemoteBackend(options); }

    public RemoteOptions options() { return options; }

    @Override
    public ModelInfo info() { return info; }

    @Override
    public CompletableFuture<Completion> complete(CompletionRequest request, TokenSink sink) {
        CompletableFuture<Completion> result = new CompletableFuture<>();
        if (closed) {
            result.completeExceptionally(new EngineException("the remote backend for " + options.baseUrl() + " is closed"));
            return result;
        }
        if (request.rawPrompt() != null) {
            result.completeExceptionally(new EngineException("the remote backend sends chats only (/v1/chat/completions); this request has a raw prompt"));
            return result;
        }
        long start = System.nanoTime();
        long deadline = Math.min(request.deadlineNanos(), saturatedAdd(start, TimeUnit.MILLISECONDS.toNanos(options.timeoutMs())));
        if (deadline - start <= 0) {
            result.complete(new Completion("", 0, 0, StopReason.DEADLINE, 0, 0));
            return result;
        }
        HttpRequest.Builder http = HttpRequest.newBuilder(options.chatCompletionsUri())
                .timeout(Duration.ofNanos(deadline - start))
                .header("content-type", "application/json")
                .header("accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body(request).toString(), StandardCharsets.UTF_8));
        if (options.apiKey() != null) http.header("authorization", "Bearer " + options.apiKey());
        new Exchange(result, sink == null ? TokenSink.NONE : sink, start).send(http.build(), deadline);
        return result;
    }

    @Override
    public void close() {
        closed = true;
        timers.shutdownNow();
        http.shutdownNow();
    }

    /** The streamed request body for {@code request}. */
    ObjectNode body(CompletionRequest request) {
        ObjectNode body = JSON.createObjectNode().put("model", options.model());
        body.set("messages", messages(request.messages()));
        body.put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        body.put("max_tokens", request.maxTokens());
        body.put("temperature", Math.max(0f, request.sampling().temperature()));
        if (!request.sampling().greedy()) {
            if (request.sampling().topP() > 0f && request.sampling().topP() < 1f) body.put("top_p", request.sampling().topP());
            body.put("seed", request.sampling().seed());
        }
        return body;
    }

    /** The chat in OpenAI's shape: assistant {@code <tool_call>} markup as {@code tool_calls}, tool turns with their ids. */
    static ArrayNode messages(List<ChatMessage> chat) {
        ArrayNode out = JSON.createArrayNode();
        ArrayDeque<String> openCalls = new ArrayDeque<>();
        int callNo = 0;
        for (ChatMessage m : chat) {
            ObjectNode msg = out.addObject();
            switch (m.role()) {
                case "assistant" -> {
                    openCalls.clear();
                    msg.put("role", "assistant");
                    int at = m.content().indexOf(ToolCallParser.OPEN);
                    List<ParsedToolCall> calls = at < 0 ? List.of() : ToolCallParser.parse(m.content());
                    if (calls.isEmpty() || calls.stream().anyMatch(c -> c.error() != null)) {
                        msg.put("content", m.content());
                        break;
                    }
                    String text = m.content().substring(0, at).strip();
                    if (text.isEmpty()) msg.putNull("content"); else msg.put("content", text);
                    ArrayNode tc = msg.putArray("tool_calls");
                    for (ParsedToolCall c : calls) {
                        String id = "call_" + (callNo++);
                        openCalls.add(id);
                        tc.addObject().put("id", id).put("type", "function")
                                .putObject("function").put("name", c.name()).put("arguments", c.argumentsJson());
                    }
                }
                case "tool" -> {
                    if (openCalls.isEmpty()) {
                        // no call of ours to answer: a strict server would refuse a bare tool turn
                        msg.put("role", "user").put("content", "<tool_response>\n" + m.content() + "\n</tool_response>");
                    } else {
                        msg.put("role", "tool").put("tool_call_id", openCalls.poll()).put("content", m.content());
                    }
                }
                default -> msg.put("role", m.role()).put("content", m.content());
            }
        }
        return out;
    }

    /** The model's own tool-call markup for one call that arrived as an OpenAI {@code tool_calls} delta. */
    static String markup(String name, String arguments) {
        ObjectNode call = JSON.createObjectNode().put("name", name);
        JsonNode args = null;
        try {
            args = arguments == null || arguments.isBlank() ? JSON.createObjectNode() : JSON.readTree(arguments);
        } catch (Exception notJson) {
            // kept as text: ToolCallParser reports it to the agent loop
        }
        if (args != null && args.isObject()) call.set("arguments", args); else call.put("arguments", arguments);
        return ToolCallParser.OPEN + "\n" + call + "\n" + ToolCallParser.CLOSE;
    }

    static StopReason stopReason(String finishReason) {
        if (finishReason == null) return StopReason.END_OF_TEXT;
        return switch (finishReason) {
            case "length" -> StopReason.MAX_TOKENS;
            default -> StopReason.END_OF_TEXT; // stop, tool_calls, function_call, content_filter
        };
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    /** One streamed request: its SSE lines, its deadline and its cancellation. State is guarded by {@code this}. */
    private final class Exchange implements Flow.Subscriber<String> {
        private final CompletableFuture<Completion> result;
        private final TokenSink sink;
        private final long start;
        private final StringBuilder text = new StringBuilder();
        private final Map<Integer, String[]> toolCalls = new TreeMap<>(); // index -> {name, arguments}
        private CompletableFuture<HttpResponse<String>> response;
        private Flow.Subscription subscription;
        private ScheduledFuture<?> timer;
        private String finishReason;
        private int pieces;
        private int promptTokens = -1;
        private int completionTokens = -1;
        private long firstTokenNanos;
        private boolean done;

        Exchange(CompletableFuture<Completion> result, TokenSink sink, long start) {
            this.result = result;
            this.sink = sink;
            this.start = start;
        }

        void send(HttpRequest request, long deadline) {
            synchronized (this) {
                try {
                    if (deadline != Long.MAX_VALUE) {
                        timer = timers.schedule(() -> end(StopReason.DEADLINE), deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                    }
                } catch (java.util.concurrent.RejectedExecutionException closedNow) {
                    result.completeExceptionally(new EngineException("the remote backend for " + options.baseUrl() + " is closed"));
                    return;
                }
                response = http.sendAsync(request, info -> info.statusCode() / 100 == 2
                        ? BodySubscribers.fromLineSubscriber(this, s -> "", StandardCharsets.UTF_8, null)
                        : BodySubscribers.ofString(StandardCharsets.UTF_8));
            }
            response.whenComplete(this::answered);
            // cancelling the caller's future aborts the HTTP exchange
            result.whenComplete((c, t) -> { if (result.isCancelled()) abort(); });
        }

        private void answered(HttpResponse<String> r, Throwable t) {
            if (t != null) {
                Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
                if (cause instanceof HttpTimeoutException) {
                    end(StopReason.DEADLINE);
                } else if (cause instanceof ConnectException) {
                    fail(new EngineException("cannot reach the remote model server at " + options.baseUrl() + ": connection refused", cause));
                } else {
                    fail(new EngineException("the request to the remote model server at " + options.baseUrl() + " failed: " + cause, cause));
                }
                return;
            }
            if (r.statusCode() / 100 != 2) {
                fail(new EngineException("the remote model server at " + options.chatCompletionsUri() + " answered HTTP "
                        + r.statusCode() + ": " + serverMessage(r.body())));
            }
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            boolean stop;
            synchronized (this) {
                subscription = s;
                stop = done;
            }
            if (stop) s.cancel(); else s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String line) {
            if (!line.startsWith("data:")) return; // blank separators, comments, event: and id: lines
            String data = line.substring(5).strip();
            if (data.equals("[DONE]")) {
                end(null);
                return;
            }
            JsonNode event;
            try {
                event = JSON.readTree(data);
            } catch (Exception e) {
                fail(new EngineException("the remote model server sent a stream event that is not JSON: " + abbreviate(data)));
                return;
            }
            if (event.has("error")) {
                JsonNode e = event.get("error");
                fail(new EngineException("the remote model server reported an error mid-stream: "
                        + (e.isObject() ? e.path("message").asText(e.toString()) : e.asText())));
                return;
            }
            synchronized (this) {
                if (done) return;
                JsonNode usage = event.get("usage");
                if (usage != null && usage.isObject()) {
                    promptTokens = usage.path("prompt_tokens").asInt(-1);
                    completionTokens = usage.path("completion_tokens").asInt(-1);
                }
                JsonNode choice = event.path("choices").path(0);
                if (choice.isMissingNode()) return;
                JsonNode delta = choice.path("delta");
                JsonNode content = delta.get("content");
                if (content != null && content.isTextual() && !content.asText().isEmpty()) piece(content.asText());
                JsonNode calls = delta.get("tool_calls");
                if (calls != null && calls.isArray()) {
                    for (JsonNode c : calls) {
                        String[] acc = toolCalls.computeIfAbsent(c.path("index").asInt(toolCalls.size()), i -> new String[]{null, ""});
                        JsonNode f = c.path("function");
                        if (f.path("name").isTextual() && acc[0] == null) acc[0] = f.get("name").asText();
                        if (f.path("arguments").isTextual()) acc[1] += f.get("arguments").asText();
                    }
                }
                JsonNode fr = choice.get("finish_reason");
                if (fr != null && fr.isTextual()) finishReason = fr.asText();
            }
        }

        @Override
        public void onError(Throwable t) {
            fail(new EngineException("the stream from the remote model server at " + options.baseUrl() + " broke: " + t, t));
        }

        @Override
        public void onComplete() { end(null); }

        private void piece(String p) {
            if (pieces++ == 0) firstTokenNanos = System.nanoTime() - start;
            text.append(p);
            sink.onPiece(p);
        }

        /** Completes with what arrived; {@code forced} is DEADLINE when the time ran out, null at the stream's end. */
        private void end(StopReason forced) {
            Completion c;
            synchronized (this) {
                if (done) return;
                done = true;
                List<ToolCallParser.ParsedToolCall> calls = new ArrayList<>();
                for (String[] call : toolCalls.values()) {
                    if (call[0] == null) continue;
                    calls.add(ToolCallParser.structured(call[0], call[1]));
                    // the markup too, only for the conversation's record of the turn (it goes back out as tool_calls)
                    piece((text.isEmpty() ? "" : "\n") + markup(call[0], call[1]));
                }
                StopReason reason = forced != null ? forced : stopReason(finishReason);
                c = new Completion(text.toString(), calls, Math.max(promptTokens, 0),
                        completionTokens >= 0 && forced == null ? completionTokens : pieces,
                        reason, firstTokenNanos, System.nanoTime() - start);
            }
            if (forced != null) abort();
            finishTimer();
            result.complete(c);
        }

        private void fail(EngineException e) {
            synchronized (this) {
                if (done) return;
                done = true;
            }
            abort();
            finishTimer();
            result.completeExceptionally(e);
        }

        private void abort() {
            Flow.Subscription s;
            CompletableFuture<HttpResponse<String>> r;
            synchronized (this) {
                done = true;
                s = subscription;
                r = response;
            }
            if (s != null) s.cancel();
            if (r != null) r.cancel(true);
            finishTimer();
        }

        private void finishTimer() {
            ScheduledFuture<?> t;
            synchronized (this) { t = timer; }
            if (t != null) t.cancel(false);
        }
    }

    private static String serverMessage(String body) {
        if (body == null || body.isBlank()) return "(empty body)";
        try {
            JsonNode n = JSON.readTree(body);
            JsonNode e = n.get("error");
            if (e != null && e.isObject() && e.path("message").isTextual()) return e.get("message").asText();
            if (e != null && e.isTextual()) return e.asText();
            if (n.path("message").isTextual()) return n.get("message").asText();
        } catch (Exception notJson) {
            // the body as text
        }
        return abbreviate(body.strip());
    }

    private static String abbreviate(String s) { return s.length() <= 300 ? s : s.substring(0, 300) + "…"; }
}
