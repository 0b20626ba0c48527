package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;
import io.liveharness.engine.Repetition;
import io.liveharness.engine.ReplyScript;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.ToolCallGrammar;
import io.liveharness.engine.ToolCallParser;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.util.HashMap;
import java.util.Map;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A llama_sampler chain built from {@link SamplingParams}, for one request. The chain owns the
 * samplers added to it, so freeing the chain frees them all.
 *
 * <p>Order follows llama.cpp's own defaults: repetition penalties ({@link #penalise}, on the
 * logits), top-k, top-p, temperature, then a seeded random pick; greedy requests end in an argmax
 * instead. A plain greedy request has no chain at all: {@link LlamaContext#sample} takes the argmax of the
 * logits in place, which picks the same token as llama.cpp's greedy sampler (the first maximum)
 * without its copy of the whole vocabulary into a candidate array for every token.
 *
 * <p>A request with a {@link ToolCallGrammar} gets llama.cpp's lazy grammar sampler: it lets every
 * token through until the model writes {@code <tool_call>} (one special token where the vocabulary
 * has it, else the text), and from there only what the grammar accepts. A greedy request checks
 * the argmax against the grammar and filters the whole vocabulary only when the grammar refuses
 * it, as llama.cpp's own common sampler does, which picks the same token as filtering first; a
 * sampled request has the grammar first in its chain.
 *
 * <p>A request with a {@link ReplyScript} opening has the tokens that would open the reply in
 * the other script taken out of the logits (set to minus infinity) until its opening is decided
 * (its first letter; for Han, one that is not a lone Latin letter), whichever path picks it.
 */
public final class LlamaSampler implements AutoCloseable {

    /** struct llama_sampler_chain_params: one bool. */
    static final StructLayout CHAIN_PARAMS = MemoryLayout.structLayout(
            JAVA_BOOLEAN.withName("no_perf"));

    /** struct llama_token_data: id, logit, p. */
    static final StructLayout TOKEN_DATA = MemoryLayout.structLayout(JAVA_INT.withName("id"), JAVA_FLOAT.withName("logit"),
            JAVA_FLOAT.withName("p"));
    /** struct llama_token_data_array: data, size, selected, sorted. */
    static final StructLayout TOKEN_DATA_ARRAY = MemoryLayout.structLayout(ADDRESS.withName("data"), JAVA_LONG.withName("size"),
            JAVA_LONG.withName("selected"), JAVA_BOOLEAN.withName("sorted"), MemoryLayout.paddingLayout(7));

    private final LlamaLibrary lib;
    private final MemorySegment chain; // NULL when argmaxOnly or greedy with a grammar
    private final boolean argmaxOnly;
    private final MemorySegment grammar; // the greedy path's own grammar sampler, else NULL
    private final Arena candidates; // the greedy path's candidate arrays
    private final MemorySegment one, all, array; // its candidate arrays: the argmax, the whole vocabulary, the array header
    private final MethodHandle apply, accept; // its per-token calls, bound once (null off that path)
    private final LlamaModel model;
    private final ReplyScript opening; // null when the reply may open in any script
    private ReplyScript.Step step = ReplyScript.Step.OPENING; // null once the opening is decided
    private final Repetition repetition; // null when off
    private final int[] window; // the last picked tokens, a ring of repetition.lastN()
    private final Map<Integer, Integer> counts = new HashMap<>(); // how often each token is in the window
    private int picks;
    private boolean closed;

    public LlamaSampler(LlamaLibrary lib, LlamaModel model, SamplingParams p) { this(lib, model, p, false); }

    /** {@code nativeChain}: build llama.cpp's chain even for plain greedy (tests compare it with the in-place argmax). */
    LlamaSampler(LlamaLibrary lib, LlamaModel model, SamplingParams p, boolean nativeChain) {
        this.lib = lib;
        this.model = model;
        this.opening = p.opening();
        Repetition r = p.repetition();
        this.repetition = r.off() ? null : r;
        this.window = r.off() ? null : new int[r.lastN()];
        boolean plainGreedy = !nativeChain && p.greedy();
        this.argmaxOnly = plainGreedy && p.toolCalls() == null;
        if (plainGreedy) {
            chain = MemorySegment.NULL;
            if (argmaxOnly) {
                grammar = one = all = array = MemorySegment.NULL;
                candidates = null;
                apply = accept = null;
                return;
            }
            try {
                grammar = grammar(lib, model, p.toolCalls());
            } catch (EngineException e) {
                throw e;
            } catch (Throwable t) {
                throw new EngineException("cannot build the tool-call grammar sampler: " + t, t);
            }
            candidates = Arena.ofShared();
            one = candidates.allocate(TOKEN_DATA);
            all = candidates.allocate(TOKEN_DATA, model.vocabSize());
            array = candidates.allocate(TOKEN_DATA_ARRAY);
            apply = lib.bind("llama_sampler_apply", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
            accept = lib.bind("llama_sampler_accept", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
            return;
        }
        grammar = one = all = array = MemorySegment.NULL;
        candidates = null;
        apply = accept = null;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = (MemorySegment) lib.bind("llama_sampler_chain_default_params",
                    FunctionDescriptor.of(CHAIN_PARAMS)).invokeExact((SegmentAllocator) arena);
            chain = (MemorySegment) lib.bind("llama_sampler_chain_init", FunctionDescriptor.of(ADDRESS, CHAIN_PARAMS))
                    .invokeExact(params);
        } catch (Throwable t) {
            throw new EngineException("cannot create a llama.cpp sampler chain: " + t, t);
        }
        try {
            if (p.toolCalls() != null) add(grammar(lib, model, p.toolCalls()));
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

    /** llama.cpp's lazy grammar sampler, triggered by the {@code <tool_call>} token where the vocabulary has one, and by its text. */
    private static MemorySegment grammar(LlamaLibrary lib, LlamaModel model, ToolCallGrammar g) throws Throwable {
        int tag = model.specialTokens().stream().filter(t -> t.text().equals(ToolCallParser.OPEN))
                .mapToInt(LlamaModel.SpecialToken::id).findFirst().orElse(-1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment tokens = tag >= 0 ? arena.allocateFrom(JAVA_INT, tag) : MemorySegment.NULL;
            // the text too, for a model that spells the tag out: the grammar reads from the first group on
            MemorySegment patterns = arena.allocateFrom(ADDRESS, arena.allocateFrom("[\\s\\S]*?(" + ToolCallParser.OPEN + ")[\\s\\S]*"));
            MemorySegment sampler = (MemorySegment) lib.bind("llama_sampler_init_grammar_lazy_patterns",
                            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG))
                    .invokeExact(model.vocab(), arena.allocateFrom(g.gbnf()), arena.allocateFrom("root"),
                            patterns, 1L, tokens, tag >= 0 ? 1L : 0L);
            if (sampler.equals(MemorySegment.NULL)) {
                throw new EngineException("llama.cpp could not parse the tool-call grammar (its log says where):\n" + g.gbnf());
            }
            return sampler;
        }
    }

    private void add(MemorySegment sampler) throws Throwable {
        if (sampler.equals(MemorySegment.NULL)) throw new EngineException("llama.cpp returned no sampler");
        lib.bind("llama_sampler_chain_add", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS)).invokeExact(chain, sampler);
    }

    MemorySegment handle() { return chain; }

    /** True until the reply's opening is decided (never for a request that holds none). */
    boolean holdsOpening() { return opening != null && step != null; }

    /** Before a pick: until the opening is decided, the tokens that would open the reply in the other script cannot be picked. */
    void holdOpening(MemorySegment logits) {
        for (int token : model.barred(opening, step)) logits.setAtIndex(JAVA_FLOAT, token, Float.NEGATIVE_INFINITY);
    }

    /** After a pick: the opening is decided once its first Latin word ends (for Han, at the first token that is not a lone Latin letter). */
    void picked(int token) {
        step = opening.after(step, model.piece(token));
    }

    /** True when the tokens already picked are penalised ({@link Repetition}). */
    boolean penalises() { return repetition != null; }

    /**
     * Before a pick: each token among the last {@code lastN} picked has its logit divided by the
     * penalty (multiplied when negative), then less its count times {@code frequency} and less
     * {@code presence}: llama.cpp's penalties sampler, whose arithmetic this is. Done here, on the
     * logits in place, so every path picks from them (the in-place argmax, the grammar's, the
     * native chain) and greedy stays an argmax; llama.cpp's own sampler, added to the chain through
     * FFM, penalised in some processes and not in others at this build.
     */
    void penalise(MemorySegment logits) {
        for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
            int token = e.getKey();
            float logit = logits.getAtIndex(JAVA_FLOAT, token);
            if (logit == Float.NEGATIVE_INFINITY) continue;
            logit = logit > 0 ? logit / repetition.penalty() : logit * repetition.penalty();
            logit -= e.getValue() * repetition.frequency() + repetition.presence();
            logits.setAtIndex(JAVA_FLOAT, token, logit);
        }
    }

    /** After a pick: the token enters the window, the oldest leaves it once the window is full. */
    void remember(int token) {
        int at = picks++ % window.length;
        if (picks > window.length) counts.computeIfPresent(window[at], (t, n) -> n == 1 ? null : n - 1);
        window[at] = token;
        counts.merge(token, 1, Integer::sum);
    }

    /** True when the next token is simply the most likely one, taken without a native chain. */
    boolean argmaxOnly() { return argmaxOnly; }

    /** True when the next token is the most likely one the tool-call grammar allows ({@link #pickGreedy}). */
    boolean greedyWithGrammar() { return !grammar.equals(MemorySegment.NULL); }

    /**
     * The most likely token that the grammar allows, given the logits and the argmax of them; the
     * grammar then takes it as written.
     */
    int pickGreedy(MemorySegment logits, int argmax) {
        try {
            int token = argmax;
            one.set(JAVA_INT, 0, token);
            one.set(JAVA_FLOAT, 4, logits.getAtIndex(JAVA_FLOAT, token));
            one.set(JAVA_FLOAT, 8, 0f);
            if (refused(one, 1)) token = bestAllowed(logits);
            accept.invokeExact(grammar, token);
            return token;
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("the tool-call grammar failed: " + t, t);
        }
    }

    /** Applies the grammar to {@code n} candidates; true when it refused the first. */
    private boolean refused(MemorySegment data, long n) throws Throwable {
        array.set(ADDRESS, 0, data);
        array.set(JAVA_LONG, 8, n);
        array.set(JAVA_LONG, 16, -1L);
        array.set(JAVA_BOOLEAN, 24, false);
        apply.invokeExact(grammar, array);
        return data.get(JAVA_FLOAT, 4) == Float.NEGATIVE_INFINITY;
    }

    private int bestAllowed(MemorySegment logits) throws Throwable {
        int n = (int) (all.byteSize() / TOKEN_DATA.byteSize());
        for (int i = 0; i < n; i++) {
            long at = i * TOKEN_DATA.byteSize();
            all.set(JAVA_INT, at, i);
            all.set(JAVA_FLOAT, at + 4, logits.getAtIndex(JAVA_FLOAT, i));
            all.set(JAVA_FLOAT, at + 8, 0f);
        }
        refused(all, n);
        int best = -1;
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            float v = all.get(JAVA_FLOAT, i * TOKEN_DATA.byteSize() + 4);
            if (v > max) {
                max = v;
                best = i;
            }
        }
        if (best < 0) throw new EngineException("the tool-call grammar allows no token here");
        return best;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        if (argmaxOnly) return;
        try {
            if (candidates != null) candidates.close();
            MemorySegment owner = greedyWithGrammar() ? grammar : chain; // the chain owns its samplers
            lib.bind("llama_sampler_free", FunctionDescriptor.ofVoid(ADDRESS)).invokeExact(owner);
        } catch (Throwable t) {
            throw new EngineException("llama_sampler_free failed: " + t, t);
        }
    }
}
