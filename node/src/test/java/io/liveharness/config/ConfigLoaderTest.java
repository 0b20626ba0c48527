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
        assertEquals("models/avatar/liveharness-avatar.gguf", c.engine().model());
    }

    @Test
    void aKeyLeftOutTakesItsDefault(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, "http:\n  port: 9090\n");
        NodeConfig c = ConfigLoader.load(f);
        assertEquals(9090, c.http().port());
        assertEquals(NodeConfig.RoomsConfig.DEFAULT_QUEUE_CAPACITY, c.rooms().queueCapacity());
        assertEquals(NodeConfig.PlatformConfig.DEFAULT_TOKEN_FILE, c.platform().tokenFile());
    }

    @Test
    void thePlatformTokenIsReadButNeverPrinted(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("c.yaml");
        Files.writeString(f, "platform:\n  token: s3cret-platform\n  tokenFile: " + dir.resolve("pt") + "\n");
        NodeConfig c = ConfigLoader.load(f);
        assertEquals("s3cret-platform", c.platform().token());
        assertEquals(dir.resolve("pt").toString(), c.platform().tokenFile());
        assertTrue(!c.toString().contains("s3cret-platform"), c.toString());
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
    void theKafkaSectionIsOffByDefaultAndStrictLikeTheOthers(@TempDir Path dir) throws IOException {
        NodeConfig committed = ConfigLoader.load(ConfigLoader.DEFAULT_FILE);
        assertEquals(false, committed.kafka().enabled());
        assertEquals(KafkaConfig.Topics.DEFAULT_ROOM_STATE, committed.kafka().topics().roomState());

        Path f = dir.resolve("c.yaml");
        Files.writeString(f, "kafka:\n  enabled: true\n  partitions: 3\n  producer:\n    linger.ms: \"5\"\n  cluster:\n    port: 5800\n");
        KafkaConfig k = ConfigLoader.load(f).kafka();
        assertTrue(k.enabled());
        assertEquals(3, k.partitions());
        assertEquals("5", k.producer().get("linger.ms"));
        assertEquals(java.util.List.of("127.0.0.1:5800"), k.cluster().members());
        assertEquals(KafkaConfig.DEFAULT_GROUP_ID, k.groupId());

        Files.writeString(f, "http:\n  port: 9090\nkafka:\n  enabled: true\n  topics:\n    replies: r\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(f));
        assertTrue(e.getMessage().startsWith(f + ":6"), e.getMessage());
        assertTrue(e.getMessage().contains("replies"), e.getMessage());
    }

    @Test
    void mcpServersAreDeclaredByNameWithACommandOrAUrlAndABadOneNamesItsLine(@TempDir Path dir) throws IOException {
        assertEquals(java.util.Map.of(), ConfigLoader.load(ConfigLoader.DEFAULT_FILE).mcp().servers(), "the committed conf runs no MCP server");

        Path f = dir.resolve("c.yaml");
        Files.writeString(f, "mcp:\n  servers:\n    promo:\n      stdio:\n        command: [node, /opt/promo/index.js]\n"
                + "        env: {PROMO_DB: /var/lib/promo}\n      callTimeoutMs: 2000\n    coupons:\n      http: {url: \"http://127.0.0.1:3001/mcp\"}\n");
        NodeConfig.McpConfig mcp = ConfigLoader.load(f).mcp();
        assertEquals(java.util.List.of("promo", "coupons"), java.util.List.copyOf(mcp.servers().keySet()));
        assertEquals(java.util.List.of("node", "/opt/promo/index.js"), mcp.servers().get("promo").stdio().command());
        assertEquals(2000L, mcp.servers().get("promo").callTimeoutMs());
        assertEquals(NodeConfig.McpServerConfig.DEFAULT_CALL_TIMEOUT_MS, mcp.servers().get("coupons").callTimeoutMs());
        assertEquals("http://127.0.0.1:3001/mcp", mcp.servers().get("coupons").http().url());

        Files.writeString(f, "mcp:\n  servers:\n    promo:\n      stdio: {command: [node]}\n      http: {url: \"http://x/mcp\"}\n");
        ConfigException both = assertThrows(ConfigException.class, () -> ConfigLoader.load(f));
        assertTrue(both.getMessage().startsWith(f + ":3"), both.getMessage());
        assertTrue(both.getMessage().contains("exactly one of 'stdio'"), both.getMessage());

        Files.writeString(f, "mcp:\n  servers:\n    promo:\n      stdio: {comand: [node]}\n");
        ConfigException typo = assertThrows(ConfigException.class, () -> ConfigLoader.load(f));
        assertTrue(typo.getMessage().startsWith(f + ":4") && typo.getMessage().contains("comand"), typo.getMessage());
    }

    @Test
    void aMissingFileIsNamed() {
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(Path.of("conf/nope.yaml")));
        assertTrue(e.getMessage().contains("conf/nope.yaml"), e.getMessage());
    }
}
