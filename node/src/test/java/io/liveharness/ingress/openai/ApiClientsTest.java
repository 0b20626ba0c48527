package io.liveharness.ingress.openai;

import io.liveharness.config.NodeConfig.ApiClientConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ApiClientsTest {
    private static final String KEY = "shop-key-0123456789";

    private static ApiClients.Client client(int requestsPerMinute, int burst) {
        ApiClients clients = ApiClients.from(Map.of("shop", ApiClientConfig.inline(KEY, requestsPerMinute, burst, 4)));
        ApiClients.Client c = clients.authenticate("Bearer " + KEY);
        assertNotNull(c);
        return c;
    }

    @Test
    void aClientMaySendItsBurstAtOnceAndIsThenToldHowLongToWait() {
        ApiClients.Client c = client(6, 3); // one request every 10 s
        for (int i = 0; i < 3; i++) assertEquals(0, c.tryRequest(), "request " + (i + 1) + " of the burst goes");
        long wait = c.tryRequest();
        assertTrue(wait >= 9 && wait <= 10, "the next token comes in 10 s: retry-after " + wait);
        assertTrue(c.tryRequest() > 0, "a refused request takes no token and gives none");
    }

    @Test
    void theBucketRefillsAtTheClientsRate() throws InterruptedException {
        ApiClients.Client c = client(600, 1); // one request every 100 ms
        assertEquals(0, c.tryRequest());
        assertEquals(1, c.tryRequest(), "under a second to wait is said as 1 s (Retry-After counts whole seconds)");
        Thread.sleep(150);
        assertEquals(0, c.tryRequest(), "a token came back within 150 ms");
    }
}
