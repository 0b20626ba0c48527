package io.liveharness.support;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.config.NodeConfig.RoomsConfig;
import io.liveharness.node.Node;
import io.liveharness.room.RoomManifest;

import java.util.List;

/** Starts real nodes for tests: the committed conf, model and router, on a free port. */
public final class TestNodes {

    public static NodeConfig config() {
        return ConfigLoader.load(ConfigLoader.DEFAULT_FILE).withPort(0);
    }

    public static NodeConfig withRooms(NodeConfig c, RoomsConfig rooms) {
        return new NodeConfig(c.http(), rooms, c.engine(), c.router(), c.harness(), c.catalog());
    }

    public static Node start() { return Node.boot(config()); }

    public static Node start(NodeConfig config) { return Node.boot(config); }

    public static Node start(NodeConfig config, List<RoomManifest> extraRooms) { return Node.boot(config, extraRooms); }

    private TestNodes() { }
}
