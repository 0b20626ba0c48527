package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;
import io.liveharness.engine.SamplingParams;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A llama_sampler chain built from {@link SamplingParams}, for one request. The chain owns the
 * samplers added to it, so freeing the chain frees them all.
 *
 * <p>Order follows llama.cpp's own defaults: repetition penalty, top-k, top-p, temperature,
 * then a seeded random pick; greedy requests end in an argmax instead. A plain greedy request (no
 * repetition penalty) has no chain at all: {@link LlamaContext#sample} takes the argmax of the
 * logits in place, which picks the same token as llama.cpp's greedy sampler (the first maximum)
 * without its copy of the whole vocabulary into a candidate array for every token.
 */
public final class LlamaSampler implements AutoCloseable {

    /** struct llama_sampler_chain_params: one bool. */
    static final StructLayout CHAIN_PARAMS = MemoryLayout.structLayout(
            JAVA_BOOLEAN.withName("no_perf"));

    /** How far back the repetition penalty looks, in tokens (llama.cpp's default). */
    public static final int PENALTY_LAST_N = 64;

    private final LlamaLibrary lib;
    private final MemorySegment chain; // NULL when argmaxOnly
    private final boolean argmaxOnly;
    private boolean closed;

    public LlamaSampler(LlamaLibrary lib, LlamaModel model, SamplingParams p) { this(lib, model, p, false); }

    /** {@code nativeChain}: build llama.cpp's chain even for plain greedy (tests compare it with the in-place argmax). */
    LlamaSampler(LlamaLibrary lib, LlamaModel model, SamplingParams p, boolean nativeChain) {
        this.lib = lib;
        this.argmaxOnly = !nativeChain && p.greedy() && p.repeatPenalty() == 1f;
        if (argmaxOnly) {
            chain = MemorySegment.NULL;
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = (MemorySegment) lib.bind("llama_sampler_chain_default_params",
                    FunctionDescriptor.of(CHAIN_PARAMS)).invokeExact((SegmentAllocator) arena);
            chain = (MemorySegment) lib.bind("llama_sampler_chain_init", FunctionDescriptor.of(ADDRESS, CHAIN_PARAMS))
                    .invokeExact(params);
        } catch (Throwable t) {
            throw new EngineException("cannot create a llama.cpp sampler chain: " + t, t);
        }
        try {
            if (p.repeatPenalty() != 1f) {
                add((MemorySegment) lib.bind("llama_sampler_init_penalties",
                                FunctionDescriptor.of(ADDRESS, JAVA_INT, JAVA_INT, JAVA_FLOAT, JAVA_FLOAT, JAVA_FLOAT))
                        .invokeExact(model.vocabSize(), PENALTY_LAST_N, p.repeatPenalty(), 0f, 0f));
            }
            if (p.greedy()) {
                add((MemorySegment) lib.bind("llama_sampler_init_greedy", FunctionDescriptor.of(ADDRESS)).invokeExact());
                return;
            }
            if (p.topK() > 0) {
                add((MemorySegment) lib.bind("llama_sampler_init_top_k", FunctionDescriptor.of(ADDRESS, JAVA_INT))
                        .invokeExact(p.topK()));
            }
            if (p.topP() > 0f && p.topP() < 1f) {
                add((MemorySegment) lib.bind("llama_sampler_init_top_p", FunctionDescriptor.of(ADDRESS, JAVA_FLOAT, JAVA_LONG))
                        .invokeExact(p.topP(), 1L));
            }
            add((MemorySegment) lib.bind("llama_sampler_init_temp", FunctionDescriptor.of(ADDRESS, JAVA_FLOAT))
                    .invokeExact(p.temperature()));
            // llama.cpp seeds are uint32; 0xFFFFFFFF would mean "pick one at random", so a
            // caller's seed is used as given and runs with the same seed repeat exactly.
            add((MemorySegment) lib.bind("llama_sampler_init_dist", FunctionDescriptor.of(ADDRESS, JAVA_INT))
                    .invokeExact((int) p.seed()));
        } catch (Throwable t) {
            close();
            throw t instanceof EngineException e ? e : new EngineException("cannot build the llama.cpp sampler chain: " + t, t);
        }
    }

    private void add(MemorySegment sampler) throws Throwable {
        if (sampler.equals(MemorySegment.NULL)) throw new EngineException("llama.cpp returned no sampler");
        lib.bind("llama_sampler_chain_add", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS)).invokeExact(chain, sampler);
    }

    MemorySegment handle() { return chain; }

    /** True when the next token is simply the most likely one, taken without a native chain. */
    boolean argmaxOnly() { return argmaxOnly; }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        if (argmaxOnly) return;
        try {
            lib.bind("llama_sampler_free", FunctionDescriptor.ofVoid(ADDRESS)).invokeExact(chain);
        } catch (Throwable t) {
            throw new EngineException("llama_sampler_free failed: " + t, t);
        }
    }
}
