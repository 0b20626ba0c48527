package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Checks, before any model is touched, that the loaded library has the ABI this code's struct
 * layouts describe. FFM trusts our layouts blindly: if llama.cpp added a field, every struct
 * passed by value would be read shifted and the first decode would crash or misbehave. So:
 *
 * <ul>
 *   <li>llama_version() must say 0.5.0;</li>
 *   <li>llama_model_default_params() and llama_context_default_params() are called into a
 *       buffer larger than the struct, pre-filled with a marker byte. Every field must hold the
 *       default llama.h v0.5.0 documents (which pins each field's offset), the last field must
 *       have been written (the struct is no smaller) and no byte past the struct may have been
 *       touched (it is no larger);</li>
 *   <li>llama_sampler_chain_default_params() must report no_perf = true;</li>
 *   <li>a CPU device must be registered: this build ships the CPU backend as separate
 *       libggml-cpu-&lt;arch&gt;.so files, and none of them may suit this machine.</li>
 * </ul>
 */
public final class LlamaSelfCheck {

    /** What the check found, for logs and the operator API. */
    public record Report(String version, String cpuDevice, List<String> backends, long modelParamsBytes,
                         long contextParamsBytes) { }

    private static final byte MARKER = (byte) 0xA5;
    private static final long SLACK = 256; // bytes past the struct that must stay untouched

    private LlamaSelfCheck() { }

    static Report run(LlamaLibrary lib) {
        List<String> problems = new ArrayList<>();
        String version = version(lib);
        if (!version.equals(LlamaLibrary.VERSION) && !version.startsWith(LlamaLibrary.VERSION + "-")) {
            problems.add("llama_version() is \"" + version + "\", expected " + LlamaLibrary.VERSION);
        }
        if (problems.isEmpty()) {
            checkModelParams(lib, problems);
            checkContextParams(lib, problems);
            checkSamplerChainParams(lib, problems);
        }
        if (!problems.isEmpty()) {
            throw new EngineException("the llama.cpp library in " + lib.directory() + " does not match llama.cpp v"
                    + LlamaLibrary.VERSION + " as this code was written for: " + String.join("; ", problems));
        }
        List<String> backends = backends(lib);
        String cpu = cpuDevice(lib);
        if (cpu == null) {
            throw new EngineException("llama.cpp in " + lib.directory() + " registered no CPU backend (backends: "
                    + backends + "; CPU backend files there: " + lib.cpuBackendFiles()
                    + "). Expected a libggml-cpu-<arch>.so that this CPU can run; " + LlamaLibrary.FETCH_HINT);
        }
        return new Report(version, cpu, backends, LlamaModel.MODEL_PARAMS.byteSize(), LlamaContext.CONTEXT_PARAMS.byteSize());
    }

    private static String version(LlamaLibrary lib) {
        try {
            MemorySegment s = (MemorySegment) lib.bind("llama_version", FunctionDescriptor.of(ADDRESS)).invokeExact();
            return s.reinterpret(64).getString(0);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("llama_version failed: " + t, t);
        }
    }

    /** Calls a struct-returning default-params function into a marker-filled oversized buffer. */
    private static MemorySegment probe(LlamaLibrary lib, String function, StructLayout layout, Arena arena) {
        StructLayout padded = MemoryLayout.structLayout(layout, MemoryLayout.sequenceLayout(SLACK, JAVA_BYTE));
        MemorySegment buffer = arena.allocate(padded).fill(MARKER);
        // FFM allocates the returned struct through this allocator and llama.cpp writes it in
        // place (it is returned in memory, not registers), so the markers show what it wrote.
        SegmentAllocator into = (size, align) -> buffer.asSlice(0, size);
        try {
            return (MemorySegment) lib.bind(function, FunctionDescriptor.of(padded)).invokeExact(into);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException(function + " failed: " + t, t);
        }
    }

    private static void checkModelParams(LlamaLibrary lib, List<String> problems) {
        StructLayout l = LlamaModel.MODEL_PARAMS;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = probe(lib, "llama_model_default_params", l, arena);
            var c = new Fields("llama_model_params", l, p, problems);
            c.address("devices", 0);
            c.address("tensor_buft_overrides", 0);
            c.i32("n_gpu_layers", -1);
            c.i32("split_mode", 1);   // LLAMA_SPLIT_MODE_LAYER
            c.i32("load_mode", -1);   // LLAMA_LOAD_MODE_AUTO
            c.i32("lazy_mode", 1);    // LLAMA_LAZY_MODE_AUTO
            c.i32("main_gpu", 0);
            c.address("tensor_split", 0);
            c.address("progress_callback", 0);
            c.address("kv_overrides", 0);
            c.bool("vocab_only", false);
            c.bool("check_tensors", false);
            c.bool("use_extra_bufts", true);
            c.bool("no_host", false);
            c.bool("no_alloc", false);
            c.bool("load_mtp", false);
            c.untouchedAfter(l.byteSize());
        }
    }

    private static void checkContextParams(LlamaLibrary lib, List<String> problems) {
        StructLayout l = LlamaContext.CONTEXT_PARAMS;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = probe(lib, "llama_context_default_params", l, arena);
            var c = new Fields("llama_context_params", l, p, problems);
            c.i32("n_ctx", 512);
            c.i32("n_batch", 2048);
            c.i32("n_ubatch", 512);
            c.i32("n_seq_max", 1);
            c.i32("n_rs_seq", 0);
            c.i32("n_outputs_max", 0);
            c.i32("n_outputs_max_per_seq", 1);
            c.i32("n_threads", 4);        // GGML_DEFAULT_N_THREADS
            c.i32("n_threads_batch", 4);
            c.i32("ctx_type", 0);
            c.i32("rope_scaling_type", -1);
            c.i32("pooling_type", -1);
            c.i32("attention_type", -1);
            c.i32("flash_attn_type", -1); // LLAMA_FLASH_ATTN_TYPE_AUTO
            c.f32("rope_freq_base", 0f);
            c.f32("rope_freq_scale", 0f);
            c.f32("yarn_ext_factor", -1f);
            c.f32("yarn_attn_factor", -1f);
            c.f32("yarn_beta_fast", -1f);
            c.f32("yarn_beta_slow", -1f);
            c.i32("yarn_orig_ctx", 0);
            c.f32("defrag_thold", -1f);
            c.address("cb_eval", 0);
            c.i32("type_k", 1);           // GGML_TYPE_F16
            c.i32("type_v", 1);
            c.address("abort_callback", 0);
            c.bool("embeddings", false);
            c.bool("offload_kqv", true);
            c.bool("no_perf", true);
            c.bool("op_offload", true);
            c.bool("swa_full", true);
            c.bool("kv_unified", false);
            c.address("samplers", 0);
            c.i64("n_samplers", 0);
            c.address("ctx_other", 0);
            c.untouchedAfter(l.byteSize());
        }
    }

    private static void checkSamplerChainParams(LlamaLibrary lib, List<String> problems) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = (MemorySegment) lib.bind("llama_sampler_chain_default_params",
                    FunctionDescriptor.of(LlamaSampler.CHAIN_PARAMS)).invokeExact((SegmentAllocator) arena);
            if (!p.get(JAVA_BOOLEAN, 0)) problems.add("llama_sampler_chain_params.no_perf defaults to false, expected true");
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("llama_sampler_chain_default_params failed: " + t, t);
        }
    }

    private static List<String> backends(LlamaLibrary lib) {
        try {
            long n = (long) lib.bind("ggml_backend_reg_count", FunctionDescriptor.of(JAVA_LONG)).invokeExact();
            List<String> names = new ArrayList<>();
            for (long i = 0; i < n; i++) {
                MemorySegment reg = (MemorySegment) lib.bind("ggml_backend_reg_get", FunctionDescriptor.of(ADDRESS, JAVA_LONG)).invokeExact(i);
                MemorySegment name = (MemorySegment) lib.bind("ggml_backend_reg_name", FunctionDescriptor.of(ADDRESS, ADDRESS)).invokeExact(reg);
                names.add(name.reinterpret(256).getString(0));
            }
            return List.copyOf(names);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("listing ggml backends failed: " + t, t);
        }
    }

    private static String cpuDevice(LlamaLibrary lib) {
        try {
            MemorySegment dev = (MemorySegment) lib.bind("ggml_backend_dev_by_type", FunctionDescriptor.of(ADDRESS, JAVA_INT))
                    .invokeExact(0); // GGML_BACKEND_DEVICE_TYPE_CPU
            if (dev.equals(MemorySegment.NULL)) return null;
            MemorySegment name = (MemorySegment) lib.bind("ggml_backend_dev_name", FunctionDescriptor.of(ADDRESS, ADDRESS)).invokeExact(dev);
            return name.reinterpret(256).getString(0);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("finding the ggml CPU device failed: " + t, t);
        }
    }

    /** Compares fields of a probed struct with their expected defaults, collecting mismatches. */
    private record Fields(String struct, StructLayout layout, MemorySegment s, List<String> problems) {
        private long at(String field) {
            return layout.byteOffset(MemoryLayout.PathElement.groupElement(field));
        }

        private void expect(String field, Object expected, Object actual) {
            if (!expected.equals(actual)) {
                problems.add(struct + "." + field + " at offset " + at(field) + " reads " + actual + ", expected " + expected);
            }
        }

        void i32(String f, int v) { expect(f, v, s.get(JAVA_INT, at(f))); }

        void i64(String f, long v) { expect(f, v, s.get(JAVA_LONG, at(f))); }

        void f32(String f, float v) { expect(f, v, s.get(JAVA_FLOAT, at(f))); }

        void address(String f, long v) { expect(f, v, s.get(ValueLayout.JAVA_LONG, at(f))); }

        void bool(String f, boolean v) {
            byte b = s.get(JAVA_BYTE, at(f));
            if (b != 0 && b != 1) {
                problems.add(struct + "." + f + " at offset " + at(f) + " holds byte " + (b & 0xff) + ", not a bool");
            } else {
                expect(f, v, b == 1);
            }
        }

        /** No byte from {@code from} to the end of the probe buffer may have been written. */
        void untouchedAfter(long from) {
            for (long i = from; i < s.byteSize(); i++) {
                if (s.get(JAVA_BYTE, i) != MARKER) {
                    problems.add(struct + " is larger than the " + layout.byteSize()
                            + " bytes this code expects: byte " + i + " was written");
                    return;
                }
            }
        }
    }
}
