package io.liveharness.engine.gguf;

import io.liveharness.engine.gguf.GgufFile.Value;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * Writes GGUF's little-endian primitives, metadata values and alignment padding through a large
 * buffer, and tracks where the tensor data section starts: what the random-model writers share.
 */
public final class GgufWriter {
    private final FileChannel ch;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    private long written; // bytes handed to the channel
    private long dataStart = -1;

    public GgufWriter(FileChannel ch) { this.ch = ch; }

    /** What follows the metadata: the tensor infos, the padding, the tensor data. */
    @FunctionalInterface
    public interface Tensors {
        void write(GgufWriter out) throws IOException;
    }

    /**
     * Writes a GGUF v3 file (header, metadata, then {@code tensors}) to a temporary file beside
     * {@code out} and moves it into place, so a half-written model is never left under its name.
     */
    public static void writeFile(Path out, long tensorCount, Map<String, Value> metadata, Tensors tensors) throws IOException {
        Path dir = out.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, out.getFileName().toString(), ".part");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            GgufWriter o = new GgufWriter(ch);
            o.i32(GgufFile.MAGIC);
            o.i32(3);
            o.i64(tensorCount);
            o.i64(metadata.size());
            for (Map.Entry<String, Value> e : metadata.entrySet()) {
                o.string(e.getKey());
                o.value(e.getValue());
            }
            tensors.write(o);
            o.flush();
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void room(int n) throws IOException {
        if (buf.remaining() < n) flush();
    }

    public void flush() throws IOException {
        buf.flip();
        while (buf.hasRemaining()) written += ch.write(buf);
        buf.clear();
    }

    public long position() { return written + buf.position(); }

    public void u8(int v) throws IOException { room(1); buf.put((byte) v); }

    public void i32(int v) throws IOException { room(4); buf.putInt(v); }

    public void i64(long v) throws IOException { room(8); buf.putLong(v); }

    public void f32(float v) throws IOException { room(4); buf.putFloat(v); }

    public void f16(float v) throws IOException { room(2); buf.putShort(Float.floatToFloat16(v)); }

    public void bytes(byte[] b) throws IOException {
        for (int i = 0; i < b.length; ) {
            room(1);
            int n = Math.min(buf.remaining(), b.length - i);
            buf.put(b, i, n);
            i += n;
        }
    }

    public void string(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        i64(b.length);
        bytes(b);
    }

    public void pad(int alignment) throws IOException {
        while (position() % alignment != 0) { room(1); buf.put((byte) 0); }
        dataStart = position();
    }

    public void padTo(long dataOffset) throws IOException {
        while (position() - dataStart < dataOffset) { room(1); buf.put((byte) 0); }
    }

    public void value(Value v) throws IOException {
        i32(v.type());
        if (v.type() == GgufFile.ARRAY) {
            i32(v.elementType());
            List<Object> list = v.list();
            i64(list.size());
            for (Object o : list) scalar(v.elementType(), o);
        } else {
            scalar(v.type(), v.value());
        }
    }

    private void scalar(int type, Object o) throws IOException {
        switch (type) {
            case GgufFile.UINT8, GgufFile.INT8 -> { room(1); buf.put((byte) (int) (Integer) o); }
            case GgufFile.BOOL -> { room(1); buf.put((byte) ((Boolean) o ? 1 : 0)); }
            case GgufFile.UINT16, GgufFile.INT16 -> { room(2); buf.putShort((short) (int) (Integer) o); }
            case GgufFile.UINT32, GgufFile.INT32 -> i32((Integer) o);
            case GgufFile.FLOAT32 -> f32((Float) o);
            case GgufFile.UINT64, GgufFile.INT64 -> i64((Long) o);
            case GgufFile.FLOAT64 -> { room(8); buf.putDouble((Double) o); }
            case GgufFile.STRING -> string((String) o);
            default -> throw new IOException("unknown gguf type " + type);
        }
    }
}
