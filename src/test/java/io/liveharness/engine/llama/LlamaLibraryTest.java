package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
        assertEquals(80, report.modelParamsBytes());
        assertEquals(160, report.contextParamsBytes());
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
