package io.liveharness.kafka.broker;

import java.io.IOException;

/**
 * The broker child's entry point: {@code kafka.Kafka} with a watch on the parent. The parent holds
 * this process's stdin; when the parent dies, however it dies (even kill -9, with no shutdown
 * hook run), stdin reaches its end and the broker goes with it.
 */
public final class BrokerMain {
    public static void main(String[] args) throws Exception {
        Thread watch = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent never writes; only the end matters
                }
            } catch (IOException gone) {
                // a broken pipe is the same news
            }
            Runtime.getRuntime().halt(0);
        }, "parent-watch");
        watch.setDaemon(true);
        watch.start();
        kafka.Kafka.main(args);
    }

    private BrokerMain() { }
}
