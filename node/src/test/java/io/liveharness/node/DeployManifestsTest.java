package io.liveharness.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Kubernetes manifests and the container build file in {@code deploy/}, read as the cluster and
 * the node would read them: the probes ask paths this server answers 200 on, the grace period is
 * longer than the node's drain under the conf the pod's environment makes, the disruption budget
 * covers the nodes' pods, and every variable the pod or the image sets is a conf key the node takes.
 * (No Docker or cluster here: what they would do beyond this is not tested.)
 */
class DeployManifestsTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path DEPLOY = Path.of("deploy");

    @Test
    void theProbesAskPathsTheNodeAnswersAndTheGracePeriodOutlastsTheDrain() throws IOException {
        List<JsonNode> docs = manifests();
        JsonNode set = kind(docs, "StatefulSet");
        JsonNode pod = set.path("spec").path("template");
        JsonNode container = pod.path("spec").path("containers").get(0);
        NodeConfig config = ConfigLoader.load(ConfigLoader.DEFAULT_FILE, env(container));
        assertTrue(config.kafka().enabled(), "the manifests run the nodes over Kafka");
        assertEquals("0.0.0.0", config.http().host(), "reachable from the pod network");

        Map<String, String> probes = new HashMap<>();
        for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
            JsonNode get = container.path(probe).path("httpGet");
            assertTrue(get.has("path"), probe + " asks no path");
            assertEquals(config.http().port(), port(container, get.path("port")), probe + " asks the node's HTTP port");
            probes.put(probe, get.path("path").asText());
        }
        assertEquals("/health/live", probes.get("livenessProbe"));
        assertEquals("/health/ready", probes.get("readinessProbe"));
        try (Node node = TestNodes.start()) {
            Http http = new Http(node.port());
            probes.forEach((probe, path) -> assertEquals(200, http.get(path).status(), probe + " " + path + " on a started node"));
        }

        long graceMs = pod.path("spec").path("terminationGracePeriodSeconds").asLong() * 1000;
        long preStopMs = 0;
        JsonNode preStop = container.path("lifecycle").path("preStop").path("exec").path("command");
        if (preStop.size() == 2 && preStop.get(0).asText().equals("sleep")) preStopMs = preStop.get(1).asLong() * 1000;
        assertTrue(graceMs > Node.drainMs(config) + preStopMs, "terminationGracePeriodSeconds " + graceMs / 1000
                + " s must be longer than the preStop pause " + preStopMs / 1000 + " s and the drain " + Node.drainMs(config) / 1000 + " s");

        JsonNode budget = kind(docs, "PodDisruptionBudget");
        assertEquals(pod.path("metadata").path("labels"), budget.path("spec").path("selector").path("matchLabels"),
                "the budget covers the nodes' pods");
        assertTrue(budget.path("spec").path("maxUnavailable").asInt() < set.path("spec").path("replicas").asInt(),
                "some nodes stay to take the rooms over");

        JsonNode requests = container.path("resources").path("requests");
        assertTrue(requests.has("cpu") && requests.has("memory"), "resource requests: " + container.path("resources"));
        assertNotNull(kind(docs, "Service"));
    }

    @Test
    void everyVariableTheImageSetsIsAConfKey() throws IOException {
        Map<String, String> env = new HashMap<>();
        for (String statement : Files.readString(DEPLOY.resolve("Dockerfile")).replace("\\\n", " ").split("\n")) {
            if (!statement.startsWith("ENV ")) continue;
            for (String pair : statement.substring(4).trim().split("\\s+")) env.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        assertTrue(env.size() >= 3, "the image's ENV: " + env);
        NodeConfig config = ConfigLoader.load(ConfigLoader.DEFAULT_FILE, env); // a variable that names no key is refused
        assertEquals("0.0.0.0", config.http().host());
        assertEquals("/var/lib/liveharness/harness", config.harness().stateDir());
    }

    private static List<JsonNode> manifests() throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        try (Stream<Path> files = Files.list(DEPLOY.resolve("k8s"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                try (var parser = YAML.getFactory().createParser(f.toFile())) {
                    YAML.readValues(parser, JsonNode.class).forEachRemaining(docs::add);
                }
            }
        }
        return docs;
    }

    private static JsonNode kind(List<JsonNode> docs, String kind) {
        return docs.stream().filter(d -> d.path("kind").asText().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " in deploy/k8s"));
    }

    /** The container's environment; a value from the cluster (a secret, the pod's name or address) as a stand-in. */
    private static Map<String, String> env(JsonNode container) {
        Map<String, String> env = new HashMap<>();
        for (JsonNode e : container.path("env")) {
            String value = e.has("value") ? e.path("value").asText()
                    : e.path("valueFrom").has("secretKeyRef") ? "a-secret-from-the-cluster-0123456789abcdef"
                    : e.path("valueFrom").path("fieldRef").path("fieldPath").asText().equals("status.podIP") ? "10.0.0.7" : "liveharness-0";
            env.put(e.path("name").asText(), value);
        }
        return env;
    }

    private static int port(JsonNode container, JsonNode port) {
        if (port.isInt()) return port.asInt();
        for (JsonNode p : container.path("ports")) if (p.path("name").asText().equals(port.asText())) return p.path("containerPort").asInt();
        throw new AssertionError("no container port named " + port);
    }
}
