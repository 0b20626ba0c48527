package io.liveharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.engine.llama.LlamaLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code ./liveharness dist} as an operator runs it, then the archive on a machine with nothing
 * installed: unpacked into a clean folder and served with an empty environment and a PATH of only
 * {@code sh} and {@code dirname} (no java, mvn or npm; HOME a fresh folder, so no cache of this
 * machine's either). It serves the demo rooms: ready, and a viewer's question answered by the model.
 * The dist is made from the classes Maven compiled (LIVEHARNESS_CLASSPATH), as CleanStartTest runs them.
 */
class DistributionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void theDistributionServesTheDemoRoomsFromACleanFolderWithNoJavaMavenOrNpm() throws Exception {
        Path work = Files.createTempDirectory("liveharness-dist-");
        Path archive = dist(work.resolve("out"));
        long mb = Files.size(archive) >> 20;
        assertTrue(mb < 400, "the archive is " + mb + " MB");
        assertTrue(archive.getFileName().toString().endsWith(".tar.gz"), archive.toString());

        Path clean = Files.createDirectories(work.resolve("machine"));
        run(List.of("tar", "-xzf", archive.toString(), "-C", clean.toString()), work, 120);
        Path bin = Files.createDirectories(work.resolve("bin"));
        for (String tool : List.of("sh", "dirname")) Files.createSymbolicLink(bin.resolve(tool), onPath(tool));
        for (String absent : List.of("java", "mvn", "npm", "node")) assertFalse(Files.exists(bin.resolve(absent)), absent);

        int port = freePort();
        Path log = work.resolve("serve.log");
        ProcessBuilder pb = new ProcessBuilder(clean.resolve("liveharness/bin/liveharness").toString(), "serve")
                .directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", bin.toString());
        pb.environment().put("HOME", Files.createDirectories(work.resolve("home")).toString());
        pb.environment().put("LIVEHARNESS_HTTP_PORT", Integer.toString(port)); // conf from the environment, as a container gets it
        Process node = pb.start();
        try {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
            String base = "http://127.0.0.1:" + port;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
            int ready = 0;
            while (ready != 200 && System.nanoTime() < until && node.isAlive()) {
                try {
                    ready = http.send(HttpRequest.newBuilder(URI.create(base + "/health/ready")).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
                } catch (IOException notYet) {
                    Thread.sleep(500);
                }
            }
            assertEquals(200, ready, "the distribution never got ready:\n" + Files.readString(log));

            HttpResponse<String> posted = http.send(HttpRequest.newBuilder(URI.create(base + "/v1/rooms/dress-room/messages"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"messageId\":\"dist-1\",\"userId\":\"v1\",\"text\":\"这条裙子有M码吗?\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(202, posted.statusCode(), posted.body());
            JsonNode outcome = null;
            until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (System.nanoTime() < until) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/v1/rooms/dress-room/messages/dist-1")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    outcome = JSON.readTree(r.body());
                    break;
                }
                Thread.sleep(200);
            }
            if (outcome == null) fail("no outcome in 120 s:\n" + Files.readString(log));
            assertEquals("answered", outcome.path("status").asText(), outcome.toString());
            assertFalse(outcome.path("reply").asText().isBlank(), outcome.toString());
        } finally {
            node.destroy(); // SIGTERM: the node drains and stops
            if (!node.waitFor(60, TimeUnit.SECONDS)) node.destroyForcibly();
            deleteTree(work); // the archive and its unpacked copy: a few hundred MB
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Runs {@code ./liveharness dist --out DIR} on the compiled classes; the archive is its last line. */
    private static Path dist(Path out) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("./liveharness", "dist", "--out", out.toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("LIVEHARNESS_CLASSPATH", System.getProperty("java.class.path"));
        pb.environment().put(LlamaLibrary.DIR_ENV, LlamaLibrary.resolveDirectory(null).toString());
        List<String> lines = run(pb, 300);
        return Path.of(lines.getLast());
    }

    private static List<String> run(List<String> command, Path dir, int seconds) throws Exception {
        return run(new ProcessBuilder(command).directory(dir.toFile()), seconds);
    }

    private static List<String> run(ProcessBuilder pb, int seconds) throws Exception {
        Path out = Files.createTempFile("liveharness-dist-", ".out");
        Process p = pb.redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(pb.command() + " ran past " + seconds + " s:\n" + Files.readString(out));
        }
        List<String> lines = Files.readAllLines(out);
        assertEquals(0, p.exitValue(), pb.command() + " failed:\n" + String.join("\n", lines));
        return lines;
    }

    private static Path onPath(String program) {
        for (String dir : System.getenv("PATH").split(File.pathSeparator)) {
            Path p = Path.of(dir, program);
            if (Files.isExecutable(p)) return p;
        }
        throw new AssertionError(program + " is not on the PATH");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
