package io.liveharness.loadtest;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The generator's own ceiling: a Vert.x HTTP server in this JVM that only acknowledges (202 to
 * every POST), the generator pushing a schedule far faster than it can send for {@code seconds},
 * and as a baseline a plain loop of the same HTTP client's sends with the same in-flight bound and
 * no schedule, texts or bookkeeping.
 */
public final class LoadgenBench {

    public record Result(double generatorPerS, double baselinePerS, long generatorSent, long baselineSent) { }

    public static Result run(int seconds, int maxInFlight, PrintStream out) throws Exception {
        Vertx server = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
        try {
            HttpServer http = server.createHttpServer().requestHandler(req -> req.body().onComplete(b -> req.response().setStatusCode(
                    req.method() == HttpMethod.POST ? 202 : 404).putHeader("content-type", "application/json").end("{\"accepted\":true}")));
            int port = http.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get().actualPort();
            List<String> rooms = new ArrayList<>();
            for (int i = 0; i < 1000; i++) rooms.add(String.format("room-%05d", i));
            // 1,000 rooms at 1,000 msg/s each: a million a second scheduled, far past what one sender can do.
            Scenario s = new Scenario("loadgen", "generator ceiling", 1000, 1000, 0, seconds, 1, Scenario.Burst.NONE,
                    Scenario.DEFAULT_MIX, maxInFlight, new Scenario.Outcomes(0, 1000, 1, 0), null);
            MessageTexts texts = new MessageTexts(s.texts(), s.intentMix());
            out.printf("loadgen: ack-only server on 127.0.0.1:%d; generator for %d s (max in flight %d) ...%n", port, seconds, maxInFlight);
            warm(port, maxInFlight);
            var r = new LoadGenerator(s, rooms, URI.create("http://127.0.0.1:" + port), texts, out).benchMode().run(null);
            long genSent = r.recorder().accepted;
            double gen = genSent / r.sendSeconds();
            out.printf("loadgen: baseline plain client loop for %d s ...%n", seconds);
            long baseSent = plainLoop(port, maxInFlight, seconds);
            double base = baseSent / (double) seconds;
            return new Result(gen, base, genSent, baseSent);
        } finally {
            server.close().toCompletionStage().toCompletableFuture().join();
        }
    }

    private static void warm(int port, int maxInFlight) throws Exception {
        plainLoop(port, maxInFlight, 2);
    }

    /** The same Vert.x client and in-flight bound: a fixed body, sent as fast as slots free up. */
    static long plainLoop(int port, int maxInFlight, int seconds) throws Exception {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(2));
        try {
            HttpClient client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setTcpNoDelay(true),
                    new PoolOptions().setHttp1MaxSize(Math.min(64, maxInFlight)).setMaxWaitQueueSize(-1));
            Semaphore permits = new Semaphore(maxInFlight);
            AtomicLong acked = new AtomicLong();
            Buffer body = Buffer.buffer("{\"messageId\":\"m\",\"userId\":\"u\",\"text\":\"有M码吗\"}");
            RequestOptions o = new RequestOptions().setMethod(HttpMethod.POST).setHost("127.0.0.1").setPort(port)
                    .setURI("/v1/rooms/room-00000/messages").putHeader("content-type", "application/json");
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            while (System.nanoTime() < end) {
                permits.acquireUninterruptibly();
                client.request(o).compose(req -> req.send(body)).compose(resp -> resp.body().map(b -> resp.statusCode()))
                        .onComplete(ar -> {
                            permits.release();
                            if (ar.succeeded() && ar.result() == 202) acked.incrementAndGet();
                        });
            }
            permits.tryAcquire(maxInFlight, 10, TimeUnit.SECONDS);
            return acked.get();
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().join();
        }
    }

    private LoadgenBench() { }
}
