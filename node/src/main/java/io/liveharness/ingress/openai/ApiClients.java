package io.liveharness.ingress.openai;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.liveharness.config.NodeConfig.ApiClientConfig;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The API clients conf declares ({@code openai.clients}): each a name, a key and its limits. A
 * request names its client by its key ({@code Authorization: Bearer <key>}); keys are compared in
 * time that does not depend on where they differ, and never logged.
 */
public final class ApiClients {
    /** Keys shorter than this are refused at start: they could be guessed. */
    public static final int MIN_KEY_LENGTH = 16;

    private final List<Client> clients;

    private ApiClients(List<Client> clients) { this.clients = List.copyOf(clients); }

    /** Resolves each client's key from conf, the environment or a file; a missing or short one is an error naming the client. */
    public static ApiClients from(Map<String, ApiClientConfig> conf) { return from(conf, System::getenv); }

    static ApiClients from(Map<String, ApiClientConfig> conf, Function<String, String> env) {
        List<Client> out = new ArrayList<>();
        for (var e : new TreeMap<>(conf).entrySet()) {
            String at = "openai.clients." + e.getKey();
            ApiClientConfig c = e.getValue();
            int given = (c.key() != null ? 1 : 0) + (c.keyEnv() != null ? 1 : 0) + (c.keyFile() != null ? 1 : 0);
            if (given != 1) throw new IllegalArgumentException(at + ": give exactly one of key, keyEnv, keyFile");
            String key;
            if (c.key() != null) key = c.key();
            else if (c.keyEnv() != null) {
                key = env.apply(c.keyEnv());
                if (key == null) throw new IllegalArgumentException(at + ".keyEnv: the environment variable " + c.keyEnv() + " is not set");
            } else {
                try {
                    key = Files.readString(Path.of(c.keyFile())).strip();
                } catch (IOException x) {
                    throw new IllegalArgumentException(at + ".keyFile: cannot read " + c.keyFile() + ": " + x.getMessage(), x);
                }
            }
            key = key.strip();
            if (key.length() < MIN_KEY_LENGTH) throw new IllegalArgumentException(at + ": the key must be at least " + MIN_KEY_LENGTH + " characters");
            if (c.requestsPerMinute() < 1) throw new IllegalArgumentException(at + ".requestsPerMinute must be positive, was " + c.requestsPerMinute());
            if (c.burst() < 1) throw new IllegalArgumentException(at + ".burst must be positive, was " + c.burst());
            if (c.maxConcurrent() < 1) throw new IllegalArgumentException(at + ".maxConcurrent must be positive, was " + c.maxConcurrent());
            for (Client other : out) {
                if (MessageDigest.isEqual(other.hash, hash(key))) throw new IllegalArgumentException(at + ": the same key as openai.clients." + other.name);
            }
            out.add(new Client(e.getKey(), hash(key), c.requestsPerMinute(), c.burst(), c.maxConcurrent()));
        }
        return new ApiClients(out);
    }

    public boolean isEmpty() { return clients.isEmpty(); }

    /** The client whose key {@code authorization} ({@code Bearer <key>}) carries, or null. Every client's key is compared. */
    public Client authenticate(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) return null;
        byte[] h = hash(authorization.substring(7).strip());
        Client found = null;
        for (Client c : clients) if (MessageDigest.isEqual(c.hash, h)) found = c;
        return found;
    }

    private static byte[] hash(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One client: its name (in sequence keys and logs, never its key) and its limits. */
    public static final class Client {
        private final String name;
        private final byte[] hash;
        private final Bucket bucket;
        private final int maxConcurrent;
        private final AtomicInteger inFlight = new AtomicInteger();

        Client(String name, byte[] hash, int requestsPerMinute, int burst, int maxConcurrent) {
            this.name = name;
            this.hash = hash;
            // greedy: tokens come back one by one through the minute, not all at its end
            this.bucket = Bucket.builder()
                    .addLimit(limit -> limit.capacity(burst).refillGreedy(requestsPerMinute, Duration.ofMinutes(1)))
                    .build();
            this.maxConcurrent = maxConcurrent;
        }

        public String name() { return name; }

        /**
         * Takes one request from the client's bucket (refilled at its rate, up to its burst): 0 when
         * it may go, else the seconds until it may (for Retry-After).
         */
        public long tryRequest() {
            ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
            return probe.isConsumed() ? 0 : Math.max(1, (long) Math.ceil(probe.getNanosToWaitForRefill() / 1e9));
        }

        /** One more request in flight, if under its limit; each true is followed by one {@link #release()}. */
        public boolean tryStart() {
            while (true) {
                int n = inFlight.get();
                if (n >= maxConcurrent) return false;
                if (inFlight.compareAndSet(n, n + 1)) return true;
            }
        }

        public void release() { inFlight.decrementAndGet(); }

        public int maxConcurrent() { return maxConcurrent; }

        @Override
        public String toString() { return "ApiClient[" + name + "]"; }
    }
}
