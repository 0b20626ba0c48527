package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GgufHeaderTest {
    @TempDir
    Path tmp;

    @Test
    void theStoriesModelHeaderDescribesALlamaWithATokenizer() {
        GgufHeader h = GgufHeader.read(LlamaTestSupport.model());
        assertEquals(3, h.version());
        assertEquals(48, h.tensorCount());
        assertEquals("llama", h.architecture());
        assertEquals("llama", h.name());
        assertTrue(h.hasTokenizer());
        assertFalse(h.hasChatTemplate());
        assertEquals(h.fileBytes(), h.dataOffset() + h.tensorDataBytes(), "the tensor data fills the file exactly");
    }

    @Test
    void aTruncatedModelIsRefusedWithTheBytesItDeclaresAndHas() throws IOException {
        Path cut = copyTruncated(LlamaTestSupport.model(), 1_000_000);
        var e = assertThrows(EngineException.class, () -> GgufHeader.read(cut));
        GgufHeader whole = GgufHeader.read(LlamaTestSupport.model());
        assertEquals("model file " + cut + " is truncated: declares " + whole.tensorDataBytes()
                + " bytes of tensor data, has " + (1_000_000 - whole.dataOffset()), e.getMessage());
    }

    @Test
    void aModelCutInsideItsHeaderIsRefusedAsTruncated() throws IOException {
        Path cut = copyTruncated(LlamaTestSupport.model(), 3000);
        var e = assertThrows(EngineException.class, () -> GgufHeader.read(cut));
        assertTrue(e.getMessage().startsWith("model file " + cut + " is truncated"), e.getMessage());
    }

    @Test
    void aTruncatedModelIsRefusedByTheBackendBeforeLlamaCppSeesIt() throws IOException {
        Path cut = copyTruncated(LlamaTestSupport.model(), 1_000_000);
        var e = assertThrows(EngineException.class,
                () -> LlamaBackend.open(LlamaOptions.of(cut).withLibraryDir(LlamaTestSupport.libraryDir())));
        assertTrue(e.getMessage().contains(cut.toString()) && e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void aFileThatIsNotGgufIsRefusedNamingTheFile() throws IOException {
        Path text = Files.writeString(tmp.resolve("notes.gguf"), "these are not model weights\n");
        var e = assertThrows(EngineException.class,
                () -> LlamaBackend.open(LlamaOptions.of(text).withLibraryDir(LlamaTestSupport.libraryDir())));
        assertEquals("model file " + text + " is not a GGUF file: it starts with bytes 74 68 65 73, expected 47 47 55 46 (\"GGUF\")",
                e.getMessage());
    }

    @Test
    void anEmptyFileIsRefusedNamingTheFile() throws IOException {
        Path empty = Files.createFile(tmp.resolve("empty.gguf"));
        var e = assertThrows(EngineException.class, () -> GgufHeader.read(empty));
        assertEquals("model file " + empty + " is not a GGUF file: it is only 0 bytes long", e.getMessage());
    }

    @Test
    void aMissingFileIsRefusedNamingTheFile() {
        Path missing = tmp.resolve("nope.gguf");
        var e = assertThrows(EngineException.class, () -> GgufHeader.read(missing));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void anUnsupportedGgufVersionIsRefused() throws IOException {
        byte[] bytes = Files.readAllBytes(LlamaTestSupport.model());
        bytes[4] = 1; // version 1 (little-endian uint32 at offset 4)
        Path old = Files.write(tmp.resolve("v1.gguf"), bytes);
        var e = assertThrows(EngineException.class, () -> GgufHeader.read(old));
        assertEquals("model file " + old + " has GGUF version 1; llama.cpp v0.5.0 reads versions 2 and 3", e.getMessage());
    }

    @Test
    void aCorruptStringLengthIsRefusedRatherThanAllocated() throws IOException {
        byte[] bytes = Files.readAllBytes(LlamaTestSupport.model());
        Arrays.fill(bytes, 24, 32, (byte) 0x7f); // the first key's length becomes ~9e18
        Path bad = Files.write(tmp.resolve("bad.gguf"), bytes);
        var e = assertThrows(EngineException.class, () -> GgufHeader.read(bad));
        assertTrue(e.getMessage().startsWith("model file " + bad + " is corrupt"), e.getMessage());
    }

    @Test
    void aModelWithoutArchitectureIsRefused() throws IOException {
        byte[] bytes = Files.readAllBytes(LlamaTestSupport.model());
        String s = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = s.indexOf("general.architecture");
        bytes[at] = 'G'; // same length, different key
        Path bad = Files.write(tmp.resolve("noarch.gguf"), bytes);
        var e = assertThrows(EngineException.class, () -> GgufHeader.read(bad));
        assertTrue(e.getMessage().contains("has no general.architecture"), e.getMessage());
    }

    @Test
    void aModelLlamaCppRefusesIsReportedWithItsReasonInsteadOfCrashing() throws IOException {
        // A well-formed GGUF whose architecture llama.cpp does not know: llama_model_load_from_file returns NULL.
        byte[] bytes = Files.readAllBytes(LlamaTestSupport.model());
        String s = new String(bytes, StandardCharsets.ISO_8859_1);
        int key = s.indexOf("general.architecture");
        int value = s.indexOf("llama", key + "general.architecture".length());
        System.arraycopy("xxxxx".getBytes(StandardCharsets.US_ASCII), 0, bytes, value, 5);
        Path odd = Files.write(tmp.resolve("odd-arch.gguf"), bytes);
        assertEquals("xxxxx", GgufHeader.read(odd).architecture());
        var e = assertThrows(EngineException.class,
                () -> LlamaBackend.open(LlamaOptions.of(odd).withLibraryDir(LlamaTestSupport.libraryDir())));
        assertTrue(e.getMessage().startsWith("llama.cpp could not load model file " + odd), e.getMessage());
        assertTrue(e.getMessage().contains("xxxxx"), "carries llama.cpp's reason: " + e.getMessage());
    }

    private Path copyTruncated(Path source, int length) throws IOException {
        byte[] bytes = Files.readAllBytes(source);
        return Files.write(tmp.resolve("truncated.gguf"), Arrays.copyOf(bytes, length));
    }
}
