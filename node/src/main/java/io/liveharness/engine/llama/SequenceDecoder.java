package io.liveharness.engine.llama;

import io.liveharness.engine.Completion;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.StopReason;
import io.liveharness.engine.TokenSink;

import java.util.function.BooleanSupplier;

/**
 * Decodes one sequence on one context: feeds the prompt to llama_decode in chunks of n_batch,
 * then samples a token, streams its text, and decodes it, until an end-of-generation token, the
 * token limit, the deadline, or cancellation. Runs on the caller's thread; the caller owns the
 * context exclusively for the duration.
 */
final class SequenceDecoder {
    private static final int SEQ = 0; // the only sequence until batching arrives

    private final LlamaContext context;
    private final LlamaModel model;

    SequenceDecoder(LlamaContext context) {
        this.context = context;
        this.model = context.model();
    }

    /**
     * @param maxTokens  most tokens to generate; also capped by the room left in the context,
     *                   and reaching either reports {@link StopReason#MAX_TOKENS}
     * @param deadline   {@link System#nanoTime()} to stop at, checked before every decode
     * @param cancelled  polled between tokens
     */
    Completion generate(int[] prompt, LlamaSampler sampler, int maxTokens, long deadline, TokenSink sink,
                        BooleanSupplier cancelled) {
        long start = System.nanoTime();
        if (prompt.length == 0) throw new EngineException("the prompt tokenized to nothing");
        if (prompt.length >= context.contextSize()) {
            throw new EngineException("the prompt is " + prompt.length + " tokens; the context holds "
                    + context.contextSize() + ", which must also leave room for the reply");
        }
        // Every request starts from an empty KV memory: no prefix reuse yet.
        context.clearMemory();

        StringBuilder text = new StringBuilder();
        Utf8Pieces utf8 = new Utf8Pieces();
        int limit = Math.min(maxTokens, context.contextSize() - prompt.length);
        int generated = 0;
        long firstToken = 0;
        StopReason stop = null;

        int outputIndex = -1;
        for (int from = 0; from < prompt.length && stop == null; from += context.batchSize()) {
            if (System.nanoTime() - deadline >= 0) {
                stop = StopReason.DEADLINE;
                break;
            }
            int n = Math.min(context.batchSize(), prompt.length - from);
            outputIndex = context.decode(prompt, from, n, from, SEQ);
        }

        int[] next = new int[1];
        int pos = prompt.length;
        while (stop == null) {
            if (generated >= limit) { stop = StopReason.MAX_TOKENS; break; }
            if (cancelled.getAsBoolean()) { stop = StopReason.CANCELLED; break; }
            if (System.nanoTime() - deadline >= 0) { stop = StopReason.DEADLINE; break; }

            int token = context.sample(sampler, outputIndex);
            if (firstToken == 0) firstToken = System.nanoTime() - start;
            if (model.isEndOfGeneration(token)) { stop = StopReason.END_OF_TEXT; break; }
            generated++;
            String piece = utf8.append(model.piece(token));
            if (!piece.isEmpty()) {
                text.append(piece);
                sink.onPiece(piece);
            }
            if (generated >= limit) continue; // no need to decode a token nothing will follow
            next[0] = token;
            outputIndex = context.decode(next, 0, 1, pos++, SEQ);
        }
        String rest = utf8.finish();
        if (!rest.isEmpty()) {
            text.append(rest);
            sink.onPiece(rest);
        }
        return new Completion(text.toString(), prompt.length, generated, stop, firstToken, System.nanoTime() - start);
    }
}
