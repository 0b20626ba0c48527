package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A llama_context: the KV memory and compute state for decoding, plus one reusable llama_batch.
 * Not thread-safe (llama.cpp contexts are not); {@link LlamaBackend} confines it to one thread.
 *
 * <p>The batch carries sequence ids so a later batching backend can put several sequences in
 * one decode; today everything is sequence 0.
 */
public final class LlamaContext implements AutoCloseable {

    /** struct llama_context_params (llama.h v0.5.0), 160 bytes on x86-64. */
    static final StructLayout CONTEXT_PARAMS = MemoryLayout.structLayout(
            JAVA_INT.withName("n_ctx"),
            JAVA_INT.withName("n_batch"),
            JAVA_INT.withName("n_ubatch"),
            JAVA_INT.withName("n_seq_max"),
            JAVA_INT.withName("n_rs_seq"),
            JAVA_INT.withName("n_outputs_max"),
            JAVA_INT.withName("n_outputs_max_per_seq"),
            JAVA_INT.withName("n_threads"),
            JAVA_INT.withName("n_threads_batch"),
            JAVA_INT.withName("ctx_type"),
            JAVA_INT.withName("rope_scaling_type"),
            JAVA_INT.withName("pooling_type"),
            JAVA_INT.withName("attention_type"),
            JAVA_INT.withName("flash_attn_type"),
            JAVA_FLOAT.withName("rope_freq_base"),
            JAVA_FLOAT.withName("rope_freq_scale"),
            JAVA_FLOAT.withName("yarn_ext_factor"),
            JAVA_FLOAT.withName("yarn_attn_factor"),
            JAVA_FLOAT.withName("yarn_beta_fast"),
            JAVA_FLOAT.withName("yarn_beta_slow"),
            JAVA_INT.withName("yarn_orig_ctx"),
            JAVA_FLOAT.withName("defrag_thold"),
            ADDRESS.withName("cb_eval"),
            ADDRESS.withName("cb_eval_user_data"),
            JAVA_INT.withName("type_k"),
            JAVA_INT.withName("type_v"),
            ADDRESS.withName("abort_callback"),
            ADDRESS.withName("abort_callback_data"),
            JAVA_BOOLEAN.withName("embeddings"),
            JAVA_BOOLEAN.withName("offload_kqv"),
            JAVA_BOOLEAN.withName("no_perf"),
            JAVA_BOOLEAN.withName("op_offload"),
            JAVA_BOOLEAN.withName("swa_full"),
            JAVA_BOOLEAN.withName("kv_unified"),
            MemoryLayout.paddingLayout(2),
            ADDRESS.withName("samplers"),
            JAVA_LONG.withName("n_samplers"),
            ADDRESS.withName("ctx_other"));

    /** struct llama_batch: n_tokens, then parallel arrays of n_tokens entries. 56 bytes. */
    static final StructLayout BATCH = MemoryLayout.structLayout(
            JAVA_INT.withName("n_tokens"),
            MemoryLayout.paddingLayout(4),
            ADDRESS.withName("token"),     // llama_token[n]
            ADDRESS.withName("embd"),      // float[n * n_embd], NULL for token input
            ADDRESS.withName("pos"),       // llama_pos[n]
            ADDRESS.withName("n_seq_id"),  // int32[n]: how many sequences each token belongs to
            ADDRESS.withName("seq_id"),    // llama_seq_id*[n]
            ADDRESS.withName("logits"));   // int8[n]: 1 where the caller wants logits

    static final FunctionDescriptor DEFAULT_PARAMS = FunctionDescriptor.of(CONTEXT_PARAMS);

    /** How many sequence ids one batch token may carry; 1 until batching across rooms arrives. */
    private static final int SEQ_IDS_PER_TOKEN = 1;

    private final LlamaModel model;
    private final MemorySegment ctx;
    private final MemorySegment memory;
    private final MemorySegment batch; // the struct, in this context's arena
    private final Arena arena = Arena.ofShared();
    private final int contextSize;
    private final int batchSize;

    private final MethodHandle decode;
    private final MethodHandle memoryClear;
    private final MethodHandle batchFree;
    private final MethodHandle free;
    private final MethodHandle sample;
    private boolean closed;

    public LlamaContext(LlamaLibrary lib, LlamaModel model, int contextSize, int batchSize, int threads) {
        this.model = model;
        decode = lib.bind("llama_decode", FunctionDescriptor.of(JAVA_INT, ADDRESS, BATCH));
        memoryClear = lib.bind("llama_memory_clear", FunctionDescriptor.ofVoid(ADDRESS, JAVA_BOOLEAN));
        batchFree = lib.bind("llama_batch_free", FunctionDescriptor.ofVoid(BATCH));
        free = lib.bind("llama_free", FunctionDescriptor.ofVoid(ADDRESS));
        sample = lib.bind("llama_sampler_sample", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        try (Arena temp = Arena.ofConfined()) {
            MemorySegment params = defaultParams(lib, temp);
            params.set(JAVA_INT, offset("n_ctx"), contextSize);
            params.set(JAVA_INT, offset("n_batch"), batchSize);
            params.set(JAVA_INT, offset("n_ubatch"), batchSize);
            params.set(JAVA_INT, offset("n_seq_max"), 1);
            params.set(JAVA_INT, offset("n_threads"), threads);
            params.set(JAVA_INT, offset("n_threads_batch"), threads);
            LlamaLibrary.clearRecentLog();
            ctx = (MemorySegment) lib.bind("llama_init_from_model", FunctionDescriptor.of(ADDRESS, ADDRESS, CONTEXT_PARAMS))
                    .invokeExact(model.handle(), params);
            if (ctx.equals(MemorySegment.NULL)) {
                throw new EngineException("llama.cpp could not create a context of " + contextSize + " tokens for "
                        + model.header().file() + LlamaLibrary.recentLog());
            }
            // llama.cpp may round or cap what was asked for; use what it actually made.
            this.contextSize = (int) lib.bind("llama_n_ctx", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(ctx);
            this.batchSize = (int) lib.bind("llama_n_batch", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(ctx);
            memory = (MemorySegment) lib.bind("llama_get_memory", FunctionDescriptor.of(ADDRESS, ADDRESS)).invokeExact(ctx);
            batch = (MemorySegment) lib.bind("llama_batch_init", FunctionDescriptor.of(BATCH, JAVA_INT, JAVA_INT, JAVA_INT))
                    .invokeExact((SegmentAllocator) arena, this.batchSize, 0, SEQ_IDS_PER_TOKEN);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("cannot create a llama.cpp context for " + model.header().file() + ": " + t, t);
        }
    }

    private static long batchOffset(String field) {
        return BATCH.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    static long offset(String field) {
        return CONTEXT_PARAMS.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    /** llama_context_default_params(), as a struct in {@code allocator}'s memory. */
    static MemorySegment defaultParams(LlamaLibrary lib, SegmentAllocator allocator) {
        try {
            return (MemorySegment) lib.bind("llama_context_default_params", DEFAULT_PARAMS).invokeExact(allocator);
        } catch (Throwable t) {
            throw new EngineException("llama_context_default_params failed: " + t, t);
        }
    }

    public LlamaModel model() { return model; }

    /** Tokens the KV memory holds: prompt plus generated text must fit in this. */
    public int contextSize() { return contextSize; }

    /** The most tokens one {@link #decode} call takes; longer prompts are fed in chunks of this. */
    public int batchSize() { return batchSize; }

    /** Forgets every sequence in the KV memory, so the next request starts from position 0. */
    public void clearMemory() {
        try {
            memoryClear.invokeExact(memory, true);
        } catch (Throwable t) {
            throw new EngineException("llama_memory_clear failed: " + t, t);
        }
    }

    /**
     * Puts {@code count} tokens of sequence {@code seq}, starting at {@code tokens[from]} and at
     * position {@code pos}, into the batch and runs llama_decode. Only the last token asks for
     * logits: that is the one the sampler reads next.
     *
     * @return the batch index whose logits to sample
     */
    public int decode(int[] tokens, int from, int count, int pos, int seq) {
        if (count < 1 || count > batchSize) {
            throw new IllegalArgumentException("batch of " + count + " tokens; this context takes 1 to " + batchSize);
        }
        // The arrays were malloc'ed by llama_batch_init with room for batchSize tokens.
        MemorySegment token = batch.get(ADDRESS, batchOffset("token")).reinterpret(4L * batchSize);
        MemorySegment position = batch.get(ADDRESS, batchOffset("pos")).reinterpret(4L * batchSize);
        MemorySegment nSeqId = batch.get(ADDRESS, batchOffset("n_seq_id")).reinterpret(4L * batchSize);
        MemorySegment seqIds = batch.get(ADDRESS, batchOffset("seq_id")).reinterpret(ADDRESS.byteSize() * batchSize);
        MemorySegment logits = batch.get(ADDRESS, batchOffset("logits")).reinterpret(batchSize);
        for (int i = 0; i < count; i++) {
            token.setAtIndex(JAVA_INT, i, tokens[from + i]);
            position.setAtIndex(JAVA_INT, i, pos + i);
            nSeqId.setAtIndex(JAVA_INT, i, 1);
            seqIds.getAtIndex(ADDRESS, i).reinterpret(4L * SEQ_IDS_PER_TOKEN).set(JAVA_INT, 0, seq);
            logits.set(JAVA_BYTE, i, (byte) (i == count - 1 ? 1 : 0));
        }
        batch.set(JAVA_INT, batchOffset("n_tokens"), count);
        int rc;
        try {
            LlamaLibrary.clearRecentLog();
            rc = (int) decode.invokeExact(ctx, batch);
        } catch (Throwable t) {
            throw new EngineException("llama_decode failed: " + t, t);
        }
        if (rc != 0) throw decodeFailure(rc, count, pos);
        return count - 1;
    }

    private EngineException decodeFailure(int rc, int count, int pos) {
        String why = switch (rc) {
            case 1 -> "no KV slot for the batch: the context (" + contextSize + " tokens) is full";
            case 2 -> "decoding was aborted";
            case -1 -> "llama.cpp rejected the batch as invalid";
            default -> rc < 0 ? "fatal error " + rc : "warning " + rc;
        };
        return new EngineException("llama_decode returned " + rc + " for " + count + " tokens at position " + pos
                + ": " + why + LlamaLibrary.recentLog());
    }

    /** Samples the next token from the logits at batch index {@code index} (and lets the sampler remember it). */
    public int sample(LlamaSampler sampler, int index) {
        try {
            return (int) sample.invokeExact(sampler.handle(), ctx, index);
        } catch (Throwable t) {
            throw new EngineException("llama_sampler_sample failed: " + t, t);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        try {
            batchFree.invokeExact(batch);
            free.invokeExact(ctx);
        } catch (Throwable t) {
            throw new EngineException("freeing the llama.cpp context failed: " + t, t);
        } finally {
            arena.close();
        }
    }
}
