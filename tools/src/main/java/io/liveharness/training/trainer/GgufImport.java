package io.liveharness.training.trainer;

import io.liveharness.engine.llama.GgufHeader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads back the weights of a GGUF this trainer exported ({@link GgufExport}): the tensors in the
 * same order and alignment, matrices F32 or F16 as general.file_type says. To be sure the file is
 * one of ours and of this shape, the weights read are exported again and must give the same bytes;
 * any other GGUF is refused.
 */
public final class GgufImport {
    private GgufImport() { }

    public static Weights read(Path gguf, ModelConfig c, TokenizerMetadata tokenizer) {
        Weights w = Weights.zeros(c);
        GgufHeader header = GgufHeader.read(gguf);
        GgufExport.Precision precision = GgufExport.Precision.of(header);
        try (FileChannel ch = FileChannel.open(gguf, StandardOpenOption.READ)) {
            long at = header.dataOffset(), offset = 0;
            for (Tensor t : w.all()) {
                ByteBuffer b = ByteBuffer.allocate((int) GgufExport.bytes(t, precision)).order(ByteOrder.LITTLE_ENDIAN);
                ch.read(b, at + offset);
                b.flip();
                if (t.matrix() && precision == GgufExport.Precision.F16) {
                    for (int i = 0; i < t.size(); i++) t.data()[i] = Float.float16ToFloat(b.getShort());
                } else {
                    b.asFloatBuffer().get(t.data());
                }
                offset = GgufExport.align(offset + GgufExport.bytes(t, precision));
            }
            Path again = Files.createTempFile("liveharness-import", ".gguf");
            try {
                // the context it was trained on is metadata only (RoPE learns no positions): a stage may train longer sequences
                Weights asWritten = header.metadata().get(header.architecture() + ".context_length") instanceof Number n ? w.withContext(n.intValue()) : w;
                GgufExport.write(asWritten, tokenizer, header.name(), header.string("general.finetune").orElse(null), precision, again);
                if (Files.mismatch(gguf, again) != -1) {
                    throw new IllegalArgumentException(gguf + " is not a model this trainer wrote with this shape and vocabulary");
                }
            } finally {
                Files.deleteIfExists(again);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + gguf + ": " + e.getMessage(), e);
        }
        return w;
    }
}
