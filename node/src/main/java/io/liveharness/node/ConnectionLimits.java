package io.liveharness.node;

import io.liveharness.config.NodeConfig.HttpConfig;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What a connection may hold before it is any use: one that has not finished its first request's
 * headers within {@code http.headerTimeoutMs} is closed (the idle timeout alone lets a client that
 * sends a byte now and then hold it for ever), and one address holds at most
 * {@code http.perAddress.connections} at once (past it a connection is closed as it opens). Runs on
 * the HTTP server's context only.
 */
final class ConnectionLimits {
    private final Vertx vertx;
    private final HttpConfig config;
    private final Map<String, Integer> open = new HashMap<>();
    private final Map<HttpConnection, Boolean> waitingForARequest = new IdentityHashMap<>();

    ConnectionLimits(Vertx vertx, HttpConfig config) {
        this.vertx = vertx;
        this.config = config;
    }

    void opened(HttpConnection connection) {
        String address = connection.remoteAddress() == null ? "unknown" : connection.remoteAddress().hostAddress();
        int count = open.merge(address, 1, Integer::sum);
        connection.closeHandler(v -> {
            waitingForARequest.remove(connection);
            open.computeIfPresent(address, (a, n) -> n > 1 ? n - 1 : null);
        });
        if (count > config.perAddress().connections()) {
            connection.close();
            return;
        }
        waitingForARequest.put(connection, Boolean.TRUE);
        vertx.setTimer(config.headerTimeoutMs(), id -> {
            if (waitingForARequest.remove(connection) != null) connection.close();
        });
    }

    /** Its first request's headers arrived: from now on the idle timeout watches it. */
    void requested(HttpConnection connection) {
        waitingForARequest.remove(connection);
    }
}
