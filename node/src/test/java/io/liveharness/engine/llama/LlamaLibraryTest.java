package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LlamaLibraryTest {
    @TempDir
    Path tmp;

    @Test
    void theSelfCheckPassesOnTheRealLibrary() {
        LlamaLibrary lib = LlamaLibrary.loadFrom(LlamaTestSupport.libraryDir());
        LlamaSelfCheck.Report report = lib.selfCheck();
        assertTrue(report.version().startsWith("0.5.0"), report.version());
        assertEquals("CPU", report.cpuDevice());
        assertTrue(report.backends().contains("CPU"), report.backends().toString());
        assertTrue(report.devices().stream().anyMatch(d -> d.startsWith("CPU (")), report.devices().toString());
        assertEquals(80, report.modelParamsBytes());
        assertEquals(160, report.contextParamsBytes());
    }

    @Test
    void theSelfCheckSeesAFieldAtTheWrongOffset() {
        // As if llama.h had swapped n_ctx and n_batch: our layout reads each at the other's offset.
        StructLayout swapped = rename(LlamaContext.CONTEXT_PARAMS, Map.of("n_ctx", "n_batch", "n_batch", "n_ctx"));
        List<String> problems = LlamaSelfCheck.checkStruct(library(), "llama_context_default_params",
                "llama_context_params", swapped, LlamaSelfCheck.CONTEXT_DEFAULTS);
        assertTrue(problems.contains("llama_context_params.n_ctx at offset 4 reads 2048, expected 512"), problems.toString());
    }

    @Test
    void theSelfCheckSeesALibraryStructLargerThanOurLayout() {
        // As if the library had gained n_samplers and this code had not: 152 bytes against 160.
        StructLayout older = MemoryLayout.structLayout(LlamaContext.CONTEXT_PARAMS.memberLayouts().stream()
                .filter(m -> !m.name().orElse("").equals("n_samplers")).toArray(MemoryLayout[]::new));
        List<String> problems = LlamaSelfCheck.checkStruct(library(), "llama_context_default_params",
                "llama_context_params", older, LlamaSelfCheck.CONTEXT_DEFAULTS);
        assertTrue(problems.contains("llama_context_params is larger than the 152 bytes this code expects: byte 152 was written"),
                problems.toString());
    }

    @Test
    void theSelfCheckSeesALibraryStructSmallerThanOurLayout() {
        // As if this code expected a field the library does not have yet: nothing writes it.
        var members = new java.util.ArrayList<>(LlamaModel.MODEL_PARAMS.memberLayouts());
        members.add(ValueLayout.ADDRESS.withName("future"));
        StructLayout newer = MemoryLayout.structLayout(members.toArray(MemoryLayout[]::new));
        var expected = new java.util.ArrayList<>(LlamaSelfCheck.MODEL_DEFAULTS);
        expected.add(new LlamaSelfCheck.Expect("future", LlamaSelfCheck.NULL));
        List<String> problems = LlamaSelfCheck.checkStruct(library(), "llama_model_default_params",
                "llama_model_params", newer, expected);
        assertEquals(List.of("llama_model_params.future at offset 80 reads 0xa5a5a5a5a5a5a5a5, expected NULL"), problems);
    }

    @Test
    void theSelfCheckFindsNothingWrongWithTheRealLayouts() {
        assertEquals(List.of(), LlamaSelfCheck.checkStruct(library(), "llama_model_default_params", "llama_model_params",
                LlamaModel.MODEL_PARAMS, LlamaSelfCheck.MODEL_DEFAULTS));
        assertEquals(List.of(), LlamaSelfCheck.checkStruct(library(), "llama_context_default_params", "llama_context_params",
                LlamaContext.CONTEXT_PARAMS, LlamaSelfCheck.CONTEXT_DEFAULTS));
    }

    private static LlamaLibrary library() {
        return LlamaLibrary.loadFrom(LlamaTestSupport.libraryDir());
    }

    private static StructLayout rename(StructLayout layout, Map<String, String> names) {
        return MemoryLayout.structLayout(layout.memberLayouts().stream()
                .map(m -> m.name().map(names::get).map(m::withName).orElse(m)).toArray(MemoryLayout[]::new));
    }

    @Test
    void loadingTheSameDirectoryTwiceGivesTheSameLibrary() {
        assertSame(LlamaLibrary.loadFrom(LlamaTestSupport.libraryDir()), LlamaLibrary.loadFrom(LlamaTestSupport.libraryDir()));
    }

    @Test
    void aMissingLibraryDirectoryIsRefusedNamingIt() {
        Path missing = tmp.resolve("no-such-llama");
        var e = assertThrows(EngineException.class, () -> LlamaLibrary.loadFrom(missing));
        assertTrue(e.getMessage().startsWith("llama.cpp library directory " + missing + " does not exist"), e.getMessage());
        assertTrue(e.getMessage().contains("scripts/fetch-llama.sh"), e.getMessage());
    }

    @Test
    void aDirectoryWithoutTheLibrariesIsRefusedNamingWhatIsMissing() {
        var e = assertThrows(EngineException.class, () -> LlamaLibrary.loadFrom(tmp));
        assertTrue(e.getMessage().contains(tmp.toString()) && e.getMessage().contains("libggml-base.so"), e.getMessage());
    }

    @Test
    void aFileThatIsNotASharedLibraryIsRefusedNamingIt() throws IOException {
        for (String name : new String[]{"libggml-base.so", "libggml.v0.5.0.so", "libllama.v0.5.0.so"}) {
            Files.writeString(tmp.resolve(name), "#!/bin/sh\necho not a library\n");
        }
        var e = assertThrows(EngineException.class, () -> LlamaLibrary.loadFrom(tmp));
        assertEquals(tmp.resolve("libggml-base.so") + " is not a shared library (no ELF header); expected llama.cpp v0.5.0's"
                + " libggml-base.so built for linux x64", e.getMessage());
    }

    @Test
    void theCudaBuildsFileNamesAreFound() throws IOException {
        // @node-llama-cpp/linux-x64-cuda names its libraries libggml.cuda.v0.5.0.so and libllama.cuda.v0.5.0.so
        Path real = LlamaTestSupport.libraryDir();
        Files.copy(real.resolve("libggml-base.so"), tmp.resolve("libggml-base.so"));
        Files.copy(real.resolve("libggml.v0.5.0.so"), tmp.resolve("libggml.cuda.v0.5.0.so"));
        Files.copy(real.resolve("libllama.v0.5.0.so"), tmp.resolve("libllama.cuda.v0.5.0.so"));
        assertEquals(List.of(tmp.resolve("libggml-base.so"), tmp.resolve("libggml.cuda.v0.5.0.so"),
                tmp.resolve("libllama.cuda.v0.5.0.so")), LlamaLibrary.checkFiles(tmp));
    }

    @Test
    void aWrongLibraryDirectoryGivenToTheBackendIsNamedInItsError() {
        Path wrong = tmp.resolve("elsewhere");
        var e = assertThrows(EngineException.class,
                () -> LlamaBackend.open(LlamaOptions.of(LlamaTestSupport.model()).withLibraryDir(wrong)));
        assertTrue(e.getMessage().contains(wrong.toString()), e.getMessage());
    }

    @Test
    void theDirectoryComesFromTheSystemPropertyWhenNoneIsConfigured() {
        String before = System.getProperty(LlamaLibrary.DIR_PROPERTY);
        try {
            System.setProperty(LlamaLibrary.DIR_PROPERTY, "/opt/llama-test");
            assertEquals(Path.of("/opt/llama-test"), LlamaLibrary.resolveDirectory(null));
            assertEquals(Path.of("/x"), LlamaLibrary.resolveDirectory(Path.of("/x")));
        } finally {
            if (before == null) System.clearProperty(LlamaLibrary.DIR_PROPERTY);
            else System.setProperty(LlamaLibrary.DIR_PROPERTY, before);
        }
    }
}
