package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped rules pass {@code promtool check rules} and their unit tests ({@code promtool test
 * rules}); every alert has a test in which it fires; the dashboard's panels each query something.
 * promtool comes with the Debian package {@code prometheus}, which scripts/install-test-tools.sh
 * installs; without it this test fails and says so.
 */
class MonitoringTest {

    @BeforeAll
    static void promtool() {
        OpsNodes.ensureTestTools();
        boolean found = java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, "promtool")));
        assertTrue(found, "promtool is not on the PATH: install the Debian package 'prometheus' (scripts/install-test-tools.sh does, as root)");
    }

    @Test
    void promtoolCheckRulesPassesOnTheShippedRules() throws Exception {
        String out = promtool("check", "rules", MonitoringFiles.RULES.toString());
        assertTrue(out.contains("SUCCESS"), out);
    }

    @Test
    void promtoolTestRulesPassesOnTheRulesUnitTests() throws Exception {
        String out = promtool("test", "rules", MonitoringFiles.RULE_TESTS.toString());
        assertTrue(out.contains("SUCCESS") && !out.contains("FAILED"), out);
    }

    @Test
    void everyAlertHasAUnitTestInWhichItFires() {
        Set<String> alerts = new TreeSet<>();
        for (JsonNode group : MonitoringFiles.rules().path("groups")) {
            for (JsonNode rule : group.path("rules")) if (rule.has("alert")) alerts.add(rule.path("alert").asText());
        }
        Set<String> firing = new HashSet<>();
        for (JsonNode test : MonitoringFiles.ruleTests().path("tests")) {
            for (JsonNode t : test.path("alert_rule_test")) if (!t.path("exp_alerts").isEmpty()) firing.add(t.path("alertname").asText());
        }
        assertFalse(alerts.isEmpty());
        Set<String> untested = new TreeSet<>(alerts);
        untested.removeAll(firing);
        assertEquals(Set.of(), untested, "alerts without a test that makes them fire");
        for (String watched : List.of("LiveHarnessReplyLatencyHigh", "LiveHarnessQuestionCoverageLow", "LiveHarnessAnsweredByModelLow",
                "LiveHarnessFalseClaimsOnAir", "LiveHarnessEngineBacklogHigh", "LiveHarnessEngineShedding", "LiveHarnessKafkaLagHigh",
                "LiveHarnessNodeDown", "LiveHarnessEngineDown")) {
            assertTrue(alerts.contains(watched), "on-call watches " + watched);
        }
    }

    @Test
    void everyDashboardPanelQueriesPrometheusThroughTheDatasourceVariable() {
        JsonNode d = MonitoringFiles.dashboard();
        Set<Integer> ids = new HashSet<>();
        for (JsonNode panel : d.path("panels")) {
            assertTrue(ids.add(panel.path("id").asInt()), "panel ids are unique: " + panel.path("id"));
            if (panel.path("type").asText().equals("row")) continue;
            assertFalse(panel.path("targets").isEmpty(), panel.path("title") + " has no query");
            for (JsonNode t : panel.path("targets")) {
                assertFalse(t.path("expr").asText().isBlank(), panel.path("title") + " has an empty query");
                assertEquals("${datasource}", t.path("datasource").path("uid").asText(), panel.path("title") + " names a datasource");
            }
        }
        assertTrue(MonitoringFiles.metricNames().contains("liveharness_false_claim_replies_total"), MonitoringFiles.metricNames().toString());
    }

    private static String promtool(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("promtool"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool " + String.join(" ", args) + " did not finish");
        assertEquals(0, p.exitValue(), "promtool " + String.join(" ", args) + ":\n" + out);
        return out;
    }
}
