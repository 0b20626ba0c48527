package io.liveharness.ops;

import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;

import java.util.Map;

/**
 * Which node hosts each room, for {@code GET /v1/rooms}, and the way a room's operator command
 * reaches that node. A single node hosts every room itself; a node of a Kafka cluster only those
 * of its partitions (io.liveharness.kafka).
 */
public interface RoomPlacement {
    /** The name of this node, as {@link #owners} gives it. */
    String self();

    /** The node hosting each room that some node hosts now. */
    Future<Map<String, String>> owners();

    /**
     * Runs a room's operator request where the room lives: sends it to the owning node and answers
     * with that node's answer, or, when this node owns the room (or nobody does), {@code ctx.next()}.
     */
    void relay(RoutingContext ctx);

    /** Every room here. */
    static RoomPlacement local() {
        return new RoomPlacement() {
            @Override
            public String self() { return "local"; }

            @Override
            public Future<Map<String, String>> owners() { return Future.succeededFuture(null); }

            @Override
            public void relay(RoutingContext ctx) { ctx.next(); }
        };
    }
}
