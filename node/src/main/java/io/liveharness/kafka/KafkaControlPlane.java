package io.liveharness.kafka;

import io.liveharness.config.KafkaConfig;
import io.liveharness.control.ControlApplier;
import io.liveharness.control.ControlChange;
import io.liveharness.control.ControlPlane;
import io.liveharness.control.NotCaughtUpException;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The control plane of a cluster: one compacted topic with one partition ({@code kafka.topics.controlPlane}),
 * so that its offsets are the one order in which every node applies every change. A node reads it
 * from the beginning on a thread of its own and applies each record through the same
 * {@link ControlApplier} a single node uses; it is {@link #caughtUp} once it has applied up to the
 * end offset it saw when it started reading, or when it came back after being cut off.
 *
 * <p>A write is checked on the node it reached, against what that node has applied (so the node
 * must be caught up), then produced, and returns once this node has applied it; a record every node
 * refuses at apply (two writers raced) comes back to the writer as its refusal. A version's parts
 * count only once all are read and their files hash to the version's id: a writer that dies
 * between parts leaves nothing applied.
 */
public final class KafkaControlPlane implements ControlPlane, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaControlPlane.class);
    private static final Duration POLL = Duration.ofMillis(50);
    /** How often the reader asks for the end offset, to notice it lost the broker (and catch up when back). */
    private static final long PROBE_MS = 1_000;
    private static final long WRITE_TIMEOUT_S = 30;
    private static final int REFUSALS_KEPT = 256;

    private final KafkaConfig config;
    private final ControlApplier applier;
    private final RoomRegistry rooms;
    private final TopicPartition partition;
    private final KafkaProducer<String, String> producer;
    private final Thread reader;
    private final Object progress = new Object();
    /** Refusals at apply, by offset, for the writer waiting on that offset. */
    private final Map<Long, String> refused = java.util.Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override protected boolean removeEldestEntry(Map.Entry<Long, String> e) { return size() > REFUSALS_KEPT; }
    });
    /** Versions whose parts are still being read: reader thread only. */
    private final Map<String, byte[][]> assembling = new HashMap<>();
    private final Map<String, String> assemblingChannel = new HashMap<>();
    private volatile long position;
    private volatile long target = Long.MAX_VALUE;
    private volatile boolean caughtUp;
    private volatile boolean cut;
    private volatile boolean closed;

    public KafkaControlPlane(KafkaConfig config, String nodeId, ControlApplier applier, RoomRegistry rooms) {
        this.config = config;
        this.applier = applier;
        this.rooms = rooms;
        this.partition = new TopicPartition(config.topics().controlPlane(), 0);
        Map<String, Object> props = new HashMap<>();
        props.put("bootstrap.servers", config.bootstrapServers());
        props.put("acks", "all");
        props.put("enable.idempotence", "true");
        props.put("client.id", "liveharness-control-" + nodeId);
        props.putAll(config.producer());
        this.producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
        this.reader = Thread.ofPlatform().daemon().name("liveharness-control-plane").unstarted(this::read);
    }

    /** Starts reading; returns once caught up, or throws after {@code timeoutMs}. */
    public void start(long timeoutMs) {
        reader.start();
        long until = System.currentTimeMillis() + timeoutMs;
        synchronized (progress) {
            while (!caughtUp && System.currentTimeMillis() < until && reader.isAlive()) {
                try {
                    progress.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while reading the control plane", e);
                }
            }
        }
        if (!caughtUp) {
            throw new IllegalStateException("the control plane (topic " + partition.topic() + " at " + config.bootstrapServers()
                    + ") was not read to its end within " + timeoutMs + " ms");
        }
    }

    @Override public boolean caughtUp() { return caughtUp && !cut; }

    /**
     * Fault runs: {@code true} stops this node reading and writing the control plane, as a
     * network partition from it would; {@code false} brings it back, to catch up before it is
     * caught up again.
     */
    public void cutOff(boolean off) {
        if (off) caughtUp = false;
        cut = off;
    }

    // -- writing

    @Override public Harness publish(HarnessFiles files, String channel) {
        ControlChange.Publish change = new ControlChange.Publish(files, channel);
        requireCaughtUp();
        applier.check(change);
        Harness h = applier.harnesses().check(files);
        write(ControlRecords.encode(change, h.version()));
        return applier.harnesses().version(h.version()).orElse(h);
    }

    @Override public void setChannel(String channel, String version) { change(new ControlChange.ChannelMove(channel, version)); }

    @Override public void pin(String roomId, Pin pin) { change(new ControlChange.PinChange(roomId, pin)); }

    @Override public void unpin(String roomId) { change(new ControlChange.PinChange(roomId, null)); }

    @Override public void startExperiment(Experiment experiment) { change(new ControlChange.ExperimentStart(experiment)); }

    @Override public void stopExperiment(String name) { change(new ControlChange.ExperimentStop(name)); }

    @Override public void putRoom(RoomManifest manifest) { change(new ControlChange.RoomPut(manifest)); }

    @Override public void retireRoom(String roomId) {
        requireCaughtUp();
        applier.check(new ControlChange.RoomRetire(roomId));
        write(List.of(ControlRecords.retire(rooms.manifest(roomId).orElseThrow())));
    }

    private void change(ControlChange c) {
        requireCaughtUp();
        applier.check(c);
        write(ControlRecords.encode(c, null));
    }

    private void requireCaughtUp() {
        if (!caughtUp()) throw new NotCaughtUpException("this node has not read the control plane to its end (starting, or cut off from it); "
                + "send the change to another node or try again");
    }

    /** Produces the records in order, then waits until this node has applied the last; its refusal is the write's. */
    private void write(List<ControlRecords.Out> records) {
        long last;
        try {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (ControlRecords.Out r : records) sent.add(producer.send(new ProducerRecord<>(partition.topic(), 0, r.key(), r.value())));
            last = -1;
            for (Future<RecordMetadata> f : sent) last = Math.max(last, f.get(WRITE_TIMEOUT_S, TimeUnit.SECONDS).offset());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing to the control plane", e);
        } catch (Exception e) {
            throw new IllegalStateException("the control plane did not take the change: " + e.getMessage(), e);
        }
        long until = System.currentTimeMillis() + TimeUnit.SECONDS.toMillis(WRITE_TIMEOUT_S);
        synchronized (progress) {
            while (position <= last) {
                long left = until - System.currentTimeMillis();
                if (left <= 0) throw new IllegalStateException("the change is written (offset " + last + ") but this node has not applied it yet");
                try {
                    progress.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while applying a control-plane change", e);
                }
            }
        }
        String refusal = refused.remove(last);
        if (refusal != null) throw new IllegalArgumentException(refusal);
    }

    // -- reading

    private void read() {
        Map<String, Object> props = new HashMap<>();
        props.put("bootstrap.servers", config.bootstrapServers());
        props.put("enable.auto.commit", "false");
        props.put("max.partition.fetch.bytes", String.valueOf(4 << 20));
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long probed = 0;
            boolean lost = true; // no end offset seen yet: not caught up until one is, and read to
            boolean wasCut = false;
            while (!closed) {
                if (cut) {
                    wasCut = true;
                    Thread.sleep(POLL.toMillis());
                    continue;
                }
                if (lost || wasCut || System.currentTimeMillis() - probed > PROBE_MS) {
                    probed = System.currentTimeMillis();
                    try {
                        long end = endOffset(consumer);
                        if (wasCut || lost) target = end; // (back) caught up only once read to the end it sees now
                        lost = false;
                        wasCut = false;
                    } catch (org.apache.kafka.common.errors.InterruptException e) {
                        throw e;
                    } catch (org.apache.kafka.common.KafkaException e) {
                        lost = true; // the broker is away, or slow to answer: tried again on the next round
                        caughtUp = false;
                    }
                }
                long at;
                try {
                    for (ConsumerRecord<String, String> r : consumer.poll(POLL)) {
                        if (cut) { // cut off while this batch was fetched: it is read again once back
                            consumer.seek(partition, r.offset());
                            break;
                        }
                        apply(r);
                    }
                    at = consumer.position(partition, Duration.ofSeconds(5));
                } catch (org.apache.kafka.common.errors.InterruptException e) {
                    throw e;
                } catch (org.apache.kafka.common.KafkaException e) {
                    lost = true;
                    caughtUp = false;
                    continue;
                }
                synchronized (progress) {
                    position = at;
                    if (!lost && !wasCut && at >= target) caughtUp = true;
                    progress.notifyAll();
                }
            }
        } catch (InterruptedException | org.apache.kafka.common.errors.InterruptException e) {
            // closing
        } catch (RuntimeException e) {
            if (!closed) LOG.error("the control-plane reader stopped: {}", e.toString());
        } finally {
            caughtUp = false;
        }
    }

    private long endOffset(KafkaConsumer<String, String> consumer) {
        return consumer.endOffsets(List.of(partition), Duration.ofSeconds(5)).get(partition);
    }

    private void apply(ConsumerRecord<String, String> r) {
        try {
            if (ControlRecords.isVersionPart(r.key())) {
                versionPart(ControlRecords.part(r.value()));
                return;
            }
            ControlChange c = ControlRecords.change(r.key(), r.value());
            if (c instanceof ControlChange.RoomRetire retire && !rooms.exists(retire.roomId())) {
                // Its earlier record is compacted away: the room is known from the retirement's manifest, as retired.
                applier.apply(new ControlChange.RoomPut(ControlRecords.manifest(r.value())));
            }
            applier.check(c);
            applier.apply(c);
        } catch (RuntimeException e) {
            refuse(r, e);
        }
    }

    private void versionPart(ControlRecords.VersionPart p) {
        byte[][] parts = assembling.computeIfAbsent(p.version(), v -> new byte[p.parts()][]);
        if (parts.length != p.parts() || p.part() < 0 || p.part() >= parts.length) {
            throw new IllegalArgumentException("version " + p.version() + ": part " + p.part() + " of " + p.parts() + " does not fit the others");
        }
        parts[p.part()] = p.data();
        if (p.channel() != null) assemblingChannel.put(p.version(), p.channel());
        if (p.part() != parts.length - 1) return;
        for (byte[] part : parts) if (part == null) return; // a part is missing: written by a writer that died, never applied
        assembling.remove(p.version());
        String channel = assemblingChannel.remove(p.version());
        HarnessFiles files = ControlRecords.files(p.version(), parts);
        Harness h = applier.harnesses().check(files);
        if (!h.version().equals(p.version())) {
            throw new IllegalArgumentException("version " + p.version() + ": its files hash to " + h.version() + "; not applied");
        }
        ControlChange.Publish publish = new ControlChange.Publish(files, channel);
        applier.check(publish);
        applier.apply(publish);
    }

    private void refuse(ConsumerRecord<String, String> r, RuntimeException e) {
        String why = e instanceof io.liveharness.harness.HarnessException h ? String.join("; ", h.problems()) : e.getMessage();
        refused.put(r.offset(), why);
        LOG.atWarn().addKeyValue("offset", r.offset()).addKeyValue("key", r.key()).log("control-plane record not applied: {}", why);
    }

    @Override
    public void close() {
        closed = true;
        reader.interrupt();
        try {
            reader.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(Duration.ofSeconds(5));
    }
}
