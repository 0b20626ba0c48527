package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
    public record Report(String version, String cpuDevice, List<String> backends, List<String> devices,
                         long modelParamsBytes, long contextParamsBytes) { }

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
        return new Report(version, cpu, backends, devices(lib), LlamaModel.MODEL_PARAMS.byteSize(),
                LlamaContext.CONTEXT_PARAMS.byteSize());
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

    /** A field's default as llama.h v0.5.0 gives it; {@code NULL} stands for a null pointer. */
    record Expect(String field, Object value) { }

    static final Object NULL = new Object() {
        @Override public String toString() { return "NULL"; }
    };

    static final List<Expect> MODEL_DEFAULTS = List.of(
            new Expect("devices", NULL), new Expect("tensor_buft_overrides", NULL),
            new Expect("n_gpu_layers", -1),
            new Expect("split_mode", 1),    // LLAMA_SPLIT_MODE_LAYER
            new Expect("load_mode", -1),    // LLAMA_LOAD_MODE_AUTO
            new Expect("lazy_mode", 1),     // LLAMA_LAZY_MODE_AUTO
            new Expect("main_gpu", 0),
            new Expect("tensor_split", NULL), new Expect("progress_callback", NULL),
            new Expect("progress_callback_user_data", NULL), new Expect("kv_overrides", NULL),
            new Expect("vocab_only", false), new Expect("check_tensors", false), new Expect("use_extra_bufts", true),
            new Expect("no_host", false), new Expect("no_alloc", false), new Expect("load_mtp", false));

    static final List<Expect> CONTEXT_DEFAULTS = List.of(
            new Expect("n_ctx", 512), new Expect("n_batch", 2048), new Expect("n_ubatch", 512),
            new Expect("n_seq_max", 1), new Expect("n_rs_seq", 0), new Expect("n_outputs_max", 0),
            new Expect("n_outputs_max_per_seq", 1),
            new Expect("n_threads", 4), new Expect("n_threads_batch", 4), // GGML_DEFAULT_N_THREADS
            new Expect("ctx_type", 0), new Expect("rope_scaling_type", -1), new Expect("pooling_type", -1),
            new Expect("attention_type", -1),
            new Expect("flash_attn_type", -1), // LLAMA_FLASH_ATTN_TYPE_AUTO
            new Expect("rope_freq_base", 0f), new Expect("rope_freq_scale", 0f),
            new Expect("yarn_ext_factor", -1f), new Expect("yarn_attn_factor", -1f),
            new Expect("yarn_beta_fast", -1f), new Expect("yarn_beta_slow", -1f),
            new Expect("yarn_orig_ctx", 0), new Expect("defrag_thold", -1f),
            new Expect("cb_eval", NULL), new Expect("cb_eval_user_data", NULL),
            new Expect("type_k", 1), new Expect("type_v", 1), // GGML_TYPE_F16
            new Expect("abort_callback", NULL), new Expect("abort_callback_data", NULL),
            new Expect("embeddings", false), new Expect("offload_kqv", true), new Expect("no_perf", true),
            new Expect("op_offload", true), new Expect("swa_full", true), new Expect("kv_unified", false),
            new Expect("samplers", NULL), new Expect("n_samplers", 0L), new Expect("ctx_other", NULL));

    private static void checkModelParams(LlamaLibrary lib, List<String> problems) {
        problems.addAll(checkStruct(lib, "llama_model_default_params", "llama_model_params",
                LlamaModel.MODEL_PARAMS, MODEL_DEFAULTS));
    }

    private static void checkContextParams(LlamaLibrary lib, List<String> problems) {
        problems.addAll(checkStruct(lib, "llama_context_default_params", "llama_context_params",
                LlamaContext.CONTEXT_PARAMS, CONTEXT_DEFAULTS));
    }

    /**
     * Calls {@code function} as if it returned {@code layout} and compares what it wrote with
     * {@code expected}. Every field is checked, so a shifted, resized or reordered field shows as
     * wrong values; the last field being written shows the struct is not smaller than the
     * layout; untouched markers after it show it is not larger.
     *
     * @return the mismatches, empty when the library matches the layout
     */
    static List<String> checkStruct(LlamaLibrary lib, String function, String struct, StructLayout layout,
                                    List<Expect> expected) {
        List<String> problems = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = probe(lib, function, layout, arena);
            for (Expect e : expected) {
                var member = layout.memberLayouts().stream().filter(m -> m.name().equals(Optional.of(e.field()))).findFirst();
                if (member.isEmpty()) {
                    problems.add(struct + " layout has no field " + e.field());
                    continue;
                }
                long at = layout.byteOffset(MemoryLayout.PathElement.groupElement(e.field()));
                Object actual = switch (member.get()) {
                    case ValueLayout.OfInt i -> s.get(JAVA_INT, at);
                    case ValueLayout.OfLong l -> s.get(JAVA_LONG, at);
                    case ValueLayout.OfFloat f -> s.get(JAVA_FLOAT, at);
                    case ValueLayout.OfBoolean b -> {
                        byte v = s.get(JAVA_BYTE, at);
                        yield v == 0 ? (Object) false : v == 1 ? (Object) true : "byte " + (v & 0xff);
                    }
                    case AddressLayout a -> {
                        long v = s.get(JAVA_LONG, at);
                        yield v == 0 ? NULL : "0x" + Long.toHexString(v);
                    }
                    default -> throw new IllegalArgumentException("unexpected layout " + member.get());
                };
                if (!e.value().equals(actual)) {
                    problems.add(struct + "." + e.field() + " at offset " + at + " reads " + actual + ", expected " + e.value());
                }
            }
            for (long i = layout.byteSize(); i < s.byteSize(); i++) {
                if (s.get(JAVA_BYTE, i) != MARKER) {
                    problems.add(struct + " is larger than the " + layout.byteSize()
                            + " bytes this code expects: byte " + i + " was written");
                    break;
                }
            }
        }
        return problems;
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

    /** Every device the backends found, as "name (description)": a GPU build on a machine without one lists only the CPU. */
    private static List<String> devices(LlamaLibrary lib) {
        try {
            long n = (long) lib.bind("ggml_backend_dev_count", FunctionDescriptor.of(JAVA_LONG)).invokeExact();
            List<String> devices = new ArrayList<>();
            for (long i = 0; i < n; i++) {
                MemorySegment dev = (MemorySegment) lib.bind("ggml_backend_dev_get", FunctionDescriptor.of(ADDRESS, JAVA_LONG)).invokeExact(i);
                MemorySegment name = (MemorySegment) lib.bind("ggml_backend_dev_name", FunctionDescriptor.of(ADDRESS, ADDRESS)).invokeExact(dev);
                MemorySegment text = (MemorySegment) lib.bind("ggml_backend_dev_description", FunctionDescriptor.of(ADDRESS, ADDRESS)).invokeExact(dev);
                devices.add(name.reinterpret(256).getString(0) + " (" + text.reinterpret(256).getString(0) + ")");
            }
            return List.copyOf(devices);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("listing ggml devices failed: " + t, t);
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
}
