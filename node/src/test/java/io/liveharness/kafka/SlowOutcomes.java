package io.liveharness.kafka;

import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A producer interceptor for tests: while armed, a record of a topic whose name ends in
 * {@code -message-outcomes} is held back before it is sent, as a slow broker would hold its
 * acknowledgement, and {@link #holding} counts down when the first one is.
 */
public final class SlowOutcomes implements ProducerInterceptor<String, String> {
    static volatile long holdMs;
    static volatile CountDownLatch holding = new CountDownLatch(1);

    static void arm(long ms) {
        holding = new CountDownLatch(1);
        holdMs = ms;
    }

    static void disarm() { holdMs = 0; }

    @Override
    public ProducerRecord<String, String> onSend(ProducerRecord<String, String> record) {
        long ms = holdMs;
        if (ms > 0 && record.topic().endsWith("-message-outcomes")) {
            holding.countDown();
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return record;
    }

    @Override
    public void onAcknowledgement(RecordMetadata metadata, Exception exception) { }

    @Override
    public void close() { }

    @Override
    public void configure(Map<String, ?> configs) { }
}
