package io.liveharness.cli;

import io.liveharness.config.NodeConfig;
import io.liveharness.node.Node;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code serve [--conf FILE] [--port N]}: runs one node until it is stopped. */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Run a node (the HTTP API of README.md) until it is stopped (Ctrl-C, SIGTERM).")
final class ServeCommand implements Callable<Integer> {
    @Mixin ConfOption conf;

    @Option(names = "--port", paramLabel = "N", description = "the HTTP port instead of conf's http.port (0: any free one)")
    Integer port;

    @Override
    public Integer call() throws Exception {
        NodeConfig config = conf.load();
        if (port != null) config = config.withPort(port);
        // a log line names its node: the cluster's id for it where conf gives one, else where it listens
        LogSetup.node(!config.kafka().nodeId().isEmpty() ? config.kafka().nodeId()
                : config.http().host() + (config.http().port() == 0 ? "" : ":" + config.http().port()));
        Node node = Node.boot(config);
        if (config.kafka().nodeId().isEmpty()) LogSetup.node(config.http().host() + ":" + node.port());
        System.out.println(Banner.of(node));
        System.out.println("listening on http://" + config.http().host() + ":" + node.port() + "  (Ctrl-C to stop)");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            node.close();
            stopped.countDown();
        }));
        stopped.await();
        return ExitCodes.OK;
    }
}
