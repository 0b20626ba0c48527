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
 * same order and alignment, F32. To be sure the file is one of ours and of this shape, the weights
 * read are exported again and must give the same bytes; any other GGUF is refused.
 */
public final class GgufImport {
    private static final int ALIGNMENT = 32;

    private GgufImport() { }

    public static Weights read(Path gguf, ModelConfig c, TokenizerMetadata tokenizer) {
        Weights w = Weights.zeros(c);
        try (FileChannel ch = FileChannel.open(gguf, StandardOpenOption.READ)) {
            long at = GgufHeader.read(gguf).dataOffset(), offset = 0;
            for (Tensor t : w.all()) {
                ByteBuffer b = ByteBuffer.allocate(4 * t.data().length).order(ByteOrder.LITTLE_ENDIAN);
                ch.read(b, at + offset);
                b.flip().asFloatBuffer().get(t.data());
                offset = (offset + 4L * t.data().length + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
            }
            Path again = Files.createTempFile("liveharness-import", ".gguf");
            try {
                GgufHeader header = GgufHeader.read(gguf);
                // the context it was trained on is metadata only (RoPE learns no positions): a stage may train longer sequences
                Weights asWritten = header.metadata().get(header.architecture() + ".context_length") instanceof Number n ? w.withContext(n.intValue()) : w;
                GgufExport.write(asWritten, tokenizer, header.name(), header.string("general.finetune").orElse(null), again);
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
