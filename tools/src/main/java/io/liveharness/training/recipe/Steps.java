package io.liveharness.training.recipe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The steps of one plan run and their done markers ({@code steps/<name>.json}): a step that has
 * its marker is not run again; one without it runs from the start (its own outputs are written
 * so that a rerun overwrites them, and training resumes from its checkpoint). A marker records the
 * step's result, its wall time and the process CPU time it took.
 */
public final class Steps {
    public static final String DIR = "steps";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A finished step, as its marker holds it. */
    public record Done(String step, long wallMs, long cpuMs, String finishedAt, Map<String, Object> result) { }

    /** The work of a step: returns what the marker records. */
    public interface Body {
        Map<String, Object> run() throws Exception;
    }

    /** Thrown when this invocation may start no more steps (a test's stand-in for a kill). */
    public static final class Stopped extends RuntimeException {
        Stopped(String step) { super("stopped before " + step); }
    }

    private final Path dir;
    private final PrintStream progress;
    private final String label;
    private final int total;
    private final int maxNew;
    private final Map<String, Done> done = new LinkedHashMap<>();
    private int index, ran;

    /**
     * @param label  what the progress lines start with ({@code [hat 3/11] ...})
     * @param maxNew how many steps this invocation may run (skipped ones do not count); 0 for no limit
     */
    public Steps(Path out, PrintStream progress, String label, int total, int maxNew) {
        this.dir = out.resolve(DIR);
        this.progress = progress;
        this.label = label;
        this.total = total;
        this.maxNew = maxNew;
    }

    public Done run(String name, Body body) {
        index++;
        Path marker = dir.resolve(name.replace(':', '-') + ".json");
        if (Files.isRegularFile(marker)) {
            try {
                Done d = JSON.readValue(marker.toFile(), Done.class);
                done.put(name, d);
                say("[%s %d/%d] %s: done before (%s), skipped", label, index, total, name, d.finishedAt());
                return d;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the done marker " + marker + ": " + e.getMessage(), e);
            }
        }
        if (maxNew > 0 && ran >= maxNew) throw new Stopped(name);
        ran++;
        say("[%s %d/%d] %s ...", label, index, total, name);
        long wall0 = System.nanoTime(), cpu0 = cpuNanos();
        Map<String, Object> result;
        try {
            result = body.run();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(name + ": " + e.getMessage(), e);
        }
        Done d = new Done(name, (System.nanoTime() - wall0) / 1_000_000, (cpuNanos() - cpu0) / 1_000_000, Instant.now().toString(), result);
        try {
            Files.createDirectories(dir);
            Path tmp = marker.resolveSibling(marker.getFileName() + ".tmp");
            JSON.writeValue(tmp.toFile(), d);
            Files.move(tmp, marker, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the done marker " + marker + ": " + e.getMessage(), e);
        }
        done.put(name, d);
        say("[%s %d/%d] %s done in %.1f s (CPU %.1f s)", label, index, total, name, d.wallMs() / 1000.0, d.cpuMs() / 1000.0);
        return d;
    }

    public Map<String, Done> done() { return done; }

    /** CPU time of the whole process, all threads: a step's share is the difference across it. */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private void say(String format, Object... args) {
        if (progress != null) progress.println(String.format(Locale.ROOT, format, args));
    }
}
