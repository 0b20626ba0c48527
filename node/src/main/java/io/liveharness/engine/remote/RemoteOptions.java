package io.liveharness.engine.remote;

import java.net.URI;

/**
 * Where a {@link RemoteBackend} finds its OpenAI-compatible server.
 *
 * @param baseUrl   the server, {@code http(s)://host:port} or that with a path ending in {@code /v1}
 *                  (as OpenAI clients take it); requests go to {@code <server>/v1/chat/completions}
 * @param apiKey    sent as {@code Authorization: Bearer <key>}; null or blank for none
 * @param model     the {@code model} every request names
 * @param timeoutMs the longest one request may take in all (connecting, the answer's headers and
 *                  the whole stream); a request's own earlier deadline stops it sooner
 * @param testModel whether the model's text carries no meaning (as {@code ModelInfo.testModel})
 */
public record RemoteOptions(String baseUrl, String apiKey, String model, long timeoutMs, boolean testModel) {
    public static final long DEFAULT_TIMEOUT_MS = 60_000;

    public RemoteOptions {
        if (baseUrl == null || baseUrl.isBlank()) throw new IllegalArgumentException("baseUrl is required (e.g. http://127.0.0.1:8000/v1)");
        URI uri;
        try {
            uri = URI.create(baseUrl.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' is not a URL: " + e.getMessage());
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' must be an http:// or https:// URL with a host");
        }
        if (uri.getQuery() != null || uri.getFragment() != null) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' must not have a query or fragment");
        }
        baseUrl = baseUrl.strip().replaceAll("/+$", "");
        if (model == null || model.isBlank()) throw new IllegalArgumentException("model is required: the name the server serves");
        if (apiKey != null && apiKey.isBlank()) apiKey = null;
        if (timeoutMs < 1) throw new IllegalArgumentException("timeoutMs must be positive, was " + timeoutMs);
    }

    public static RemoteOptions of(String baseUrl, String model) {
        return new RemoteOptions(baseUrl, null, model, DEFAULT_TIMEOUT_MS, false);
    }

    public RemoteOptions withApiKey(String key) { return new RemoteOptions(baseUrl, key, model, timeoutMs, testModel); }

    public RemoteOptions withTimeoutMs(long ms) { return new RemoteOptions(baseUrl, apiKey, model, ms, testModel); }

    public RemoteOptions withTestModel(boolean t) { return new RemoteOptions(baseUrl, apiKey, model, timeoutMs, t); }

    /** The chat-completions URL: {@code baseUrl} + {@code /chat/completions} when it ends in /v1, else + {@code /v1/chat/completions}. */
    public URI chatCompletionsUri() {
        return URI.create(baseUrl + (baseUrl.endsWith("/v1") ? "" : "/v1") + "/chat/completions");
    }

    @Override
    public String toString() {
        // never the key
        return "RemoteOptions[baseUrl=" + baseUrl + ", apiKey=" + (apiKey == null ? "none" : "set") + ", model=" + model
                + ", timeoutMs=" + timeoutMs + ", testModel=" + testModel + "]";
    }
}
