package io.liveharness.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.logging.LogManager;

/**
 * Sets up java.util.logging for a command, before anything logs: quiet by default
 * ({@code logging.properties}: libraries' warnings and errors, LiveHarness's own lines), everything
 * but llama.cpp's INFO page with {@code --verbose} ({@code logging-verbose.properties}). A file the
 * operator names with {@code -Djava.util.logging.config.file} wins over both.
 */
final class LogSetup {
    static final String VERBOSE = "--verbose";

    static void apply(boolean verbose) {
        if (System.getProperty("java.util.logging.config.file") != null
                || System.getProperty("java.util.logging.config.class") != null) {
            return;
        }
        String file = verbose ? "logging-verbose.properties" : "logging.properties";
        try (InputStream in = LogSetup.class.getResourceAsStream(file)) {
            if (in == null) throw new IllegalStateException("the logging set-up " + file + " is missing from the jar");
            LogManager.getLogManager().readConfiguration(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the logging set-up " + file, e);
        }
    }

    private LogSetup() { }
}
