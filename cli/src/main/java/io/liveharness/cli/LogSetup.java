package io.liveharness.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

import java.net.URL;
import java.util.Locale;

/**
 * Sets up the one logging backend, Logback, for a command, before anything logs. Everything reaches
 * it through SLF4J: the Kafka client, the MCP SDK, Vert.x and Netty directly; the Log4j2 API (the
 * broker) through log4j-to-slf4j; {@code System.Logger} (LiveHarness's own, llama.cpp's lines)
 * through slf4j-jdk-platform-logging; java.util.logging through the bridge installed here.
 * Human lines by default ({@code logback.xml}), JSON lines with {@link Format#JSON}
 * ({@code logback-json.xml}); {@code --verbose} lowers the levels. A file the operator names with
 * {@code -Dlogback.configurationFile} wins over both.
 */
final class LogSetup {
    static final String FORMAT_ENV = "LIVEHARNESS_LOG_FORMAT";

    /** How a record is written: a line for a person, or a JSON object for a log collector. */
    enum Format {
        HUMAN, JSON;

        /** {@code human} or {@code json}, as the environment or {@code --log-format} says it. */
        static Format of(String name) {
            try {
                return valueOf(name.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new UsageException("log format '" + name + "': human or json");
            }
        }

        /** {@value #FORMAT_ENV}, else human. */
        static Format fromEnvironment() {
            String env = System.getenv(FORMAT_ENV);
            return env == null || env.isBlank() ? HUMAN : of(env);
        }
    }

    static void apply(Format format, boolean verbose) {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        if (System.getProperty("logback.configurationFile") != null) return;
        String file = format == Format.JSON ? "io/liveharness/cli/logback-json.xml" : "logback.xml";
        URL url = LogSetup.class.getClassLoader().getResource(file);
        if (url == null) throw new IllegalStateException("the logging set-up " + file + " is missing from the jar");
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(url);
        } catch (JoranException e) {
            throw new IllegalStateException("cannot read the logging set-up " + file, e);
        }
        if (verbose) {
            context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.INFO);
            context.getLogger("io.liveharness").setLevel(Level.DEBUG);
            context.getLogger("io.micrometer.core.instrument.MeterRegistry").setLevel(Level.INFO);
        }
    }

    /** What each record names the node by from now on (a JSON line's {@code context.properties.node}). */
    static void node(String name) {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) context.putProperty("node", name);
    }

    private LogSetup() { }
}
