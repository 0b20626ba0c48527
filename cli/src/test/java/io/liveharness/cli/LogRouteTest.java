package io.liveharness.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One logging backend: what LiveHarness and every library log, through whichever API each uses (the
 * Log4j2 API of the Kafka broker, Vert.x's own, java.util.logging, {@code System.Logger}), lands in
 * Logback, where the command's format and levels apply, rather than in a fallback on stderr or nowhere.
 */
class LogRouteTest {

    static {
        LogSetup.apply(LogSetup.Format.HUMAN, false);
    }

    @Test
    void log4j2ApiRecordsReachLogback() {
        String name = "io.liveharness.test.route.log4j2";
        assertEquals(List.of("WARN from the Log4j2 API"), capture(name, () -> org.apache.logging.log4j.LogManager.getLogger(name).warn("from the Log4j2 API")));
    }

    @Test
    void vertxRecordsReachLogback() {
        String name = "io.liveharness.test.route.vertx";
        assertEquals(List.of("WARN from Vert.x"), capture(name, () -> io.vertx.core.internal.logging.LoggerFactory.getLogger(name).warn("from Vert.x")));
    }

    @Test
    void javaUtilLoggingRecordsReachLogback() {
        String name = "io.liveharness.test.route.jul";
        assertEquals(List.of("WARN from JUL"), capture(name, () -> java.util.logging.Logger.getLogger(name).warning("from JUL")));
    }

    @Test
    void systemLoggerRecordsReachLogbackAtTheCommandsLevels() {
        String name = "io.liveharness.test.route.system";
        // LiveHarness's own INFO shows by default, its DEBUG (llama.cpp's warnings) only with --verbose
        assertEquals(List.of("INFO shown"), capture(name, () -> {
            System.getLogger(name).log(System.Logger.Level.INFO, "shown");
            System.getLogger(name).log(System.Logger.Level.DEBUG, "kept quiet");
        }));
    }

    private static List<String> capture(String loggerName, Runnable log) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger logger = context.getLogger(loggerName);
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.setContext(context);
        appender.start();
        logger.addAppender(appender);
        try {
            log.run();
        } finally {
            logger.detachAppender(appender);
        }
        return appender.list.stream().map(e -> e.getLevel() + " " + e.getFormattedMessage()).toList();
    }
}
