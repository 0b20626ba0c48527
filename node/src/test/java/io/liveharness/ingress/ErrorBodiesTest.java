package io.liveharness.ingress;

import io.liveharness.support.Http;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The node's failure handler ({@link Responses#failure}, the last handler of every route of its
 * HTTP server): a failure no handler foresaw answers with a generic message and an id to quote; the
 * exception's text, which may quote anything, goes to the log under that id and not to the client.
 */
class ErrorBodiesTest {

    @Test
    void anUnforeseenFailureAnswersWithAnIdNotTheExceptionText() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            Router router = Router.router(vertx);
            router.get("/boom").handler(ctx -> { throw new IllegalStateException("jdbc://shop:hunter2@db/orders unreachable"); });
            router.get("/refused").handler(ctx -> ctx.fail(new ApiError(409, "roomId", "room 'r' is busy")));
            router.route().failureHandler(Responses::failure);
            HttpServer server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
                    .toCompletionStage().toCompletableFuture().get();
            Http http = new Http(server.actualPort());

            Http.Reply boom = http.get("/boom");
            assertEquals(500, boom.status(), boom.body());
            assertFalse(boom.body().contains("hunter2") || boom.body().contains("IllegalState"),
                    "the error body carries exception text: " + boom.body());
            assertTrue(boom.json().path("errorId").asText().startsWith("err-"), boom.body());

            Http.Reply refused = http.get("/refused"); // a foreseen error keeps its own words
            assertEquals(409, refused.status());
            assertEquals("room 'r' is busy", refused.json().path("detail").asText());
            assertEquals("roomId", refused.json().path("field").asText());
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
        }
    }

    @Test
    void everyErrorIsAProblemDetailsObject() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            Router router = Router.router(vertx);
            router.get("/refused").handler(ctx -> ctx.fail(new ApiError(409, "roomId", "room 'r' is busy")));
            router.route().failureHandler(Responses::failure);
            HttpServer server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
                    .toCompletionStage().toCompletableFuture().get();
            java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                    .newBuilder(java.net.URI.create("http://127.0.0.1:" + server.actualPort() + "/refused?access_token=secret")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals("application/problem+json", r.headers().firstValue("content-type").orElse(""));
            var body = Http.JSON.readTree(r.body());
            assertEquals("about:blank", body.path("type").asText(), r.body());
            assertEquals("Conflict", body.path("title").asText(), r.body());
            assertEquals(409, body.path("status").asInt(), r.body());
            assertEquals("/refused", body.path("instance").asText(), "the instance is the path, never the query: " + r.body());
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
        }
    }
}
