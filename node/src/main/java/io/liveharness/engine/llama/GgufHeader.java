package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a GGUF file says about itself, read in plain Java before llama.cpp sees the file.
 * llama.cpp reports a bad file with a log line and a NULL (or, for some corruptions, by reading
 * past the end of a mapping); checking the header here gives the operator a sentence naming the
 * file and the problem instead.
 *
 * <p>Only scalar metadata values are kept; arrays (the tokenizer's token list) are recorded by
 * their length, which is enough to know a tokenizer is present.
 *
 * @param metadata        scalar values as String, Long, Double or Boolean; arrays as {@link ArrayValue}
 * @param dataOffset      where the tensor data section starts (after alignment padding)
 * @param tensorDataBytes how many bytes of tensor data the tensor table declares
 */
public record GgufHeader(Path file, int version, long tensorCount, Map<String, Object> metadata,
                         long dataOffset, long tensorDataBytes, long fileBytes) {

    /** The length and element type of an array value, whose elements are not kept. */
    public record ArrayValue(int elementType, long length) { }

    private static final int MAGIC = 0x46554747; // "GGUF" read as a little-endian uint32
    private static final int DEFAULT_ALIGNMENT = 32;
    // Limits that no real model comes near; past them the file is corrupt, not large.
    private static final long MAX_KV = 1 << 20;
    private static final long MAX_TENSORS = 1 << 24;
    private static final int MAX_DIMS = 4; // GGML_MAX_DIMS

    // GGUF value types (gguf.h, enum gguf_type)
    private static final int T_UINT8 = 0, T_INT8 = 1, T_UINT16 = 2, T_INT16 = 3, T_UINT32 = 4, T_INT32 = 5,
            T_FLOAT32 = 6, T_BOOL = 7, T_STRING = 8, T_ARRAY = 9, T_UINT64 = 10, T_INT64 = 11, T_FLOAT64 = 12;

    /**
     * Block size and bytes per block of each ggml_type, indexed by type id, as ggml v0.5.0's
     * ggml_blck_size / ggml_type_size report them; 0 marks ids that were removed or never used.
     */
    private static final int[][] TYPE_SIZES = {
            {1, 4}, {1, 2}, {32, 18}, {32, 20}, {0, 0}, {0, 0}, {32, 22}, {32, 24}, {32, 34}, {32, 36},
            {256, 84}, {256, 110}, {256, 144}, {256, 176}, {256, 210}, {256, 292}, {256, 66}, {256, 74},
            {256, 98}, {256, 50}, {32, 18}, {256, 110}, {256, 82}, {256, 136}, {1, 1}, {1, 2}, {1, 4},
            {1, 8}, {1, 8}, {256, 56}, {1, 2}, {0, 0}, {0, 0}, {0, 0}, {256, 54}, {256, 66}, {0, 0},
            {0, 0}, {0, 0}, {32, 17}, {64, 36}, {128, 18}, {64, 18},
    };

    public Optional<String> string(String key) {
        return metadata.get(key) instanceof String s ? Optional.of(s) : Optional.empty();
    }

    public String architecture() {
        return string("general.architecture").orElseThrow();
    }

    /**
     * Width of one attention head (key_length, else embedding_length / head_count), or 0 when the
     * header does not say (per-layer head counts are arrays, which the header does not keep).
     */
    public int attentionHeadWidth() {
        String arch = architecture();
        if (metadata.get(arch + ".attention.key_length") instanceof Number k) return k.intValue();
        if (metadata.get(arch + ".embedding_length") instanceof Number e
                && metadata.get(arch + ".attention.head_count") instanceof Number h && h.intValue() > 0) {
            return e.intValue() / h.intValue();
        }
        return 0;
    }

    /** general.name, or the file name without .gguf when the file has none. */
    public String name() {
        return string("general.name").filter(s -> !s.isBlank())
                .orElseGet(() -> file.getFileName().toString().replaceFirst("(?i)\\.gguf$", ""));
    }

    public boolean hasTokenizer() {
        return metadata.containsKey("tokenizer.ggml.model") && metadata.get("tokenizer.ggml.tokens") instanceof ArrayValue;
    }

    public boolean hasChatTemplate() {
        return metadata.containsKey("tokenizer.chat_template");
    }

    /**
     * Reads and checks the header of {@code file}: magic, version, metadata, tensor table, and
     * that the file holds all the tensor data the table declares.
     *
     * @throws EngineException naming the file and what is wrong with it
     */
    public static GgufHeader read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new EngineException("model file " + file + " does not exist or is not a regular file");
        }
        long fileBytes;
        try {
            fileBytes = Files.size(file);
        } catch (IOException e) {
            throw new EngineException("cannot read model file " + file + ": " + e.getMessage(), e);
        }
        try (var in = new Reader(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            return parse(file, fileBytes, in);
        } catch (EOFException e) {
            throw new EngineException("model file " + file + " is truncated: its header runs past the end of the file ("
                    + fileBytes + " bytes)", e);
        } catch (IOException e) {
            throw new EngineException("cannot read model file " + file + ": " + e.getMessage(), e);
        }
    }

    private static GgufHeader parse(Path file, long fileBytes, Reader in) throws IOException {
        if (fileBytes < 4) {
            throw notGguf(file, "it is only " + fileBytes + " bytes long");
        }
        int magic = in.i32();
        if (magic != MAGIC) {
            throw notGguf(file, String.format("it starts with bytes %02x %02x %02x %02x, expected 47 47 55 46 (\"GGUF\")",
                    magic & 0xff, (magic >>> 8) & 0xff, (magic >>> 16) & 0xff, (magic >>> 24) & 0xff));
        }
        int version = in.i32();
        if (version != 2 && version != 3) {
            throw new EngineException("model file " + file + " has GGUF version " + Integer.toUnsignedString(version)
                    + "; llama.cpp v0.5.0 reads versions 2 and 3");
        }
        long tensorCount = in.i64();
        long kvCount = in.i64();
        if (tensorCount < 0 || tensorCount > MAX_TENSORS || kvCount < 0 || kvCount > MAX_KV) {
            throw corrupt(file, "it declares " + Long.toUnsignedString(tensorCount) + " tensors and "
                    + Long.toUnsignedString(kvCount) + " metadata entries");
        }

        Map<String, Object> metadata = new LinkedHashMap<>();
        for (long i = 0; i < kvCount; i++) {
            String key = in.string(file, fileBytes);
            int type = in.i32();
            metadata.put(key, value(file, fileBytes, in, type, key));
        }

        long alignment = DEFAULT_ALIGNMENT;
        if (metadata.get("general.alignment") instanceof Long a) {
            if (a <= 0 || Long.bitCount(a) != 1) {
                throw corrupt(file, "general.alignment is " + a + ", not a power of two");
            }
            alignment = a;
        }

        long dataBytes = 0;
        for (long i = 0; i < tensorCount; i++) {
            String name = in.string(file, fileBytes);
            int dims = in.i32();
            if (dims < 1 || dims > MAX_DIMS) {
                throw corrupt(file, "tensor " + name + " has " + dims + " dimensions");
            }
            long elements = 1;
            for (int d = 0; d < dims; d++) {
                long n = in.i64();
                if (n < 0 || (n != 0 && elements > Long.MAX_VALUE / n)) {
                    throw corrupt(file, "tensor " + name + " has an impossible shape");
                }
                elements *= n;
            }
            int type = in.i32();
            long offset = in.i64();
            if (type < 0 || type >= TYPE_SIZES.length || TYPE_SIZES[type][0] == 0) {
                throw corrupt(file, "tensor " + name + " has ggml type " + type + ", which llama.cpp v0.5.0 does not know");
            }
            long bytes = elements / TYPE_SIZES[type][0] * TYPE_SIZES[type][1];
            if (offset < 0 || offset % alignment != 0) {
                throw corrupt(file, "tensor " + name + " starts at offset " + offset + ", not a multiple of " + alignment);
            }
            dataBytes = Math.max(dataBytes, offset + bytes);
        }

        long dataOffset = (in.position() + alignment - 1) / alignment * alignment;
        long has = Math.max(0, fileBytes - dataOffset);
        if (has < dataBytes) {
            throw new EngineException("model file " + file + " is truncated: declares " + dataBytes
                    + " bytes of tensor data, has " + has);
        }
        if (!(metadata.get("general.architecture") instanceof String)) {
            throw new EngineException("model file " + file + " has no general.architecture, so llama.cpp cannot tell which model it is");
        }
        var header = new GgufHeader(file, version, tensorCount, Map.copyOf(metadata), dataOffset, dataBytes, fileBytes);
        if (!header.hasTokenizer()) {
            throw new EngineException("model file " + file + " has no tokenizer (tokenizer.ggml.model and tokenizer.ggml.tokens)");
        }
        return header;
    }

    private static Object value(Path file, long fileBytes, Reader in, int type, String key) throws IOException {
        return switch (type) {
            case T_UINT8 -> (long) in.u8();
            case T_INT8 -> (long) (byte) in.u8();
            case T_UINT16 -> (long) (Short.toUnsignedInt(in.i16()));
            case T_INT16 -> (long) in.i16();
            case T_UINT32 -> Integer.toUnsignedLong(in.i32());
            case T_INT32 -> (long) in.i32();
            case T_FLOAT32 -> (double) Float.intBitsToFloat(in.i32());
            case T_BOOL -> in.u8() != 0;
            case T_STRING -> in.string(file, fileBytes);
            case T_UINT64, T_INT64 -> in.i64();
            case T_FLOAT64 -> Double.longBitsToDouble(in.i64());
            case T_ARRAY -> {
                int elementType = in.i32();
                long length = in.i64();
                if (length < 0 || length > fileBytes) {
                    throw corrupt(file, "metadata " + key + " declares an array of " + Long.toUnsignedString(length) + " elements");
                }
                if (elementType == T_ARRAY) {
                    throw corrupt(file, "metadata " + key + " is an array of arrays");
                }
                for (long i = 0; i < length; i++) {
                    value(file, fileBytes, in, elementType, key);
                }
                yield new ArrayValue(elementType, length);
            }
            default -> throw corrupt(file, "metadata " + key + " has unknown value type " + type);
        };
    }

    private static EngineException notGguf(Path file, String why) {
        return new EngineException("model file " + file + " is not a GGUF file: " + why);
    }

    private static EngineException corrupt(Path file, String why) {
        return new EngineException("model file " + file + " is corrupt: " + why);
    }

    /** Little-endian reads over a stream, counting the position. */
    private static final class Reader implements AutoCloseable {
        private final DataInputStream in;
        private long position;

        Reader(InputStream in) { this.in = new DataInputStream(in); }

        long position() { return position; }

        int u8() throws IOException { position += 1; return in.readUnsignedByte(); }

        short i16() throws IOException { position += 2; return Short.reverseBytes(in.readShort()); }

        int i32() throws IOException { position += 4; return Integer.reverseBytes(in.readInt()); }

        long i64() throws IOException { position += 8; return Long.reverseBytes(in.readLong()); }

        String string(Path file, long fileBytes) throws IOException {
            long length = i64();
            if (length < 0 || length > fileBytes - position) {
                if (length >= 0 && length <= Integer.MAX_VALUE) {
                    throw new EOFException(); // the string is cut off by the end of the file
                }
                throw corrupt(file, "a string at offset " + (position - 8) + " declares " + Long.toUnsignedString(length) + " bytes");
            }
            byte[] bytes = in.readNBytes((int) length);
            if (bytes.length != length) {
                throw new EOFException();
            }
            position += length;
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws IOException { in.close(); }
    }
}
