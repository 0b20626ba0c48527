package io.liveharness.kafka;

import io.liveharness.kafka.broker.KafkaBroker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The test broker never outlives the JVM that started it, even one killed with -9. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KafkaBrokerTest {

    /** A JVM that starts a broker, prints its pid and waits to be killed. */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            KafkaBroker broker = KafkaBroker.start(Path.of(args[0]));
            System.out.println("broker-pid " + broker.pid());
            System.out.flush();
            Thread.sleep(120_000);
        }
    }

    @Test
    void aBrokerStopsWhenItsParentIsKilledOutright() throws Exception {
        Path dir = Files.createTempDirectory("liveharness-kafka-orphan-");
        Process holder = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Holder.class.getName(), dir.toString()))
                .redirectErrorStream(true).start();
        long brokerPid = -1;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream()))) {
            brokerPid = CompletableFuture.supplyAsync(() -> {
                try {
                    for (String line; (line = out.readLine()) != null; ) {
                        if (line.startsWith("broker-pid ")) return Long.parseLong(line.substring(11).trim());
                    }
                    return -1L;
                } catch (Exception e) {
                    return -1L;
                }
            }).get(90, TimeUnit.SECONDS);
            assertTrue(brokerPid > 0, "the holder started a broker");
            ProcessHandle broker = ProcessHandle.of(brokerPid).orElseThrow();
            assertTrue(broker.isAlive());

            holder.destroyForcibly(); // SIGKILL: no shutdown hook runs in the holder
            holder.waitFor(10, TimeUnit.SECONDS);
            await("the broker went with its parent").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                    .until(() -> !broker.isAlive());
        } finally {
            holder.destroyForcibly();
            if (brokerPid > 0) ProcessHandle.of(brokerPid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
