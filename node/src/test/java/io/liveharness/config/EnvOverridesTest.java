package io.liveharness.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.ConfigLoader.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every conf key can come from the environment, by one naming rule; a bad or misspelt one is named. */
class EnvOverridesTest {

    @Test
    void variablesOverrideTheCommittedConfiguration() {
        NodeConfig c = ConfigLoader.load(ConfigLoader.DEFAULT_FILE, Map.of(
                "LIVEHARNESS_ENGINE_MODEL", "/models/other.gguf",
                "LIVEHARNESS_HTTP_HOST", "0.0.0.0",
                "LIVEHARNESS_HTTP_PORT", "9191",
                "LIVEHARNESS_HTTP_PER_ADDRESS_CONNECTIONS", "7",
                "LIVEHARNESS_KAFKA_ENABLED", "true",
                "LIVEHARNESS_KAFKA_CLUSTER_MEMBERS", "10.0.0.1:5701, 10.0.0.2:5701",
                "LIVEHARNESS_ROOMS_SPEECH_ZH_CHARS_PER_SECOND", "5.5",
                "LIVEHARNESS_LLAMA_DIR", "/opt/llama")); // the launcher's, not a conf key: left alone
        assertEquals("/models/other.gguf", c.engine().model());
        assertEquals("0.0.0.0", c.http().host());
        assertEquals(9191, c.http().port());
        assertEquals(7, c.http().perAddress().connections());
        assertEquals(true, c.kafka().enabled());
        assertEquals(List.of("10.0.0.1:5701", "10.0.0.2:5701"), c.kafka().cluster().members());
        assertEquals(5.5, c.rooms().speech().zhCharsPerSecond());
        NodeConfig file = ConfigLoader.load(ConfigLoader.DEFAULT_FILE, Map.of());
        assertEquals(file.rooms().queueCapacity(), c.rooms().queueCapacity(), "keys not set stay as the file has them");
    }

    @Test
    void everyKeyOfTheCommittedConfigurationHasItsVariable() throws IOException {
        JsonNode tree = Json.YAML.readTree(ConfigLoader.DEFAULT_FILE.toFile());
        List<String> keys = new ArrayList<>();
        leaves(tree, "", keys);
        assertTrue(keys.size() > 40, "the committed conf's keys: " + keys);
        Set<String> settable = Set.copyOf(EnvOverrides.variables().values());
        for (String key : keys) {
            assertTrue(settable.contains(key), key + " cannot be set from the environment");
            assertEquals(key, EnvOverrides.variables().get(EnvOverrides.variable(key)), key);
        }
        assertEquals("LIVEHARNESS_ENGINE_MODEL", EnvOverrides.variable("engine.model"));
        assertEquals("LIVEHARNESS_HTTP_PER_ADDRESS_MESSAGES_PER_MINUTE", EnvOverrides.variable("http.perAddress.messagesPerMinute"));
    }

    @Test
    void aBadValueNamesItsVariableAndAMisspeltVariableIsRefused(@TempDir Path dir) throws IOException {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.load(ConfigLoader.DEFAULT_FILE, Map.of("LIVEHARNESS_HTTP_PORT", "lots")));
        assertTrue(e.getMessage().startsWith("LIVEHARNESS_HTTP_PORT (environment, sets http.port)"), e.getMessage());

        e = assertThrows(ConfigException.class,
                () -> ConfigLoader.load(ConfigLoader.DEFAULT_FILE, Map.of("LIVEHARNESS_ENGINE_MODLE", "x.gguf")));
        assertTrue(e.getMessage().startsWith("LIVEHARNESS_ENGINE_MODLE (environment)"), e.getMessage());
        assertTrue(e.getMessage().contains("LIVEHARNESS_ENGINE_MODEL"), e.getMessage());

        Path empty = dir.resolve("empty.yaml");
        Files.writeString(empty, "");
        assertEquals(8181, ConfigLoader.load(empty, Map.of("LIVEHARNESS_HTTP_PORT", "8181")).http().port(), "an empty file takes them too");
    }

    /** Dotted paths of the scalar and list values, not descending into maps of names. */
    private static void leaves(JsonNode n, String at, List<String> out) {
        if (Set.of("mcp.servers", "openai.clients", "kafka.consumer", "kafka.producer").contains(at)) return;
        if (n.isObject()) n.fieldNames().forEachRemaining(f -> leaves(n.get(f), at.isEmpty() ? f : at + "." + f, out));
        else out.add(at);
    }
}
