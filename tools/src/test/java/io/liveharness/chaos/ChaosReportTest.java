package io.liveharness.chaos;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

class ChaosReportTest {

    @Test
    void aRunThatLostMessagesSaysSoAndMarksWhatWentWrong(@TempDir Path dir) throws Exception {
        Map<String, String> health = new LinkedHashMap<>();
        health.put("node-a", "healthy");
        health.put("node-b", "down: <no answer>");
        ChaosRun.Result r = new ChaosRun.Result(dir, 100, 98, 2, 97, 1, 0, 0, Map.of("answered", 97),
                List.of(new ChaosRun.FaultResult("broker-restart", 40.25, true, false, "broker <gone> for 12 s")),
                health, 150, Map.of());
        ChaosRun.Options o = new ChaosRun.Options(90, 4.0, 5, 60, Set.of(ChaosRun.Fault.BROKER), 7);
        ChaosReport.write(r, o, List.of("m-1"), List.of());
        String html = Files.readString(dir.resolve("index.html"));
        assertTrue(html.contains("messages lost or answered twice"), html);
        assertTrue(html.contains("<th>missing<td class=bad>1"), "a missing message is marked: " + html);
        assertTrue(html.contains("<th>duplicates<td>0"), html);
        assertTrue(html.contains("<th>outcome answered<td>97"), html);
        assertTrue(html.contains("<td>broker-restart<td>40.3<td>true<td class=bad>false<td>broker &lt;gone&gt; for 12 s"), html);
        assertTrue(html.contains("<th>node-b<td class=bad>down: &lt;no answer&gt;"), html);
        assertTrue(Files.readString(dir.resolve("chaos.json")).contains("\"missingIds\""));
    }
}
