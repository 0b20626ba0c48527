package io.liveharness.node;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig.HttpConfig;
import io.liveharness.ingress.ApiError;
import io.liveharness.ingress.Responses;
import io.liveharness.ingress.ViewerApi;
import io.liveharness.ingress.openai.ChatCompletionsApi;
import io.liveharness.ops.OperatorApi;
import io.liveharness.ops.Readiness;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The node's one HTTP server: the viewer API, the operator API, the OpenAI-compatible API, health
 * and the API's description ({@code GET /openapi.yaml}) on one port.
 */
final class HttpServerVerticle extends VerticleBase {
    private static final Buffer DESCRIPTION = description();
    private final HttpConfig config;
    private final ViewerApi viewers;
    private final OperatorApi operators;
    private final ChatCompletionsApi openai;
    private final Supplier<ObjectNode> health;
    private final Readiness.Condition live;
    private final Readiness readiness;
    private HttpServer server;
    private List<Route> routes = List.of();

    HttpServerVerticle(HttpConfig config, ViewerApi viewers, OperatorApi operators, ChatCompletionsApi openai,
                       Supplier<ObjectNode> health, Readiness.Condition live, Readiness readiness) {
        this.live = live;
        this.readiness = readiness;
        this.config = config;
        this.viewers = viewers;
        this.operators = operators;
        this.openai = openai;
        this.health = health;
    }

    int actualPort() { return server.actualPort(); }

    @Override
    public Future<?> start() {
        Router router = Router.router(vertx);
        operators.mount(router); // first: its guard runs before the viewer endpoints
        viewers.mount(router);
        viewers.mountOperatorView(router, operators.authenticator());
        openai.mount(router);
        router.get("/health").handler(ctx -> {
            ObjectNode h = health.get();
            Responses.json(ctx, "up".equals(h.path("status").asText()) ? 200 : 503, h);
        });
        // Kubernetes' probes: live restarts a process that cannot work any more, ready sends it viewers.
        router.get("/health/live").handler(ctx -> {
            var down = live.unmet();
            ObjectNode n = io.liveharness.ingress.RequestJson.JSON.createObjectNode().put("status", down.isEmpty() ? "live" : "down");
            down.ifPresent(reason -> n.put("reason", reason));
            Responses.json(ctx, down.isEmpty() ? 200 : 503, n);
        });
        router.get("/health/ready").handler(ctx -> {
            Readiness.Report r = readiness.report();
            Responses.json(ctx, r.ready() ? 200 : 503, r.json());
        });
        router.get("/openapi.yaml").handler(ctx -> ctx.response().putHeader("content-type", "application/yaml; charset=utf-8").end(DESCRIPTION));
        router.route().last().handler(ctx -> Responses.error(ctx,
                new ApiError(404, null, "no such endpoint: " + ctx.request().method() + " " + ctx.request().path())));
        router.route().failureHandler(Responses::failure);
        ConnectionLimits limits = new ConnectionLimits(vertx, config);
        return vertx.createHttpServer(new HttpServerOptions().setHost(config.host()).setPort(config.port())
                        // a connection that went quiet (a stalled client, a forgotten socket) stops holding memory
                        .setIdleTimeout((int) Math.min(Integer.MAX_VALUE, config.idleTimeoutMs()))
                        .setIdleTimeoutUnit(java.util.concurrent.TimeUnit.MILLISECONDS)
                        // HTTP/1.1 only: a client's h2c upgrade (the JDK client tries one by default) could
                        // stall a response larger than HTTP/2's first flow-control window (/metrics)
                        .setHttp2ClearTextEnabled(false))
                .connectionHandler(limits::opened)
                .requestHandler(request -> {
                    limits.requested(request.connection());
                    router.handle(request);
                })
                .listen()
                .onSuccess(s -> {
                    server = s;
                    routes = router.getRoutes();
                });
    }

    /** Each route that answers a request, as {@code METHOD /path/{param}}; the guards and body readers in front of them left out. */
    List<String> routes() {
        List<String> out = new ArrayList<>();
        for (Route r : routes) {
            if (r.getPath() == null || r.methods() == null) continue;
            String path = r.getPath().replaceAll(":(\\w+)", "{$1}") + (r.isExactPath() ? "" : "{file}"); // "/console/*" is "/console/"
            for (HttpMethod m : r.methods()) if (!out.contains(m.name() + " " + path)) out.add(m.name() + " " + path);
        }
        return out;
    }

    /** This API's OpenAPI description, served as written: the contract test holds the routes to it. */
    private static Buffer description() {
        try (InputStream in = HttpServerVerticle.class.getResourceAsStream("/openapi.yaml")) {
            if (in == null) throw new IllegalStateException("openapi.yaml is missing from the node's jar");
            return Buffer.buffer(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
