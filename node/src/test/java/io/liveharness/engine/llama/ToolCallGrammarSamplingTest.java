package io.liveharness.engine.llama;

import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.TokenSink;
import io.liveharness.engine.ToolCallGrammar;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.pipeline.ToolCallGrammars;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * llama.cpp's lazy grammar sampler as the engine uses it for tool calls (stories260K here, whose
 * vocabulary has no {@code <tool_call>} token: the text would trigger it). The avatar model's test in
 * the tools module shows a call it constrains.
 */
class ToolCallGrammarSamplingTest {
    private static final String PROMPT = "Once upon a time";
    private static LlamaBackend backend;
    private static BatchingBackend batcher; // what rooms use: it frees each request's sampler as the request ends
    private static ToolCallGrammar harnessGrammar;

    @BeforeAll
    static void open() {
        backend = LlamaBackend.open(LlamaTestSupport.options());
        batcher = BatchingBackend.open(BatchingOptions.of(LlamaTestSupport.model()).withLibraryDir(LlamaTestSupport.libraryDir())
                .withThreads(1).withContextSize(512).withMaxSequences(2));
        harnessGrammar = ToolCallGrammars.of(HarnessLoader.load(HarnessFiles.fromDirectory(Path.of("harness/default"))).tools(),
                List.of("dress-101", "dress-102"), List.of("新疆包邮吗?"));
    }

    @AfterAll
    static void close() {
        if (backend != null) backend.close();
        if (batcher != null) batcher.close();
    }

    private static Completion run(SamplingParams p) throws Exception {
        return run(backend, p);
    }

    private static Completion run(io.liveharness.engine.ModelBackend b, SamplingParams p) throws Exception {
        return b.complete(new CompletionRequest("r", List.of(), PROMPT, p, 40, Long.MAX_VALUE), TokenSink.NONE).get(60, TimeUnit.SECONDS);
    }

    @Test
    void theHarnesssGrammarIsReadByLlamaCppAndChangesNothingBeforeACallGreedyOrSampled() throws Exception {
        // lazy: until the model opens a call, every token is allowed, so the text is the same token for token
        var sampled = new SamplingParams(0.9f, 0.95f, 40, 1.1f, 42L);
        for (var b : List.of(backend, batcher)) {
            assertEquals(run(b, SamplingParams.GREEDY).text(), run(b, SamplingParams.GREEDY.withToolCalls(harnessGrammar)).text());
            assertEquals(run(b, sampled).text(), run(b, sampled.withToolCalls(harnessGrammar)).text());
        }
    }

    @Test
    void aGrammarLlamaCppCannotReadFailsTheRequestAndSaysSo() {
        var broken = SamplingParams.GREEDY.withToolCalls(new ToolCallGrammar("root ::= call\ncall ::= ( \"<tool_call>\""));
        var e = assertThrows(ExecutionException.class, () -> run(broken));
        var cause = assertInstanceOf(EngineException.class, e.getCause());
        assertTrue(cause.getMessage().contains("could not parse the tool-call grammar"), cause.getMessage());
    }
}
