package io.liveharness.kafka.broker;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real single-node Kafka (KRaft: broker and controller in one process) on loopback, run as a
 * child JVM from the org.apache.kafka jars on this JVM's class path, for the tests and
 * {@code bench kafka}. A child process, so a test can kill it (-9) and start it again on the same
 * data and port. It never outlives this JVM: a shutdown hook kills it, and should this JVM be
 * killed outright, the child sees its stdin end and stops ({@link BrokerMain}).
 */
public final class KafkaBroker implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final Path dir;
    private final int port;
    private final int controllerPort;
    private final Thread reaper = new Thread(this::kill, "kafka-broker-reaper");
    private Process process;

    private KafkaBroker(Path dir, int port, int controllerPort) {
        this.dir = dir;
        this.port = port;
        this.controllerPort = controllerPort;
    }

    /** Formats a new data folder under {@code dir}, starts the broker and waits until it answers. */
    public static KafkaBroker start(Path dir) {
        try {
            Files.createDirectories(dir);
            KafkaBroker broker = new KafkaBroker(dir, freePort(), freePort());
            broker.writeProperties();
            broker.format();
            broker.launch();
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start a Kafka broker in " + dir, e);
        }
    }

    public String bootstrapServers() { return "127.0.0.1:" + port; }

    public Path dir() { return dir; }

    public boolean alive() { return process != null && process.isAlive(); }

    /** The broker process's id, or -1 when it is not running. */
    public synchronized long pid() { return process == null ? -1 : process.pid(); }

    /** Kills the broker process at once (SIGKILL), as a crash would. */
    public synchronized void kill() {
        if (process == null) return;
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    /** Starts the broker again on the same data folder and port, after {@link #kill}. */
    public synchronized void restart() {
        if (alive()) throw new IllegalStateException("the broker is running");
        launch();
    }

    @Override
    public synchronized void close() {
        kill();
        try {
            Runtime.getRuntime().removeShutdownHook(reaper);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: nothing left to remove
        }
    }

    private void writeProperties() throws IOException {
        String props = String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + dir.resolve("data").toAbsolutePath(),
                "num.partitions=1",
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=4",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "broker.heartbeat.interval.ms=500",
                "broker.session.timeout.ms=3000",
                "group.consumer.heartbeat.interval.ms=500",
                "group.consumer.min.heartbeat.interval.ms=500",
                "log.segment.bytes=1048576",
                "log.cleaner.dedupe.buffer.size=2097152",
                "log.cleaner.backoff.ms=1000",
                "num.network.threads=2",
                "num.io.threads=2",
                "background.threads=2",
                "auto.create.topics.enable=false",
                "");
        Files.writeString(properties(), props);
    }

    private Path properties() { return dir.resolve("server.properties"); }

    private void format() throws IOException {
        Process p = java("kafka.tools.StorageTool", List.of("format", "-t", Uuid.randomUuid().toString(), "-c",
                properties().toString(), "--ignore-formatted"), dir.resolve("format.log"));
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("formatting the broker's storage took over 60 s");
            }
            if (p.exitValue() != 0) {
                throw new IOException("formatting the broker's storage failed: " + Files.readString(dir.resolve("format.log")));
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while formatting", e);
        }
    }

    private void launch() {
        try {
            process = java(BrokerMain.class.getName(), List.of(properties().toString()), dir.resolve("broker.log"));
            try {
                Runtime.getRuntime().addShutdownHook(reaper);
            } catch (IllegalArgumentException already) {
                // registered by the first launch; it kills whichever process is current
            }
            awaitReady();
        } catch (IOException e) {
            kill();
            throw new UncheckedIOException("could not start the Kafka broker (log: " + dir.resolve("broker.log") + ")", e);
        }
    }

    private void awaitReady() throws IOException {
        long until = System.nanoTime() + READY_TIMEOUT.toNanos();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000))) {
            while (System.nanoTime() < until) {
                if (!process.isAlive()) throw new IOException("the broker exited with " + process.exitValue());
                try {
                    if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) return;
                } catch (Exception notYet) {
                    Thread.sleep(200);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the broker", e);
        }
        throw new IOException("the broker did not answer within " + READY_TIMEOUT.toSeconds() + " s");
    }

    private static Process java(String mainClass, List<String> args, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms128m", "-Xmx768m", "-XX:+UseSerialGC", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
