package io.liveharness.config;

import io.liveharness.config.KafkaConfig.ClusterConfig;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cluster secret signs what nodes relay to each other: required, long enough, never printed. */
class ClusterSecretTest {
    private static final String GOOD = "0123456789abcdef0123456789abcdef";

    @Test
    void aShortSecretIsRefusedNamingWhereItCameFrom() {
        var e = assertThrows(IllegalArgumentException.class, () -> new ClusterConfig(null, null, null, null, "short").resolveSecret());
        assertTrue(e.getMessage().contains("kafka.cluster.secret is 5 characters"), e.getMessage());
        assertTrue(e.getMessage().contains("at least 32"), e.getMessage());
    }

    @Test
    void noSecretAtAllIsRefused() {
        String env = System.getenv(ClusterConfig.SECRET_ENV);
        ClusterConfig none = new ClusterConfig(null, null, null, null, null);
        if (env == null || env.isBlank()) {
            var e = assertThrows(IllegalArgumentException.class, none::resolveSecret);
            assertTrue(e.getMessage().contains("kafka.cluster.secret (or env LIVEHARNESS_CLUSTER_SECRET) is required"), e.getMessage());
        } else {
            assertEquals(env.trim(), none.resolveSecret(), "the environment's secret when conf has none");
        }
    }

    @Test
    void aGoodSecretIsUsedAndNeverPrinted() {
        ClusterConfig c = new ClusterConfig(null, null, null, null, GOOD);
        assertEquals(GOOD, c.resolveSecret());
        assertFalse(c.toString().contains(GOOD), c.toString());
        assertFalse(KafkaConfig.disabled().toString().contains("0123456789abcdef"));
    }
}
