package io.liveharness.cli;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/** {@code serve [--conf FILE] [--port N]}: runs one node until it is stopped. */
public final class ServeCommand implements Main.Command {

    public String summary() { return "run a node: serve [--conf conf/liveharness.yaml] [--port 8080]"; }

    public int run(String[] argv) throws Exception {
        Options args = Options.parse(argv, 0, Set.of("conf", "port"), Set.of());
        NodeConfig config = ConfigLoader.load(Path.of(args.get("conf", ConfigLoader.DEFAULT_FILE.toString())));
        if (args.has("port")) config = config.withPort((int) args.number("port", 0));
        Node node = Node.boot(config);
        System.out.println(Banner.of(node));
        System.out.println("listening on http://" + config.http().host() + ":" + node.port() + "  (Ctrl-C to stop)");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            node.close();
            stopped.countDown();
        }));
        stopped.await();
        return 0;
    }
}
