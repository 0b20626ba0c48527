package io.liveharness.node;

import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code /health} reads the message ledger's counts without its lock (and without a scan of its
 * entries): a ledger busy with a burst, here held outright, never makes a load balancer's probe wait.
 */
class HealthWithoutLedgerLockTest {

    @Test
    void healthAnswersWhileTheLedgerIsLocked() throws Exception {
        try (Node node = TestNodes.start()) {
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread holder = new Thread(() -> {
                synchronized (node.ledger()) {
                    held.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            holder.start();
            held.await();
            try {
                HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + node.port() + "/health")).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), r.body());
            } catch (HttpTimeoutException e) {
                fail("/health waited on the ledger's lock");
            } finally {
                release.countDown();
                holder.join();
            }
        }
    }
}
