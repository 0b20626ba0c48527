package io.liveharness.cli;

import io.liveharness.engine.llama.GgufHeader;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.support.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code ./liveharness demo} as a user runs it (the launcher, its JVM options, stdout and stderr
 * together), on the classes Maven compiled: it opens with the banner, and no library speaks at the
 * default log level. With {@code --verbose} llama.cpp's warning is back, through the node's logger.
 */
class CleanStartTest {
    private static final String BANNER = "LiveHarness node: ";
    /** A log record in the command's own format, or the JVM's and Log4j2's and SLF4J's own warnings. */
    private static final Pattern NOISE = Pattern.compile(
            "^(ERROR|WARN|INFO|DEBUG|TRACE|SEVERE|WARNING|CONFIG|FINE|FINER|FINEST) [\\w.$]+: |^WARNING: |StatusLogger|^SLF4J|\\|-(INFO|WARN|ERROR) in ch\\.qos\\.logback|llama\\.cpp: |sun\\.misc\\.Unsafe");
    /** The context the committed avatar model was trained on, from its GGUF header. */
    private static final int TRAINED = trainedContext();
    private static final String LLAMA_WARNING =
            "DEBUG io.liveharness.engine.llama.LlamaLibrary: llama.cpp: llama_context: n_ctx_seq (4096) > n_ctx_train (" + TRAINED + ")";

    private static int trainedContext() {
        GgufHeader h = GgufHeader.read(Path.of("models/avatar/liveharness-avatar.gguf"));
        return ((Number) h.metadata().get(h.architecture() + ".context_length")).intValue();
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theDemoPrintsTheBannerFirstAndNoLibraryLines() throws Exception {
        List<String> lines = launch(List.of("demo"), null, 240);
        assertTrue(!lines.isEmpty() && lines.getFirst().startsWith(BANNER), "the demo opens with something else than the banner:\n" + head(lines));
        // what llama.cpp warned about before the banner, the node says in it (the committed conf and avatar model)
        assertTrue(lines.contains("  note: a room's KV stream holds 4096 positions (engine.contextSize), past the " + TRAINED + " the model was trained on"),
                "the banner does not note the context past training:\n" + head(lines));
        List<String> noise = lines.stream().filter(l -> NOISE.matcher(l).find()).toList();
        assertEquals(List.of(), noise, "lines that are not the demo's own:\n" + head(lines));
        assertTrue(lines.getLast().startsWith("every message got exactly one outcome"), "the demo did not finish:\n" + String.join("\n", lines));
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void verboseBringsLlamaCppsWarningBackThroughTheNodesLogger() throws Exception {
        List<String> lines = launch(List.of("demo", "--verbose"), "node: http", 120);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(LLAMA_WARNING)),
                "llama.cpp's context warning is not among the verbose lines:\n" + head(lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(BANNER)), "no banner:\n" + head(lines));
    }

    /**
     * Runs the launcher and returns its output lines: all of them once it exits (which must be with
     * code 0), or those up to the first that starts with {@code stopAt}, when it is stopped.
     */
    private static List<String> launch(List<String> args, String stopAt, int limitSeconds) throws Exception {
        Path out = Files.createTempFile("clean-start-", ".out");
        List<String> command = new ArrayList<>(List.of("./liveharness"));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("LIVEHARNESS_CLASSPATH", System.getProperty("java.class.path"));
        pb.environment().put(LlamaLibrary.DIR_ENV, LlamaLibrary.resolveDirectory(null).toString());
        pb.environment().remove("LIVEHARNESS_JAVA_OPTS");
        Process p = pb.start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitSeconds);
            while (System.nanoTime() < until) {
                List<String> lines = read(out);
                if (stopAt != null && lines.stream().anyMatch(l -> l.startsWith(stopAt))) return lines;
                if (p.waitFor(200, TimeUnit.MILLISECONDS)) {
                    lines = read(out);
                    if (p.exitValue() != 0) fail(command + " exited with " + p.exitValue() + ":\n" + String.join("\n", lines));
                    if (stopAt != null) fail(command + " ended before a line starting '" + stopAt + "':\n" + String.join("\n", lines));
                    return lines;
                }
            }
            fail(command + " did not get there within " + limitSeconds + " s:\n" + String.join("\n", read(out)));
            return List.of();
        } finally {
            ChildProcess.kill(p.toHandle());
            Files.deleteIfExists(out);
        }
    }

    private static List<String> read(Path out) throws IOException {
        // bytes, not readString: the child may be halfway through a character
        return new String(Files.readAllBytes(out), StandardCharsets.UTF_8).lines().toList();
    }

    private static String head(List<String> lines) {
        return String.join("\n", lines.subList(0, Math.min(lines.size(), 12)));
    }
}
