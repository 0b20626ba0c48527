package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openqa.selenium.support.ui.ExpectedConditions.presenceOfElementLocated;
import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;
import static org.openqa.selenium.support.ui.ExpectedConditions.visibilityOfElementLocated;

/**
 * The console in headless Chromium, driven by Selenium through chromedriver: a room's transcript
 * shows a reply to a message posted meanwhile, and a pin made with the page's buttons reaches the
 * node; among 1,203 rooms it shows one page, pages on, filters by name and leaves unchanged rows
 * alone; the charts (uPlot, served by the node) draw the node's outcomes. Saves
 * target/console-screenshot.png and target/console-charts.png.
 */
class ConsoleBrowserTest {
    private static final By DRESS_ROOM = By.cssSelector("tr[data-room='dress-room']");

    @Test
    void anOperatorWatchesAReplyArriveInTheTranscriptAndPinsAVersionFromThePage() throws Exception {
        OpsNodes.ensureTestTools();
        Path profile = Files.createTempDirectory("liveharness-chromium-");
        // The system's chromedriver, named explicitly: Selenium then skips Selenium Manager, so nothing is downloaded.
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(onPath("chromedriver"))
                .withLogFile(profile.resolveSibling(profile.getFileName() + ".driver.log").toFile()).build();
        ChromeOptions options = new ChromeOptions().setBinary("/usr/bin/chromium")
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--disable-dev-shm-usage", "--window-size=1400,900", "--user-data-dir=" + profile);
        ChromeDriver browser = null;
        try (Node node = TestNodes.start(OpsNodes.config(), RoomListPagesTest.manyRooms(1200))) {
            var operator = OpsNodes.Client.operator(node.port());
            String canary = OpsNodes.Client.publisher(node.port()).post("/v1/harness", canaryBody()).json().path("version").asText();
            browser = new ChromeDriver(service, options);
            browser.get("http://127.0.0.1:" + node.port() + "/console#token=" + OpsNodes.TOKEN);

            onPage(browser, Duration.ofSeconds(20), clicked(DRESS_ROOM));
            onPage(browser, Duration.ofSeconds(10), visibilityOfElementLocated(By.id("detail")));
            Thread.sleep(500); // the transcript stream is open: the page shows no sign of it

            assertEquals(202, new Http(node.port()).post("/v1/rooms/dress-room/messages",
                    OpsNodes.message("console-1", "这条裙子有M码吗?")).status());
            onPage(browser, Duration.ofSeconds(60), presenceOfElementLocated(By.cssSelector("#transcript li.reply")));
            String transcript = browser.findElement(By.id("transcript")).getText();
            assertTrue(transcript.contains("这条裙子有M码吗?"), transcript);
            assertTrue(transcript.contains("avatar:"), transcript);
            // the live-quality panel: the answering version's figures, with intervals
            onPage(browser, Duration.ofSeconds(10), textToBePresentInElementLocated(By.id("arms"), "false-claim rate"));
            String arms = browser.findElement(By.id("arms")).getText();
            assertTrue(arms.contains("outside experiments") && arms.contains("question coverage") && arms.contains("["), arms);

            // the charts: three drawn by the library, with the answer just given as a point
            onPage(browser, Duration.ofSeconds(15), page -> Integer.parseInt(
                    String.valueOf(page.findElement(By.id("charts")).getDomAttribute("data-points"))) >= 1);
            assertEquals(3, browser.findElements(By.cssSelector("#charts .uplot canvas")).size(), "latency, answered-by and coverage charts");
            String titles = browser.findElement(By.id("charts")).getText();
            assertTrue(titles.contains("time to outcome") && titles.contains("by whom") && titles.contains("coverage"), titles);
            Object inked = ((JavascriptExecutor) browser).executeScript("""
                    const c = document.querySelector('#chart-answered canvas');
                    const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                    let n = 0; for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
                    return n;""");
            assertTrue(((Number) inked).longValue() > 500, "the answered-by chart has lines on it: " + inked + " pixels");
            Path charts = Path.of("target", "console-charts.png");
            Files.createDirectories(charts.getParent());
            Files.write(charts, browser.findElement(By.id("charts")).getScreenshotAs(OutputType.BYTES));

            onPage(browser, Duration.ofSeconds(10), presenceOfElementLocated(By.cssSelector("#version option[value='" + canary + "']")));
            new Select(browser.findElement(By.id("version"))).selectByValue(canary);
            browser.findElement(By.id("pin")).click();
            JsonNode room = await("the pin made on the page reaches the node").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> operator.get("/v1/rooms/dress-room").json(), r -> "pinned".equals(r.path("harness").path("how").asText()));
            assertEquals(canary, room.path("harness").path("version").asText());
            onPage(browser, Duration.ofSeconds(10), textToBePresentInElementLocated(By.id("detail-harness"), canary));

            // Thousands of rooms: one page of rows, the next page a click away, a filter by name; a row whose room did
            // not change is not drawn again (its cell stays the same element across refreshes).
            assertEquals(100, browser.findElements(By.cssSelector("#rooms tbody tr")).size(), "one page of rows");
            onPage(browser, Duration.ofSeconds(10), textToBePresentInElementLocated(By.id("page"), "rooms 1–100 of 1203"));
            WebElement quietCell = browser.findElement(By.cssSelector("tr[data-room='room-0050'] td"));
            String updated = browser.findElement(By.id("status")).getText();
            onPage(browser, Duration.ofSeconds(10), d -> !d.findElement(By.id("status")).getText().equals(updated));
            onPage(browser, Duration.ofSeconds(10), d -> !d.findElement(By.id("status")).getText().equals(updated)); // twice refreshed
            assertEquals("room-0050Bulk room 50", quietCell.getText().replace("\n", ""), "the same cell, not redrawn");
            browser.findElement(By.id("next")).click();
            onPage(browser, Duration.ofSeconds(10), textToBePresentInElementLocated(By.id("page"), "rooms 101–200 of 1203"));
            onPage(browser, Duration.ofSeconds(10), presenceOfElementLocated(By.cssSelector("tr[data-room='room-0150']")));
            assertEquals(100, browser.findElements(By.cssSelector("#rooms tbody tr")).size());
            browser.findElement(By.id("prefix")).sendKeys("room-119");
            onPage(browser, Duration.ofSeconds(10), textToBePresentInElementLocated(By.id("page"), "rooms 1–10 of 10"));
            assertEquals(10, browser.findElements(By.cssSelector("#rooms tbody tr")).size());
            browser.findElement(By.id("prefix")).clear();
            browser.findElement(By.id("prefix")).sendKeys("dress");
            onPage(browser, Duration.ofSeconds(10), textToBePresentInElementLocated(By.id("page"), "rooms 1–1 of 1"));

            Path shot = Path.of("target", "console-screenshot.png");
            Files.createDirectories(shot.getParent());
            Files.write(shot, browser.getScreenshotAs(OutputType.BYTES));
            assertTrue(Files.size(shot) > 1000);

            browser.findElement(By.id("unpin")).click();
            await("the unpin made on the page reaches the node").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> operator.get("/v1/rooms/dress-room").json(), r -> !"pinned".equals(r.path("harness").path("how").asText()));
        } finally {
            if (browser != null) browser.quit(); // ends chromium, then chromedriver
            service.stop();
            // Anything quit() could not end: the chromium processes of this test's profile.
            ProcessHandle.current().descendants()
                    .filter(p -> p.info().commandLine().map(c -> c.contains(profile.toString())).orElse(false))
                    .forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** Waits until {@code condition} holds on the page; timing out, says where the page got to. */
    private static <T> T onPage(WebDriver page, Duration timeout, ExpectedCondition<T> condition) {
        return new WebDriverWait(page, timeout, Duration.ofMillis(200))
                .withMessage(() -> "the page never got to: " + condition + "; page: " + ((JavascriptExecutor) page).executeScript(
                        "return location.href + ' | ' + document.getElementById('status')?.textContent + ' | ' + document.body.innerHTML.slice(0, 400)"))
                .until(condition);
    }

    /** A click on {@code what} once it is there; one the rooms table's two-second redraw made stale is found again. */
    private static ExpectedCondition<Boolean> clicked(By what) {
        return new ExpectedCondition<>() {
            @Override
            public Boolean apply(WebDriver page) {
                try {
                    page.findElement(what).click();
                    return true;
                } catch (StaleElementReferenceException redrawn) {
                    return false;
                }
            }

            @Override
            public String toString() { return "a click on " + what; }
        };
    }

    private static File onPath(String program) {
        return Arrays.stream(System.getenv("PATH").split(File.pathSeparator)).map(dir -> new File(dir, program))
                .filter(File::canExecute).findFirst()
                .orElseThrow(() -> new AssertionError(program + " is not on the PATH (scripts/install-test-tools.sh installs it)"));
    }

    private static String canaryBody() {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files()
                .forEach((p, b) -> files.put(p, new String(b, StandardCharsets.UTF_8)));
        files.put("prompts/rules.md", "## Rules (console test)\n{{prohibitions}}\n");
        return body.put("channel", "canary").toString();
    }
}
