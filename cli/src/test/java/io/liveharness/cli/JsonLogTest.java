package io.liveharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.support.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code LIVEHARNESS_LOG_FORMAT=json ./liveharness serve --verbose} as an operator runs it under a log
 * collector: every line on stderr is a JSON object, and a viewer message's outcome line carries
 * time, level, logger, the node and the room and message ids.
 */
class JsonLogTest {
    private static final Pattern LISTENING = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void serveWritesJsonLinesWithNodeRoomAndMessage(@TempDir Path tmp) throws Exception {
        // the tiny test model: what is logged, not what is said
        Path conf = tmp.resolve("node.yaml");
        Files.writeString(conf, Files.readString(Path.of("conf/liveharness.yaml"))
                .replaceFirst("(?m)^  model: models/avatar/liveharness-avatar\\.gguf", "  model: models/stories260K.gguf"));
        Path out = tmp.resolve("stdout"), err = tmp.resolve("stderr");
        ProcessBuilder pb = new ProcessBuilder("./liveharness", "serve", "--conf", conf.toString(), "--port", "0", "--verbose")
                .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("LIVEHARNESS_CLASSPATH", System.getProperty("java.class.path"));
        pb.environment().put(LlamaLibrary.DIR_ENV, LlamaLibrary.resolveDirectory(null).toString());
        pb.environment().put(LogSetup.FORMAT_ENV, "json");
        pb.environment().remove("LIVEHARNESS_JAVA_OPTS");
        Process p = pb.start();
        try {
            int port = Integer.parseInt(await(p, out, LISTENING, 240).group(1));
            String messageId = "json-log-1";
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/rooms/dress-room/messages"))
                    .header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"messageId\":\"" + messageId + "\",\"userId\":\"u1\",\"text\":\"有M码吗?\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(202, r.statusCode(), r.body());
            long sent = System.currentTimeMillis();
            await(p, err, Pattern.compile("\"message\":\"" + messageId + "\""), 60);

            List<JsonNode> lines = new ArrayList<>();
            for (String line : read(err)) {
                try {
                    lines.add(Json.MAPPER.readTree(line));
                } catch (Exception e) {
                    fail("a line on stderr that is not JSON: " + line);
                }
            }
            JsonNode outcome = lines.stream().filter(l -> l.path("kvpList").toString().contains(messageId)).findFirst().orElseThrow();
            assertEquals("DEBUG", outcome.path("level").asText(), outcome.toString());
            assertEquals("io.liveharness.ops.OpsMonitor", outcome.path("loggerName").asText());
            assertEquals("127.0.0.1:" + port, outcome.path("context").path("properties").path("node").asText(), outcome.toString());
            assertEquals("[{\"room\":\"dress-room\"},{\"message\":\"" + messageId + "\"}]", outcome.path("kvpList").toString());
            assertTrue(outcome.path("formattedMessage").asText().startsWith("answered"), outcome.toString());
            long at = outcome.path("timestamp").asLong();
            assertTrue(at >= sent - 5_000 && at <= System.currentTimeMillis(), "timestamp " + at + " is not the time of the run");
        } finally {
            ChildProcess.kill(p.toHandle());
        }
    }

    /** The first match of {@code pattern} in the file, once the process writes it. */
    private static Matcher await(Process p, Path file, Pattern pattern, int seconds) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < until) {
            Optional<Matcher> m = read(file).stream().map(pattern::matcher).filter(Matcher::find).findFirst();
            if (m.isPresent()) return m.get();
            if (!p.isAlive()) fail("serve ended (" + p.exitValue() + "):\n" + String.join("\n", read(file)));
            Thread.sleep(200);
        }
        fail("no '" + pattern + "' within " + seconds + " s in:\n" + String.join("\n", read(file)));
        return null;
    }

    private static List<String> read(Path file) throws Exception {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
    }
}
