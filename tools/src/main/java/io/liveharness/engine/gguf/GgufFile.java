package io.liveharness.engine.gguf;

import io.liveharness.engine.EngineException;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GGUF v3 metadata, read in full (arrays included) so it can be copied into a new file: the
 * random-model writer takes a vocabulary GGUF's tokenizer from here. Tensor data is not read.
 */
public final class GgufFile {
    public static final int MAGIC = 0x46554747; // "GGUF", little-endian
    // gguf_type
    public static final int UINT8 = 0, INT8 = 1, UINT16 = 2, INT16 = 3, UINT32 = 4, INT32 = 5, FLOAT32 = 6, BOOL = 7,
            STRING = 8, ARRAY = 9, UINT64 = 10, INT64 = 11, FLOAT64 = 12;

    /** One metadata value: its gguf_type and, for arrays, the element type; the value is boxed, arrays are Lists. */
    public record Value(int type, int elementType, Object value) {
        public static Value string(String s) { return new Value(STRING, -1, s); }
        public static Value u32(int v) { return new Value(UINT32, -1, v); }
        public static Value f32(float v) { return new Value(FLOAT32, -1, v); }
        public static Value bool(boolean v) { return new Value(BOOL, -1, v); }
        public static Value strings(List<String> v) { return new Value(ARRAY, STRING, v); }
        public static Value ints(List<Integer> v) { return new Value(ARRAY, INT32, v); }
        public static Value floats(List<Float> v) { return new Value(ARRAY, FLOAT32, v); }

        @SuppressWarnings("unchecked")
        public <T> List<T> list() { return (List<T>) value; }
    }

    private GgufFile() { }

    /** The metadata of {@code file}, in file order. */
    public static Map<String, Value> readMetadata(Path file) {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            LeReader in = new LeReader(raw);
            if (in.i32() != MAGIC) throw new EngineException(file + " is not a GGUF file (bad magic)");
            int version = in.i32();
            if (version != 3) throw new EngineException(file + " is GGUF version " + version + "; only 3 is read here");
            in.i64(); // tensor count
            long kvs = in.i64();
            if (kvs < 0 || kvs > 1 << 20) throw new EngineException(file + " declares " + kvs + " metadata entries");
            Map<String, Value> out = new LinkedHashMap<>();
            for (long i = 0; i < kvs; i++) {
                String key = in.string();
                int type = in.i32();
                if (type == ARRAY) {
                    int et = in.i32();
                    long n = in.i64();
                    if (n < 0 || n > 1 << 24) throw new EngineException(file + ": array " + key + " of " + n + " entries");
                    List<Object> list = new ArrayList<>((int) n);
                    for (long j = 0; j < n; j++) list.add(in.scalar(et));
                    out.put(key, new Value(ARRAY, et, list));
                } else {
                    out.put(key, new Value(type, -1, in.scalar(type)));
                }
            }
            return out;
        } catch (IOException e) {
            throw new EngineException("cannot read GGUF metadata from " + file + ": " + e.getMessage(), e);
        }
    }

    private static final class LeReader {
        private final DataInputStream in;
        private final byte[] b8 = new byte[8];

        LeReader(InputStream in) { this.in = new DataInputStream(in); }

        private ByteBuffer read(int n) throws IOException {
            in.readFully(b8, 0, n);
            return ByteBuffer.wrap(b8, 0, n).order(ByteOrder.LITTLE_ENDIAN);
        }

        int i32() throws IOException { return read(4).getInt(); }

        long i64() throws IOException { return read(8).getLong(); }

        String string() throws IOException {
            long n = i64();
            if (n < 0 || n > 1 << 26) throw new IOException("string of " + n + " bytes");
            return new String(in.readNBytes((int) n), StandardCharsets.UTF_8);
        }

        Object scalar(int type) throws IOException {
            return switch (type) {
                case UINT8, INT8 -> (int) read(1).get();
                case BOOL -> read(1).get() != 0;
                case UINT16, INT16 -> (int) read(2).getShort();
                case UINT32, INT32 -> i32();
                case FLOAT32 -> read(4).getFloat();
                case UINT64, INT64 -> i64();
                case FLOAT64 -> read(8).getDouble();
                case STRING -> string();
                default -> throw new IOException("unknown gguf type " + type);
            };
        }
    }
}
