package io.liveharness.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a helper program from a test with a time limit. Its stdout goes to a file rather than a pipe:
 * reading a pipe to its end cannot be interrupted, so a child that hangs would hang the test JVM
 * past every JUnit timeout. Stdin is closed (the forked test JVM's stdin is Surefire's own channel),
 * stderr goes to the test log.
 */
public final class ChildProcess {
    public record Result(int exitCode, String stdout) { }

    public static Result run(List<String> command, Map<String, String> env, Duration limit) {
        Path out = null;
        Process p = null;
        try {
            out = Files.createTempFile("child-", ".out");
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            pb.environment().putAll(env);
            p = pb.start();
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError(String.join(" ", command) + " did not finish within " + limit.toSeconds() + " s");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + String.join(" ", command), e);
        } finally {
            if (p != null) kill(p.toHandle());
            if (out != null) out.toFile().delete();
        }
    }

    public static Result run(List<String> command, Duration limit) { return run(command, Map.of(), limit); }

    /** The last line of stdout of a command that must succeed: how the install scripts answer. */
    public static String lastLineOf(List<String> command, Duration limit) {
        Result r = run(command, limit);
        if (r.exitCode() != 0) throw new AssertionError(String.join(" ", command) + " failed with exit code " + r.exitCode());
        return r.stdout().strip().lines().reduce((a, b) -> b).orElse("");
    }

    /** Kills a process and whatever it started, and waits a little for them. */
    public static void kill(ProcessHandle h) {
        List<ProcessHandle> all = new ArrayList<>(h.descendants().toList());
        all.add(h);
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle each : all) {
            try {
                each.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // a process that will not die is found by the tests' own leak checks
            }
        }
    }

    private ChildProcess() { }
}
