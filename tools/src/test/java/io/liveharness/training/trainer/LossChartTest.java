package io.liveharness.training.trainer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LossChartTest {

    @Test
    void theLossPageHoldsBothSeriesByStepAndTheChartLibraryItself(@TempDir Path dir) throws Exception {
        Path metrics = dir.resolve("metrics.jsonl");
        Files.writeString(metrics, """
                {"step":1,"loss":4.5}
                {"step":2,"loss":3.25,"heldOutLoss":3.5}
                {"step":3,"loss":2.75}
                """);
        Path html = dir.resolve("loss.html");
        LossChart.write(metrics, html, "loss of <run>");
        String page = Files.readString(html);
        assertTrue(page.contains("<title>loss of &lt;run&gt;</title>"), "the title is escaped");
        assertTrue(page.contains("[[1.0,2.0,3.0],[4.5,3.25,2.75],[null,3.5,null]]"), "steps, train loss, held-out loss (null where not measured)");
        assertTrue(page.contains("uPlot"), "the chart library is inside the page");
        assertFalse(page.matches("(?s).*src=\"https?:.*"), "nothing is loaded from the network: the page opens offline");
    }
}
