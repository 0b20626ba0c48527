package io.liveharness.engine.llama;

import io.liveharness.engine.EngineException;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The llama.cpp v0.5.0 shared libraries, loaded once per JVM: finds the directory, checks the
 * files are what they should be, loads them in dependency order, registers the CPU backend and
 * runs {@link LlamaSelfCheck} so a mismatched build is refused with an exception rather than
 * discovered as a crash in the middle of a decode.
 *
 * <p>Native memory the library hands out is owned by the classes that asked for it; this class
 * only owns the libraries themselves, which stay loaded until the JVM exits (llama.cpp has no
 * safe unload).
 */
public final class LlamaLibrary {

    public static final String VERSION = "0.5.0";
    public static final String DESCRIPTION = "llama.cpp v0.5.0 (node-llama-cpp 3.22.1)";
    public static final String DIR_PROPERTY = "liveharness.llama.dir";
    public static final String DIR_ENV = "LIVEHARNESS_LLAMA_DIR";
    static final String FETCH_HINT = "run scripts/fetch-llama.sh to fetch it";

    // Loaded in this order: each one's NEEDED entries name the ones before it. The node-llama-cpp
    // build puts the version in the file name (and its CUDA build, @node-llama-cpp/linux-x64-cuda,
    // the backend too); a plain cmake build of the same tag does not.
    private static final List<List<String>> LIBRARIES = List.of(
            List.of("libggml-base.so"),
            List.of("libggml.v0.5.0.so", "libggml.cuda.v0.5.0.so", "libggml.so"),
            List.of("libllama.v0.5.0.so", "libllama.cuda.v0.5.0.so", "libllama.so"));

    private static final System.Logger LOG = System.getLogger(LlamaLibrary.class.getName());
    private static LlamaLibrary instance;

    private final Path directory;
    private final SymbolLookup symbols;
    private final Linker linker = Linker.nativeLinker();
    private final Map<String, MethodHandle> handles = new ConcurrentHashMap<>();
    private final LlamaSelfCheck.Report selfCheck;

    private LlamaLibrary(Path directory, List<Path> files) {
        this.directory = directory;
        SymbolLookup lookup = null;
        for (Path file : files) {
            SymbolLookup one;
            try {
                one = SymbolLookup.libraryLookup(file, Arena.global());
            } catch (IllegalArgumentException | IllegalCallerException e) {
                throw new EngineException("cannot load " + file + " (expected llama.cpp v" + VERSION
                        + " built for linux x64): " + e.getMessage(), e);
            }
            // Later libraries first: llama_* live in libllama, ggml_backend_* in libggml.
            lookup = lookup == null ? one : one.or(lookup);
        }
        this.symbols = lookup;
        installLogCallback();
        initBackends();
        this.selfCheck = LlamaSelfCheck.run(this);
    }

    /**
     * Loads the library from {@code configured} if it is non-null, else from the system property
     * {@value #DIR_PROPERTY}, else the environment variable {@value #DIR_ENV}, else the cache
     * directory that scripts/fetch-llama.sh fills.
     */
    public static LlamaLibrary load(Path configured) {
        return loadFrom(resolveDirectory(configured));
    }

    public static Path resolveDirectory(Path configured) {
        if (configured != null) return configured;
        String property = System.getProperty(DIR_PROPERTY);
        if (property != null && !property.isBlank()) return Path.of(property);
        String env = System.getenv(DIR_ENV);
        if (env != null && !env.isBlank()) return Path.of(env);
        return defaultDirectory();
    }

    /** Where scripts/fetch-llama.sh unpacks the pinned build. */
    public static Path defaultDirectory() {
        String cache = System.getenv("LIVEHARNESS_CACHE");
        Path root = cache != null && !cache.isBlank() ? Path.of(cache)
                : Path.of(System.getProperty("user.home"), ".cache", "liveharness");
        return root.resolve("llama-cpp").resolve("node-llama-cpp-linux-x64-3.22.1");
    }

    public static synchronized LlamaLibrary loadFrom(Path directory) {
        Path dir = directory.toAbsolutePath().normalize();
        List<Path> files = checkFiles(dir);
        if (instance != null) {
            if (instance.directory.equals(dir)) return instance;
            throw new EngineException("llama.cpp is already loaded from " + instance.directory
                    + "; one JVM can use only one build, so " + dir + " cannot be loaded as well");
        }
        instance = new LlamaLibrary(dir, files);
        return instance;
    }

    /** Checks the directory holds the three libraries and that each is an ELF file. */
    static List<Path> checkFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new EngineException("llama.cpp library directory " + dir + " does not exist or is not a directory"
                    + " (expected the llama.cpp v" + VERSION + " shared libraries there; " + FETCH_HINT + ")");
        }
        return LIBRARIES.stream().map(names -> {
            Path file = names.stream().map(dir::resolve).filter(Files::exists).findFirst()
                    .orElseThrow(() -> new EngineException("llama.cpp library directory " + dir + " has no "
                            + String.join(" or ", names) + " (expected llama.cpp v" + VERSION + "; " + FETCH_HINT + ")"));
            if (!isElf(file)) {
                throw new EngineException(file + " is not a shared library (no ELF header); expected llama.cpp v"
                        + VERSION + "'s " + names.getFirst() + " built for linux x64");
            }
            return file;
        }).toList();
    }

    private static boolean isElf(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(4), new byte[]{0x7f, 'E', 'L', 'F'});
        } catch (IOException e) {
            return false;
        }
    }

    public Path directory() { return directory; }

    public LlamaSelfCheck.Report selfCheck() { return selfCheck; }

    /**
     * A downcall handle for {@code symbol}, bound once and cached. A missing symbol means the
     * library is not the version this code was written against.
     */
    public MethodHandle bind(String symbol, FunctionDescriptor descriptor) {
        return handles.computeIfAbsent(symbol + descriptor, key -> {
            MemorySegment address = symbols.find(symbol).orElseThrow(() -> new EngineException(
                    "the llama.cpp library in " + directory + " has no function " + symbol
                            + "; it is not llama.cpp v" + VERSION));
            return linker.downcallHandle(address, descriptor);
        });
    }

    // --- backends ---------------------------------------------------------------------------

    private void initBackends() {
        try {
            bind("llama_backend_init", FunctionDescriptor.ofVoid()).invokeExact();
            // This build has no CPU code in libggml itself: the CPU backend is one of the
            // libggml-cpu-<arch>.so files, and ggml picks the best one for this CPU only when
            // asked to scan a directory. Without this, model loading finds no device at all.
            try (Arena arena = Arena.ofConfined()) {
                bind("ggml_backend_load_all_from_path", FunctionDescriptor.ofVoid(ADDRESS))
                        .invokeExact(arena.allocateFrom(directory.toString()));
            }
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("llama.cpp backend initialisation failed in " + directory + ": " + t, t);
        }
    }

    // --- logging ----------------------------------------------------------------------------

    // ggml_log_level: NONE 0, DEBUG 1, INFO 2, WARN 3, ERROR 4, CONT 5 (continues the last line)
    private static final int LOG_WARN = 3, LOG_ERROR = 4, LOG_CONT = 5;
    private static final int RECENT_LINES = 6;
    private static final ThreadLocal<Deque<String>> RECENT = ThreadLocal.withInitial(ArrayDeque::new);
    private static final ThreadLocal<int[]> LAST_LEVEL = ThreadLocal.withInitial(() -> new int[]{2});

    /**
     * Routes llama.cpp's log lines to System.Logger instead of stderr: errors as ERROR, warnings at
     * DEBUG (they repeat what the node says in its own words, such as a context past the model's
     * training length), its INFO output (a page per model load) at TRACE. Keeps this thread's last
     * warnings and errors, so a failed call can say why in its exception.
     */
    private void installLogCallback() {
        try {
            MethodHandle target = MethodHandles.lookup().findStatic(LlamaLibrary.class, "onLog",
                    MethodType.methodType(void.class, int.class, MemorySegment.class, MemorySegment.class));
            MemorySegment stub = linker.upcallStub(target,
                    FunctionDescriptor.ofVoid(JAVA_INT, ADDRESS, ADDRESS), Arena.global());
            bind("llama_log_set", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS)).invokeExact(stub, MemorySegment.NULL);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("cannot install the llama.cpp log callback: " + t, t);
        }
    }

    // Called from native code: must never throw, or the JVM exits.
    private static void onLog(int level, MemorySegment text, MemorySegment userData) {
        try {
            int[] last = LAST_LEVEL.get();
            int effective = level == LOG_CONT ? last[0] : level;
            last[0] = effective;
            String line = text.reinterpret(Integer.MAX_VALUE).getString(0).stripTrailing();
            if (line.isEmpty()) return;
            if (effective >= LOG_WARN) {
                Deque<String> recent = RECENT.get();
                if (level == LOG_CONT && !recent.isEmpty()) {
                    recent.addLast(recent.pollLast() + line);
                } else {
                    recent.addLast(line);
                }
                while (recent.size() > RECENT_LINES) recent.pollFirst();
            }
            LOG.log(effective >= LOG_ERROR ? System.Logger.Level.ERROR
                    : effective == LOG_WARN ? System.Logger.Level.DEBUG : System.Logger.Level.TRACE, "llama.cpp: " + line);
        } catch (Throwable ignored) {
            // nothing sensible to do inside a native callback
        }
    }

    /** Forgets this thread's recent llama.cpp warnings; call before a call whose failure you will report. */
    static void clearRecentLog() {
        RECENT.get().clear();
    }

    /** This thread's llama.cpp warnings and errors since {@link #clearRecentLog()}, as " (llama.cpp: ...)" or "". */
    static String recentLog() {
        Deque<String> recent = RECENT.get();
        if (recent.isEmpty()) return "";
        String text = String.join("; ", recent);
        recent.clear();
        return " (llama.cpp: " + text + ")";
    }

    /** The backend library files present, for messages. */
    List<String> cpuBackendFiles() {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("libggml-cpu")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
