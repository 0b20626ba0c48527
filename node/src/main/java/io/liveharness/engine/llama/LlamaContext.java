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
 * <p>The batch carries sequence ids, so one decode can advance several sequences: fill it with
 * {@link #batchClear()} and {@link #batchAdd}, then {@link #decodeBatch()}. Every batch stays within
 * n_batch and every sequence id below n_seq_max, checked here before llama.cpp sees them; the
 * per-sequence KV operations ({@link #seqRemove}, {@link #seqCopy}, {@link #seqKeep},
 * {@link #seqPosMax}) are llama.h v0.5.0's {@code llama_memory_seq_*}.
 *
 * <p>KV layout: with {@code kv_unified} every sequence draws cells from one pool of n_ctx, and
 * every token attends over all used cells of the pool (masked), so a step's attention cost grows
 * with the tokens of all sequences. Without it (per-sequence streams) llama.cpp pads n_ctx to a
 * multiple of 256, gives each of the n_seq_max sequences a stream of
 * {@code n_ctx_seq = pad256(n_ctx / n_seq_max)} cells and makes n_ctx {@code n_ctx_seq * n_seq_max}
 * (llama-context.cpp, v0.5.0); a token attends over its own stream only. Its batches are split into
 * ubatches of consecutive sequence ids taking equally many tokens each (split_equal), so a batch
 * whose sequence ids run in order decodes in the fewest graph passes.
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

    /** How many sequence ids one batch token may carry: each token belongs to one room's sequence. */
    private static final int SEQ_IDS_PER_TOKEN = 1;

    private final LlamaModel model;
    private final MemorySegment ctx;
    private final MemorySegment memory;
    private final MemorySegment batch; // the struct, in this context's arena
    private final Arena arena = Arena.ofShared();
    private final int contextSize;
    private final int sequenceContextSize;
    private final boolean unifiedKv;
    private final int batchSize;
    private final int maxSequences;
    private final int vocabSize;
    private int batchTokens;
    // the batch's arrays, malloc'ed by llama_batch_init with room for batchSize tokens
    private final MemorySegment bToken, bPos, bNSeqId, bSeqIds, bLogits;

    private final MethodHandle seqRm, seqCp, seqKeep, seqPosMax, seqPosMin, logitsIth;
    private final MethodHandle stateSeqSize, stateSeqGet, stateSeqSet;
    /**
     * Sequences named in a copy between streams that llama.cpp has queued but not yet made: it
     * copies the buffers at the start of the next llama_decode (llama_kv_cache::update), so until
     * then a destination's cells hold stale data, and writing a source's cells directly would change
     * what is copied. Cleared by a successful decode.
     */
    private final java.util.BitSet copyPending = new java.util.BitSet();

    private final MethodHandle decode;
    private final MethodHandle memoryClear;
    private final MethodHandle batchFree;
    private final MethodHandle free;
    private final MethodHandle sample;
    private boolean closed;

    /** llama_flash_attn_type: AUTO (-1, llama.cpp's default) or DISABLED (0). */
    static final int FLASH_ATTN_AUTO = -1, FLASH_ATTN_DISABLED = 0;

    /** ggml_type GGML_TYPE_F32. */
    private static final int GGML_TYPE_F32 = 0;

    /**
     * Flash attention off for heads narrower than 32. The CPU kernel pays per attention score
     * (an expf, an f16 conversion) what only wide heads amortise: on stories260K (8-wide heads) it
     * made a 1,800-token prefill 4x slower (4.0 s against 1.0 s), while on the 64-wide random qwen3
     * of {@code bench engine} it made 64-room decode 15 % faster. 32 lies between the two measured.
     */
    static int flashAttention(LlamaModel model) {
        int width = model.header().attentionHeadWidth();
        return width > 0 && width < 32 ? FLASH_ATTN_DISABLED : FLASH_ATTN_AUTO;
    }

    public LlamaContext(LlamaLibrary lib, LlamaModel model, int contextSize, int batchSize, int threads) {
        this(lib, model, contextSize, batchSize, threads, 1, false);
    }

    /**
     * @param maxSequences n_seq_max: sequence ids 0 to maxSequences-1 may be used (llama.cpp allows 256)
     * @param unifiedKv    kv_unified: all sequences share one pool of {@code contextSize} cells;
     *                     otherwise each sequence gets a stream of its own of
     *                     {@code pad256(contextSize / maxSequences)} cells ({@link #sequenceContextSize()})
     */
    public LlamaContext(LlamaLibrary lib, LlamaModel model, int contextSize, int batchSize, int threads,
                        int maxSequences, boolean unifiedKv) {
        this(lib, model, contextSize, batchSize, threads, maxSequences, unifiedKv, false);
    }

    /**
     * @param f32Cache keep K and V in F32 rather than llama.cpp's default F16: exact enough to
     *                 compare logits with another F32 implementation (the trainer's tests)
     */
    public LlamaContext(LlamaLibrary lib, LlamaModel model, int contextSize, int batchSize, int threads,
                        int maxSequences, boolean unifiedKv, boolean f32Cache) {
        if (maxSequences < 1 || maxSequences > MAX_SEQUENCES) {
            throw new EngineException("n_seq_max must be 1 to " + MAX_SEQUENCES + ", was " + maxSequences);
        }
        this.model = model;
        this.maxSequences = maxSequences;
        this.unifiedKv = unifiedKv;
        this.vocabSize = model.vocabSize();
        seqRm = lib.bind("llama_memory_seq_rm", FunctionDescriptor.of(JAVA_BOOLEAN, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
        seqCp = lib.bind("llama_memory_seq_cp", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
        seqKeep = lib.bind("llama_memory_seq_keep", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
        seqPosMax = lib.bind("llama_memory_seq_pos_max", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        seqPosMin = lib.bind("llama_memory_seq_pos_min", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        logitsIth = lib.bind("llama_get_logits_ith", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
        stateSeqSize = lib.bind("llama_state_seq_get_size", FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT));
        stateSeqGet = lib.bind("llama_state_seq_get_data", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
        stateSeqSet = lib.bind("llama_state_seq_set_data", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
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
            params.set(JAVA_INT, offset("n_seq_max"), maxSequences);
            params.set(JAVA_BOOLEAN, offset("kv_unified"), unifiedKv);
            params.set(JAVA_INT, offset("n_threads"), threads);
            params.set(JAVA_INT, offset("n_threads_batch"), threads);
            params.set(JAVA_INT, offset("flash_attn_type"), flashAttention(model));
            if (f32Cache) {
                params.set(JAVA_INT, offset("type_k"), GGML_TYPE_F32);
                params.set(JAVA_INT, offset("type_v"), GGML_TYPE_F32);
            }
            LlamaLibrary.clearRecentLog();
            ctx = (MemorySegment) lib.bind("llama_init_from_model", FunctionDescriptor.of(ADDRESS, ADDRESS, CONTEXT_PARAMS))
                    .invokeExact(model.handle(), params);
            if (ctx.equals(MemorySegment.NULL)) {
                throw new EngineException("llama.cpp could not create a context of " + contextSize + " tokens for "
                        + model.header().file() + LlamaLibrary.recentLog());
            }
            // llama.cpp may round or cap what was asked for; use what it actually made.
            this.contextSize = (int) lib.bind("llama_n_ctx", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(ctx);
            this.sequenceContextSize = (int) lib.bind("llama_n_ctx_seq", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(ctx);
            this.batchSize = (int) lib.bind("llama_n_batch", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(ctx);
            memory = (MemorySegment) lib.bind("llama_get_memory", FunctionDescriptor.of(ADDRESS, ADDRESS)).invokeExact(ctx);
            batch = (MemorySegment) lib.bind("llama_batch_init", FunctionDescriptor.of(BATCH, JAVA_INT, JAVA_INT, JAVA_INT))
                    .invokeExact((SegmentAllocator) arena, this.batchSize, 0, SEQ_IDS_PER_TOKEN);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("cannot create a llama.cpp context for " + model.header().file() + ": " + t, t);
        }
        bToken = batch.get(ADDRESS, batchOffset("token")).reinterpret(4L * batchSize);
        bPos = batch.get(ADDRESS, batchOffset("pos")).reinterpret(4L * batchSize);
        bNSeqId = batch.get(ADDRESS, batchOffset("n_seq_id")).reinterpret(4L * batchSize);
        bSeqIds = batch.get(ADDRESS, batchOffset("seq_id")).reinterpret(ADDRESS.byteSize() * batchSize);
        bLogits = batch.get(ADDRESS, batchOffset("logits")).reinterpret(batchSize);
        try {
            int made = (int) lib.bind("llama_n_seq_max", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(ctx);
            if (made != maxSequences) {
                throw new EngineException("llama.cpp made a context of " + made + " sequences, not " + maxSequences);
            }
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

    /** llama.cpp's LLAMA_MAX_SEQ. */
    public static final int MAX_SEQUENCES = 256;

    public LlamaModel model() { return model; }

    /** n_seq_max: sequence ids run from 0 to this minus one. */
    public int maxSequences() { return maxSequences; }

    /** n_ctx: KV cells in all, as llama.cpp made them (with per-sequence streams, n_ctx_seq × n_seq_max). */
    public int contextSize() { return contextSize; }

    /**
     * n_ctx_seq: positions one sequence may hold, prompt plus generated text. With a unified pool
     * this is n_ctx (shared with the other sequences); with per-sequence streams it is the
     * sequence's own stream, which no other sequence can fill.
     */
    public int sequenceContextSize() { return sequenceContextSize; }

    /** Whether all sequences share one KV pool (kv_unified) rather than a stream each. */
    public boolean unifiedKv() { return unifiedKv; }

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
        batchClear();
        for (int i = 0; i < count; i++) batchAdd(tokens[from + i], pos + i, seq, i == count - 1);
        decodeBatch();
        return count - 1;
    }

    // --- the batch API ----------------------------------------------------------------------

    /** Empties the batch. */
    public void batchClear() { batchTokens = 0; }

    /** Tokens in the batch so far. */
    public int batchTokens() { return batchTokens; }

    /**
     * Appends one token of sequence {@code seq} at position {@code pos}; {@code logits} asks for
     * its logits (one per sequence per batch at most).
     *
     * @return the token's index in the batch, which is what {@link #sample} and {@link #logits} take
     */
    public int batchAdd(int token, int pos, int seq, boolean logits) {
        if (batchTokens >= batchSize) {
            throw new EngineException("the batch is full: " + batchSize + " tokens is this context's n_batch");
        }
        if (seq < 0 || seq >= maxSequences) {
            throw new EngineException("sequence id " + seq + " is not below n_seq_max " + maxSequences);
        }
        if (token < 0 || token >= vocabSize) {
            throw new EngineException("token " + token + " is not in the vocabulary of " + vocabSize);
        }
        if (pos < 0) throw new EngineException("position " + pos + " is negative");
        int i = batchTokens++;
        bToken.setAtIndex(JAVA_INT, i, token);
        bPos.setAtIndex(JAVA_INT, i, pos);
        bNSeqId.setAtIndex(JAVA_INT, i, 1);
        bSeqIds.getAtIndex(ADDRESS, i).reinterpret(4L * SEQ_IDS_PER_TOKEN).set(JAVA_INT, 0, seq);
        bLogits.set(JAVA_BYTE, i, (byte) (logits ? 1 : 0));
        return i;
    }

    /** Runs llama_decode on the batch; a non-zero result becomes an {@link EngineException} with the reason. */
    public void decodeBatch() {
        int rc = tryDecodeBatch();
        if (rc != 0) throw decodeFailure(rc, batchTokens, bPos.getAtIndex(JAVA_INT, 0));
    }

    /**
     * Runs llama_decode on the batch and returns its result: 0 done, 1 no KV slot (the memory is
     * as before the call, so the caller may free cells and retry), 2 aborted, -1 invalid batch,
     * below -1 fatal. {@link #failure} turns a non-zero result into an exception.
     */
    public int tryDecodeBatch() {
        if (batchTokens == 0) throw new EngineException("llama_decode of an empty batch");
        batch.set(JAVA_INT, batchOffset("n_tokens"), batchTokens);
        try {
            LlamaLibrary.clearRecentLog();
            int rc = (int) decode.invokeExact(ctx, batch);
            if (rc == 0) copyPending.clear(); // the decode made every queued stream copy first
            return rc;
        } catch (Throwable t) {
            throw new EngineException("llama_decode failed: " + t, t);
        }
    }

    /** The exception for a non-zero {@link #tryDecodeBatch} result on the current batch. */
    public EngineException failure(int rc) {
        return decodeFailure(rc, batchTokens, batchTokens == 0 ? 0 : bPos.getAtIndex(JAVA_INT, 0));
    }

    /** Removes sequence {@code seq}'s cells at positions [p0, p1) (-1 for open ends); false if llama.cpp could not. */
    public boolean seqRemove(int seq, int p0, int p1) {
        checkSeq(seq);
        try {
            return (boolean) seqRm.invokeExact(memory, seq, p0, p1);
        } catch (Throwable t) {
            throw new EngineException("llama_memory_seq_rm failed: " + t, t);
        }
    }

    /**
     * Makes {@code dst} share {@code src}'s cells at positions [p0, p1). Across per-sequence
     * streams llama.cpp copies whole streams only (a partial range aborts the process there), so
     * a partial range between two streams is refused here. There it replaces dst's cells with src's
     * at once but queues the buffer copy, every cell of the stream used or not, for the start of the
     * next llama_decode ({@link #copyPending}); queued copies are made in the order they were asked.
     */
    public void seqCopy(int src, int dst, int p0, int p1) {
        checkSeq(src);
        checkSeq(dst);
        if (!unifiedKv && src != dst && ((p0 > 0 && p0 + 1 < sequenceContextSize) || (p1 > 0 && p1 + 1 < sequenceContextSize))) {
            throw new EngineException("llama_memory_seq_cp between per-sequence streams copies whole sequences only;"
                    + " [" + p0 + ", " + p1 + ") is a part");
        }
        try {
            seqCp.invokeExact(memory, src, dst, p0, p1);
        } catch (Throwable t) {
            throw new EngineException("llama_memory_seq_cp failed: " + t, t);
        }
        if (!unifiedKv && src != dst) {
            copyPending.set(src);
            copyPending.set(dst);
        }
    }

    /**
     * Whether {@code seq} is the source or the destination of a copy between streams that llama.cpp
     * makes only at the next decode: until then its state must not be read or written directly.
     */
    public boolean copyPending(int seq) { return copyPending.get(seq); }

    /** Bytes {@link #saveSequence} writes for sequence {@code seq}: its cells' positions and K/V rows (llama_state_seq_get_size). */
    public long sequenceStateSize(int seq) {
        checkSeq(seq);
        try {
            return (long) stateSeqSize.invokeExact(ctx, seq);
        } catch (Throwable t) {
            throw new EngineException("llama_state_seq_get_size failed: " + t, t);
        }
    }

    /**
     * Writes sequence {@code seq}'s KV state into {@code into} (llama_state_seq_get_data) and returns
     * the bytes written. Refused while a stream copy into {@code seq} is queued: its cells would be stale.
     */
    public long saveSequence(int seq, MemorySegment into) {
        checkSeq(seq);
        if (copyPending(seq)) throw new EngineException("sequence " + seq + " has a stream copy llama.cpp has not made yet");
        long n;
        try {
            n = (long) stateSeqGet.invokeExact(ctx, into, into.byteSize(), seq);
        } catch (Throwable t) {
            throw new EngineException("llama_state_seq_get_data failed: " + t, t);
        }
        if (n == 0) throw new EngineException("llama_state_seq_get_data wrote nothing for sequence " + seq + LlamaLibrary.recentLog());
        return n;
    }

    /**
     * Replaces sequence {@code seq}'s cells with a state {@link #saveSequence} wrote (of any
     * sequence of a context of this model and layout): llama_state_seq_set_data. False when llama.cpp
     * could not place it (it logs why); the sequence is then empty. Refused while a stream copy
     * names {@code seq}: the copy would overwrite, or copy out, what this writes.
     */
    public boolean restoreSequence(int seq, MemorySegment state) {
        checkSeq(seq);
        if (copyPending(seq)) throw new EngineException("sequence " + seq + " has a stream copy llama.cpp has not made yet");
        try {
            LlamaLibrary.clearRecentLog();
            long n = (long) stateSeqSet.invokeExact(ctx, state, state.byteSize(), seq);
            return n > 0;
        } catch (Throwable t) {
            throw new EngineException("llama_state_seq_set_data failed: " + t, t);
        }
    }

    /** Removes every cell not in sequence {@code seq}. */
    public void seqKeep(int seq) {
        checkSeq(seq);
        try {
            seqKeep.invokeExact(memory, seq);
        } catch (Throwable t) {
            throw new EngineException("llama_memory_seq_keep failed: " + t, t);
        }
    }

    /** The last position sequence {@code seq} holds in the KV memory, -1 when it holds none. */
    public int seqPosMax(int seq) {
        checkSeq(seq);
        try {
            return (int) seqPosMax.invokeExact(memory, seq);
        } catch (Throwable t) {
            throw new EngineException("llama_memory_seq_pos_max failed: " + t, t);
        }
    }

    /** The first position sequence {@code seq} holds, -1 when it holds none. */
    public int seqPosMin(int seq) {
        checkSeq(seq);
        try {
            return (int) seqPosMin.invokeExact(memory, seq);
        } catch (Throwable t) {
            throw new EngineException("llama_memory_seq_pos_min failed: " + t, t);
        }
    }

    /** A copy of the logits the last decode produced at batch index {@code index}. */
    public float[] logits(int index) { return logitsAt(index).toArray(JAVA_FLOAT); }

    /** The most likely token at batch index {@code index}, read in place; ties go to the lowest id, as in llama.cpp's greedy sampler. */
    public int argmax(int index) {
        MemorySegment logits = logitsAt(index);
        int best = 0;
        float max = logits.getAtIndex(JAVA_FLOAT, 0);
        for (int i = 1; i < vocabSize; i++) {
            float v = logits.getAtIndex(JAVA_FLOAT, i);
            if (v > max) {
                max = v;
                best = i;
            }
        }
        return best;
    }

    private MemorySegment logitsAt(int index) {
        MemorySegment p;
        try {
            p = (MemorySegment) logitsIth.invokeExact(ctx, index);
        } catch (Throwable t) {
            throw new EngineException("llama_get_logits_ith failed: " + t, t);
        }
        if (p.equals(MemorySegment.NULL)) throw new EngineException("no logits at batch index " + index + LlamaLibrary.recentLog());
        return p.reinterpret(4L * vocabSize);
    }

    private void checkSeq(int seq) {
        if (seq < 0 || seq >= maxSequences) {
            throw new EngineException("sequence id " + seq + " is not below n_seq_max " + maxSequences);
        }
    }

    private EngineException decodeFailure(int rc, int count, int pos) {
        String why = switch (rc) {
            case 1 -> unifiedKv || maxSequences == 1
                    ? "no KV slot for the batch: the context (" + contextSize + " tokens"
                        + (maxSequences > 1 ? " shared by up to " + maxSequences + " sequences" : "") + ") is full"
                    : "no KV slot for the batch: a sequence's stream (" + sequenceContextSize + " tokens of its own) is full";
            case 2 -> "decoding was aborted";
            case -1 -> "llama.cpp rejected the batch as invalid";
            default -> rc < 0 ? "fatal error " + rc : "warning " + rc;
        };
        return new EngineException("llama_decode returned " + rc + " for " + count + " tokens at position " + pos
                + ": " + why + LlamaLibrary.recentLog());
    }

    /** Samples the next token from the logits at batch index {@code index} (and lets the sampler remember it). */
    public int sample(LlamaSampler sampler, int index) {
        boolean holding = sampler.holdsOpening(); // false for most tokens: no logits lookup then
        boolean penalising = sampler.penalises();
        if (holding || penalising) {
            MemorySegment logits = logitsAt(index);
            if (holding) sampler.holdOpening(logits);
            if (penalising) sampler.penalise(logits);
        }
        int token = pick(sampler, index);
        if (holding) sampler.picked(token);
        if (penalising) sampler.remember(token);
        return token;
    }

    private int pick(LlamaSampler sampler, int index) {
        if (sampler.argmaxOnly()) return argmax(index);
        if (sampler.greedyWithGrammar()) return sampler.pickGreedy(logitsAt(index), argmax(index));
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
