package io.liveharness.engine.bench;

import io.liveharness.config.Json;
import io.liveharness.engine.EngineException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link SlotsWorker} in a child JVM (same java, same class path) and reads its figure
 * back from a file it writes. A child, because {@code de.kherud:llama}'s libjllama.so exports llama.cpp
 * b4916's {@code llama_*} and {@code ggml_*} symbols, the same names as the llama.cpp v0.5.0
 * this JVM loads through java.lang.foreign: two in one process could bind to each other's.
 */
public final class SlotsBaseline {

    private SlotsBaseline() { }

    /** {@code prompts.size()} concurrent completions of {@code tokens} tokens on as many slots. */
    public static SlotsWorker.Measurement measure(Path model, int threads, int slotContext, int tokens, List<String> prompts,
                                                  long timeoutSeconds) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Deque<String> tail = new ArrayDeque<>();
        Path result = null;
        try {
            result = Files.createTempFile("slots-baseline", ".json");
            List<String> cmd = List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx512m",
                    "-cp", System.getProperty("java.class.path"), SlotsWorker.class.getName(),
                    model.toAbsolutePath().toString(), Integer.toString(threads), Integer.toString(slotContext),
                    Integer.toString(tokens), result.toString());
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (OutputStream in = p.getOutputStream()) {
                Json.MAPPER.writeValue(in, prompts);
            }
            // The child's own output is only its log: kept for the error below, never parsed.
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    tail.addLast(line);
                    if (tail.size() > 15) tail.removeFirst();
                }
            }
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new EngineException("the slot-batching child JVM ran past " + timeoutSeconds + " s");
            }
            if (p.exitValue() != 0 || Files.size(result) == 0) {
                throw new EngineException("the slot-batching child JVM exited " + p.exitValue() + " without a figure; its last lines:\n  "
                        + String.join("\n  ", tail));
            }
            return Json.MAPPER.readValue(result.toFile(), SlotsWorker.Measurement.class);
        } catch (IOException e) {
            throw new EngineException("cannot run the slot-batching child JVM: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted waiting for the slot-batching child JVM", e);
        } finally {
            if (result != null) result.toFile().delete();
        }
    }
}
