package io.liveharness.training.trainer;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Everything a run needs to continue bitwise as if never stopped: weights, AdamW moments, the
 * step, the data cursor (with the shuffle RNG's state) and the counters. Written to a temp file,
 * synced, then renamed over the previous one, so a kill leaves either the old or the new file.
 */
record Checkpoint(int step, long tokensSeen, long trainedTokensSeen, DataOrder.Cursor cursor, double trainSeconds,
                  Weights weights, Weights m, Weights v) {
    static final String FILE = "checkpoint.bin";
    private static final int MAGIC = 0x4C485443, VERSION = 1; // "LHTC"

    void write(Path dir) {
        Path tmp = dir.resolve(FILE + ".tmp");
        try (var fos = new java.io.FileOutputStream(tmp.toFile());
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(fos, 1 << 20))) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(step);
            out.writeLong(tokensSeen);
            out.writeLong(trainedTokensSeen);
            out.writeLong(cursor.epoch());
            out.writeInt(cursor.position());
            out.writeLong(cursor.epochState());
            out.writeDouble(trainSeconds);
            out.writeInt(weights.all().size());
            for (int i = 0; i < weights.all().size(); i++) {
                Tensor t = weights.all().get(i);
                out.writeUTF(t.name());
                out.writeInt(t.size());
                floats(out, t.data());
                floats(out, m.all().get(i).data());
                floats(out, v.all().get(i).data());
            }
            out.flush();
            fos.getFD().sync();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the checkpoint in " + dir + ": " + e.getMessage(), e);
        }
        try {
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the checkpoint into place in " + dir + ": " + e.getMessage(), e);
        }
    }

    static boolean exists(Path dir) { return Files.isRegularFile(dir.resolve(FILE)); }

    /** Reads the checkpoint of {@code dir} into tensors of {@code config}'s shape. */
    static Checkpoint read(Path dir, ModelConfig config) {
        Path file = dir.resolve(FILE);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20))) {
            if (in.readInt() != MAGIC) throw new IllegalStateException(file + " is not a trainer checkpoint");
            int version = in.readInt();
            if (version != VERSION) throw new IllegalStateException(file + " is checkpoint version " + version + ", not " + VERSION);
            int step = in.readInt();
            long tokens = in.readLong(), trained = in.readLong();
            DataOrder.Cursor cursor = new DataOrder.Cursor(in.readLong(), in.readInt(), in.readLong());
            double seconds = in.readDouble();
            Weights w = Weights.zeros(config), m = Weights.zeros(config), v = Weights.zeros(config);
            int n = in.readInt();
            if (n != w.all().size()) throw new IllegalStateException(file + " holds " + n + " tensors, the model " + w.all().size());
            for (int i = 0; i < n; i++) {
                Tensor t = w.all().get(i);
                String name = in.readUTF();
                int size = in.readInt();
                if (!name.equals(t.name()) || size != t.size()) {
                    throw new IllegalStateException(file + ": tensor " + i + " is " + name + " of " + size + ", expected " + t.name() + " of " + t.size());
                }
                readFloats(in, t.data());
                readFloats(in, m.all().get(i).data());
                readFloats(in, v.all().get(i).data());
            }
            return new Checkpoint(step, tokens, trained, cursor, seconds, w, m, v);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static void floats(DataOutputStream out, float[] x) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4 * x.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(x);
        out.write(b.array());
    }

    private static void readFloats(DataInputStream in, float[] x) throws IOException {
        byte[] raw = new byte[4 * x.length];
        in.readFully(raw);
        ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(x);
    }
}
