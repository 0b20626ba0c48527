package io.liveharness.cli;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The project logs through java.util.logging: what libraries log through the Log4j2 API (the
 * Kafka broker, and Vert.x, which takes that API when it finds it) must land there too, where the
 * command's levels apply, rather than in Log4j2's own fallback on stderr.
 */
class LogRouteTest {

    @Test
    void log4j2ApiRecordsReachJavaUtilLogging() {
        String name = "io.liveharness.test.route.log4j2";
        List<String> got = capture(name, () -> org.apache.logging.log4j.LogManager.getLogger(name).warn("from the Log4j2 API"));
        assertEquals(List.of("WARNING from the Log4j2 API"), got);
    }

    @Test
    void vertxRecordsReachJavaUtilLogging() {
        String name = "io.liveharness.test.route.vertx";
        List<String> got = capture(name, () -> io.vertx.core.internal.logging.LoggerFactory.getLogger(name).warn("from Vert.x"));
        assertEquals(List.of("WARNING from Vert.x"), got);
    }

    private static List<String> capture(String loggerName, Runnable log) {
        List<String> records = new ArrayList<>();
        Logger jul = Logger.getLogger(loggerName);
        Handler handler = new Handler() {
            @Override public void publish(LogRecord r) { records.add(r.getLevel() + " " + r.getMessage()); }
            @Override public void flush() { }
            @Override public void close() { }
        };
        jul.addHandler(handler);
        jul.setUseParentHandlers(false);
        try {
            log.run();
        } finally {
            jul.removeHandler(handler);
        }
        return records;
    }
}
