package io.liveharness.config;

import io.liveharness.config.ConfigLoader.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigLoaderTest {

    @Test
    void theCommittedConfigurationLoads() {
        NodeConfig c = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        assertEquals(8080, c.http().port());
        assertEquals("models/stories260K.gguf", c.engine().model());
    }

    @Test
    void aKeyLeftOutTakesItsDefault(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, "http:\n  port: 9090\n");
        NodeConfig c = ConfigLoader.load(f);
        assertEquals(9090, c.http().port());
        assertEquals(NodeConfig.RoomsConfig.DEFAULT_QUEUE_CAPACITY, c.rooms().queueCapacity());
    }

    @Test
    void anUnknownKeyOrWrongTypeNamesTheFileAndLine(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, "http:\n  port: 9090\nrooms:\n  queueCapacty: 3\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(f));
        assertTrue(e.getMessage().startsWith(f + ":4"), e.getMessage());
        assertTrue(e.getMessage().contains("queueCapacty"), e.getMessage());

        Files.writeString(f, "http:\n  port: lots\n");
        e = assertThrows(ConfigException.class, () -> ConfigLoader.load(f));
        assertTrue(e.getMessage().startsWith(f + ":2"), e.getMessage());
    }

    @Test
    void aMissingFileIsNamed() {
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(Path.of("conf/nope.yaml")));
        assertTrue(e.getMessage().contains("conf/nope.yaml"), e.getMessage());
    }
}
