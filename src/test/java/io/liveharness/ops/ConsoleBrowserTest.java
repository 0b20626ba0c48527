package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console in headless Chromium, driven over the W3C WebDriver protocol (chromedriver): a room's
 * transcript shows a reply to a message posted meanwhile, and a pin made with the page's buttons
 * reaches the node. Saves target/console-screenshot.png.
 */
class ConsoleBrowserTest {
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private String driver;

    @Test
    void anOperatorWatchesAReplyArriveInTheTranscriptAndPinsAVersionFromThePage() throws Exception {
        OpsNodes.ensureTestTools();
        int driverPort = OpsNodes.freePort();
        Path profile = Files.createTempDirectory("liveharness-chromium-");
        Process chromedriver = new ProcessBuilder("chromedriver", "--port=" + driverPort)
                .redirectErrorStream(true).redirectOutput(profile.resolveSibling(profile.getFileName() + ".driver.log").toFile()).start();
        String session = null;
        try (Node node = TestNodes.start(OpsNodes.config())) {
            var operator = OpsNodes.Client.operator(node.port());
            String canary = OpsNodes.Client.publisher(node.port()).post("/v1/harness", canaryBody()).json().path("version").asText();
            driver = "http://127.0.0.1:" + driverPort;
            awaitDriver();
            ObjectNode caps = Http.JSON.createObjectNode();
            ObjectNode chrome = caps.putObject("capabilities").putObject("alwaysMatch").put("browserName", "chrome")
                    .putObject("goog:chromeOptions").put("binary", "/usr/bin/chromium");
            for (String arg : List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1400,900", "--user-data-dir=" + profile)) {
                chrome.withArray("args").add(arg);
            }
            session = call("POST", "/session", caps).path("sessionId").asText();
            String s = "/session/" + session;
            call("POST", s + "/url", Http.JSON.createObjectNode()
                    .put("url", "http://127.0.0.1:" + node.port() + "/console#token=" + OpsNodes.TOKEN));

            awaitScript(s, "return document.querySelector(\"tr[data-room='dress-room']\") !== null", Duration.ofSeconds(20));
            script(s, "document.querySelector(\"tr[data-room='dress-room']\").click(); return true");
            awaitScript(s, "return !document.getElementById('detail').hidden", Duration.ofSeconds(10));
            Thread.sleep(500); // the transcript stream is open

            assertEquals(202, new Http(node.port()).post("/v1/rooms/dress-room/messages",
                    OpsNodes.message("console-1", "这条裙子有M码吗?")).status());
            awaitScript(s, "return document.querySelector('#transcript li.reply') !== null", Duration.ofSeconds(60));
            String transcript = script(s, "return document.getElementById('transcript').innerText").asText();
            assertTrue(transcript.contains("这条裙子有M码吗?"), transcript);
            assertTrue(transcript.contains("avatar:"), transcript);

            awaitScript(s, "return [...document.querySelectorAll('#version option')].some(o => o.value === '" + canary + "')",
                    Duration.ofSeconds(10));
            script(s, "document.getElementById('version').value = '" + canary + "'; return true");
            click(s, "#pin");
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            JsonNode room;
            do {
                Thread.sleep(100);
                room = operator.get("/v1/rooms/dress-room").json();
            } while (!"pinned".equals(room.path("harness").path("how").asText()) && System.nanoTime() < until);
            assertEquals("pinned", room.path("harness").path("how").asText(), room.toString());
            assertEquals(canary, room.path("harness").path("version").asText());
            awaitScript(s, "return document.getElementById('detail-harness').textContent.includes('" + canary + "')", Duration.ofSeconds(10));

            String png = call("GET", s + "/screenshot", null).asText();
            Path shot = Path.of("target", "console-screenshot.png");
            Files.createDirectories(shot.getParent());
            Files.write(shot, Base64.getDecoder().decode(png));
            assertTrue(Files.size(shot) > 1000);

            click(s, "#unpin");
            until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (operator.get("/v1/rooms/dress-room").json().path("harness").path("how").asText().equals("pinned")
                    && System.nanoTime() < until) Thread.sleep(100);
            assertNotEquals("pinned", operator.get("/v1/rooms/dress-room").json().path("harness").path("how").asText());
        } finally {
            if (session != null) {
                try {
                    call("DELETE", "/session/" + session, null);
                } catch (RuntimeException | AssertionError ignored) {
                    // the processes are ended below either way
                }
            }
            List<ProcessHandle> children = chromedriver.descendants().toList();
            chromedriver.destroy();
            if (!chromedriver.waitFor(5, TimeUnit.SECONDS)) chromedriver.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static String canaryBody() {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files()
                .forEach((p, b) -> files.put(p, new String(b, StandardCharsets.UTF_8)));
        files.put("prompts/rules.md", "## Rules (console test)\n{{prohibitions}}\n");
        return body.put("channel", "canary").toString();
    }

    private void click(String s, String css) {
        assertTrue(script(s, "const b = document.querySelector('" + css + "'); if (!b) return false; b.click(); return true").asBoolean(),
                "no " + css + " on the page");
    }

    private JsonNode script(String s, String js) {
        ObjectNode body = Http.JSON.createObjectNode().put("script", js);
        body.putArray("args");
        return call("POST", s + "/execute/sync", body);
    }

    private void awaitScript(String s, String js, Duration timeout) throws InterruptedException {
        long until = System.nanoTime() + timeout.toNanos();
        while (!script(s, js).asBoolean()) {
            assertTrue(System.nanoTime() < until, () -> "the page never got to: " + js + "; page: "
                    + script(s, "return location.href + ' | ' + document.getElementById('status')?.textContent + ' | ' + document.body.innerHTML.slice(0, 400)"));
            Thread.sleep(200);
        }
    }

    private void awaitDriver() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try {
                if (call("GET", "/status", null).path("ready").asBoolean()) return;
            } catch (RuntimeException | AssertionError notYet) {
                // chromedriver is starting
            }
            assertTrue(System.nanoTime() < until, "chromedriver did not start");
            Thread.sleep(200);
        }
    }

    /** One WebDriver command; its {@code value}. */
    private JsonNode call(String method, String path, JsonNode body) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(driver + path)).timeout(Duration.ofSeconds(60))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body.toString()));
            if (body != null) b.header("content-type", "application/json");
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode json = Http.JSON.readTree(r.body());
            if (r.statusCode() != 200) throw new AssertionError("WebDriver " + method + " " + path + ": " + r.statusCode() + " " + r.body());
            return json.path("value");
        } catch (java.io.IOException e) {
            throw new RuntimeException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuntimeException(e);
        }
    }
}
