package io.liveharness.engine.llama;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.fail;

/** Where the tests find the real model and library. Missing ones fail the test: nothing is skipped. */
final class LlamaTestSupport {
    /** A real 260K-parameter llama model, committed; Maven runs tests from the project root. */
    static final Path MODEL = Path.of("models/stories260K.gguf");

    private LlamaTestSupport() { }

    static Path libraryDir() {
        Path dir = LlamaLibrary.resolveDirectory(null);
        if (!Files.isDirectory(dir)) {
            fail("the llama.cpp library directory " + dir + " is missing: run scripts/fetch-llama.sh"
                    + " (or set " + LlamaLibrary.DIR_ENV + " to a llama.cpp v0.5.0 build)");
        }
        return dir;
    }

    static Path model() {
        if (!Files.isRegularFile(MODEL)) fail("the test model " + MODEL.toAbsolutePath() + " is missing");
        return MODEL;
    }

    static LlamaOptions options() {
        return LlamaOptions.of(model()).withLibraryDir(libraryDir()).withThreads(2);
    }
}
