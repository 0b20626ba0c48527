package io.liveharness.engine.llama;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.EngineException;
import io.liveharness.engine.ReplyScript;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A loaded GGUF model and its vocabulary: text to tokens, tokens to bytes, the chat template,
 * and which tokens end a generation. Weights are read-only once loaded, so one model could back
 * several contexts; this class does not decode anything itself.
 */
public final class LlamaModel implements AutoCloseable {

    /** struct llama_model_params (llama.h v0.5.0), 80 bytes on x86-64. */
    static final StructLayout MODEL_PARAMS = MemoryLayout.structLayout(
            ADDRESS.withName("devices"),
            ADDRESS.withName("tensor_buft_overrides"),
            JAVA_INT.withName("n_gpu_layers"),
            JAVA_INT.withName("split_mode"),
            JAVA_INT.withName("load_mode"),
            JAVA_INT.withName("lazy_mode"),
            JAVA_INT.withName("main_gpu"),
            MemoryLayout.paddingLayout(4),
            ADDRESS.withName("tensor_split"),
            ADDRESS.withName("progress_callback"),
            ADDRESS.withName("progress_callback_user_data"),
            ADDRESS.withName("kv_overrides"),
            JAVA_BOOLEAN.withName("vocab_only"),
            JAVA_BOOLEAN.withName("check_tensors"),
            JAVA_BOOLEAN.withName("use_extra_bufts"),
            JAVA_BOOLEAN.withName("no_host"),
            JAVA_BOOLEAN.withName("no_alloc"),
            JAVA_BOOLEAN.withName("load_mtp"),
            MemoryLayout.paddingLayout(2));

    /** struct llama_chat_message: two C strings. */
    static final StructLayout CHAT_MESSAGE = MemoryLayout.structLayout(
            ADDRESS.withName("role"), ADDRESS.withName("content"));

    static final FunctionDescriptor DEFAULT_PARAMS = FunctionDescriptor.of(MODEL_PARAMS);

    private final GgufHeader header;
    private final MemorySegment model;
    private final MemorySegment vocab;
    private final String chatTemplate; // null when the model has none
    private final int vocabSize;
    private final long parameters;
    private final int trainingContext;

    private final MethodHandle tokenize;
    private final MethodHandle tokenToPiece;
    private final MethodHandle isEog;
    private final MethodHandle applyTemplate;
    private final MethodHandle modelFree;
    private final List<SpecialToken> specialTokens;
    private final Map<Barred, int[]> barred = new ConcurrentHashMap<>();
    private boolean closed;

    /**
     * A token that llama.cpp cuts out of text before BPE when asked to parse specials: control
     * ({@code <|im_start|>}), user-defined ({@code <tool_call>}) and unknown tokens, as its own
     * partition does. User-defined ones are cut out even with parse_special off.
     */
    public record SpecialToken(int id, String text, boolean control) { }

    /** llama_token_attr bits (llama.h). */
    static final int ATTR_UNKNOWN = 1, ATTR_CONTROL = 1 << 3, ATTR_USER_DEFINED = 1 << 4;

    private LlamaModel(LlamaLibrary lib, GgufHeader header, MemorySegment model) {
        this.header = header;
        this.model = model;
        try {
            vocab = (MemorySegment) lib.bind("llama_model_get_vocab", FunctionDescriptor.of(ADDRESS, ADDRESS)).invokeExact(model);
            vocabSize = (int) lib.bind("llama_vocab_n_tokens", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(vocab);
            parameters = (long) lib.bind("llama_model_n_params", FunctionDescriptor.of(JAVA_LONG, ADDRESS)).invokeExact(model);
            trainingContext = (int) lib.bind("llama_model_n_ctx_train", FunctionDescriptor.of(JAVA_INT, ADDRESS)).invokeExact(model);
            MemorySegment tmpl = (MemorySegment) lib.bind("llama_model_chat_template",
                    FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS)).invokeExact(model, MemorySegment.NULL);
            chatTemplate = tmpl.equals(MemorySegment.NULL) ? null : tmpl.reinterpret(Integer.MAX_VALUE).getString(0);
        } catch (Throwable t) {
            throw new EngineException("cannot read model " + header.file() + " after loading it: " + t, t);
        }
        tokenize = lib.bind("llama_tokenize", FunctionDescriptor.of(JAVA_INT,
                ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_BOOLEAN, JAVA_BOOLEAN));
        tokenToPiece = lib.bind("llama_token_to_piece", FunctionDescriptor.of(JAVA_INT,
                ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_BOOLEAN));
        isEog = lib.bind("llama_vocab_is_eog", FunctionDescriptor.of(JAVA_BOOLEAN, ADDRESS, JAVA_INT));
        applyTemplate = lib.bind("llama_chat_apply_template", FunctionDescriptor.of(JAVA_INT,
                ADDRESS, ADDRESS, JAVA_LONG, JAVA_BOOLEAN, ADDRESS, JAVA_INT));
        modelFree = lib.bind("llama_model_free", FunctionDescriptor.ofVoid(ADDRESS));
        specialTokens = readSpecialTokens(lib);
    }

    private List<SpecialToken> readSpecialTokens(LlamaLibrary lib) {
        MethodHandle attr = lib.bind("llama_vocab_get_attr", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        MethodHandle text = lib.bind("llama_vocab_get_text", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
        List<SpecialToken> found = new java.util.ArrayList<>();
        try {
            for (int id = 0; id < vocabSize; id++) {
                int a = (int) attr.invokeExact(vocab, id);
                if ((a & (ATTR_UNKNOWN | ATTR_CONTROL | ATTR_USER_DEFINED)) == 0) continue;
                MemorySegment t = (MemorySegment) text.invokeExact(vocab, id);
                String s = t.equals(MemorySegment.NULL) ? "" : t.reinterpret(Integer.MAX_VALUE).getString(0);
                if (!s.isEmpty()) found.add(new SpecialToken(id, s, (a & ATTR_USER_DEFINED) == 0));
            }
        } catch (Throwable t) {
            throw new EngineException("cannot read the special tokens of " + header.file() + ": " + t, t);
        }
        return List.copyOf(found);
    }

    /**
     * Checks the file's GGUF header in Java, then has llama.cpp load it with its default model
     * parameters (CPU, mmap where it can).
     */
    public static LlamaModel load(LlamaLibrary lib, Path file) {
        GgufHeader header = GgufHeader.read(file);
        MethodHandle loadFromFile = lib.bind("llama_model_load_from_file",
                FunctionDescriptor.of(ADDRESS, ADDRESS, MODEL_PARAMS));
        MemorySegment model;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = defaultParams(lib, arena);
            LlamaLibrary.clearRecentLog();
            model = (MemorySegment) loadFromFile.invokeExact(arena.allocateFrom(file.toAbsolutePath().toString()), params);
        } catch (Throwable t) {
            throw new EngineException("llama.cpp failed loading model file " + file + ": " + t, t);
        }
        if (model.equals(MemorySegment.NULL)) {
            throw new EngineException("llama.cpp could not load model file " + file + LlamaLibrary.recentLog());
        }
        return new LlamaModel(lib, header, model);
    }

    /** llama_model_default_params(), as a struct in {@code allocator}'s memory. */
    static MemorySegment defaultParams(LlamaLibrary lib, SegmentAllocator allocator) {
        try {
            return (MemorySegment) lib.bind("llama_model_default_params", DEFAULT_PARAMS).invokeExact(allocator);
        } catch (Throwable t) {
            throw new EngineException("llama_model_default_params failed: " + t, t);
        }
    }

    public GgufHeader header() { return header; }

    public long parameterCount() { return parameters; }

    public int vocabSize() { return vocabSize; }

    public int trainingContext() { return trainingContext; }

    /** The vocabulary's control, user-defined and unknown tokens with their texts. */
    public List<SpecialToken> specialTokens() { return specialTokens; }

    /** The template stored in the GGUF (tokenizer.chat_template), or null. */
    public String chatTemplate() { return chatTemplate; }

    MemorySegment handle() { return model; }

    MemorySegment vocab() { return vocab; }

    /**
     * Tokenizes {@code text}. {@code addSpecial} lets the vocabulary add its BOS (as llama.cpp's
     * own tools do for the start of a prompt); {@code parseSpecial} turns "&lt;|im_start|&gt;"-style
     * text into the control token rather than literal characters, which templated prompts need.
     */
    public int[] tokenize(String text, boolean addSpecial, boolean parseSpecial) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment textSeg = arena.allocate(utf8.length + 1L);
            MemorySegment.copy(utf8, 0, textSeg, JAVA_BYTE, 0, utf8.length);
            int capacity = utf8.length + 8; // at most one token per byte, plus BOS/EOS
            for (int attempt = 0; attempt < 2; attempt++) {
                MemorySegment out = arena.allocate(JAVA_INT, capacity);
                int n = (int) tokenize.invokeExact(vocab, textSeg, utf8.length, out, capacity, addSpecial, parseSpecial);
                if (n >= 0) return out.asSlice(0, n * 4L).toArray(JAVA_INT);
                if (n == Integer.MIN_VALUE) {
                    throw new EngineException("prompt of " + utf8.length + " bytes is too long to tokenize");
                }
                capacity = -n; // a negative result is the number of tokens it needs room for
            }
            throw new EngineException("llama_tokenize kept asking for a larger buffer");
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("llama_tokenize failed: " + t, t);
        }
    }

    /**
     * The bytes {@code token} stands for. They need not be whole UTF-8 characters: byte-fallback
     * vocabularies spell one character over several tokens, which {@link Utf8Pieces} reassembles.
     * Control tokens render as nothing.
     */
    public byte[] piece(int token) {
        try (Arena arena = Arena.ofConfined()) {
            int capacity = 64;
            for (int attempt = 0; attempt < 2; attempt++) {
                MemorySegment buf = arena.allocate(capacity);
                int n = (int) tokenToPiece.invokeExact(vocab, token, buf, capacity, 0, false);
                if (n >= 0) return buf.asSlice(0, n).toArray(JAVA_BYTE);
                capacity = -n;
            }
            throw new EngineException("llama_token_to_piece kept asking for a larger buffer for token " + token);
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("llama_token_to_piece failed: " + t, t);
        }
    }

    private record Barred(ReplyScript script, ReplyScript.Step step) { }

    /** The tokens a reply held to {@code script} may not write at {@code step}, read from the vocabulary once for each. */
    public int[] barred(ReplyScript script, ReplyScript.Step step) {
        return barred.computeIfAbsent(new Barred(script, step),
                b -> IntStream.range(0, vocabSize).filter(t -> !script.allows(step, piece(t))).toArray());
    }

    /** True for tokens that end a generation: EOS, EOT and the model's other end markers. */
    public boolean isEndOfGeneration(int token) {
        try {
            return (boolean) isEog.invokeExact(vocab, token);
        } catch (Throwable t) {
            throw new EngineException("llama_vocab_is_eog failed: " + t, t);
        }
    }

    /**
     * Turns a chat into prompt text with the model's own template, ending with the cue for the
     * assistant's turn. llama_chat_apply_template knows a fixed list of common templates; for a
     * model with no template, or one it does not recognise, this falls back to
     * {@link #fallbackPrompt}.
     */
    public String applyChatTemplate(List<ChatMessage> messages) {
        String text = renderTemplate(messages);
        if (text != null) return text;
        if (chatTemplate != null) {
            System.getLogger(LlamaModel.class.getName()).log(System.Logger.Level.WARNING,
                    "llama.cpp does not support the chat template of " + header.file() + "; using the plain fallback");
        }
        return fallbackPrompt(messages);
    }

    /** The chat through the model's own template, or null when it has none or llama.cpp does not know it. */
    String renderTemplate(List<ChatMessage> messages) {
        if (chatTemplate == null) return null;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chat = arena.allocate(CHAT_MESSAGE, messages.size());
            long chars = 0;
            for (int i = 0; i < messages.size(); i++) {
                MemorySegment msg = chat.asSlice(i * CHAT_MESSAGE.byteSize(), CHAT_MESSAGE);
                msg.set(ADDRESS, 0, arena.allocateFrom(messages.get(i).role()));
                msg.set(ADDRESS, ADDRESS.byteSize(), arena.allocateFrom(messages.get(i).content()));
                chars += messages.get(i).content().length() + messages.get(i).role().length();
            }
            MemorySegment tmpl = arena.allocateFrom(chatTemplate);
            int capacity = (int) Math.min(Integer.MAX_VALUE - 1, Math.max(256, 2 * chars + 256));
            for (int attempt = 0; attempt < 2; attempt++) {
                MemorySegment buf = arena.allocate(capacity);
                int n = (int) applyTemplate.invokeExact(tmpl, chat, (long) messages.size(), true, buf, capacity);
                if (n < 0) return null;
                if (n <= capacity) return new String(buf.asSlice(0, n).toArray(JAVA_BYTE), StandardCharsets.UTF_8);
                capacity = n; // it reports the whole length when the buffer was too small
            }
            throw new EngineException("llama_chat_apply_template kept asking for a larger buffer");
        } catch (EngineException e) {
            throw e;
        } catch (Throwable t) {
            throw new EngineException("llama_chat_apply_template failed: " + t, t);
        }
    }

    /**
     * The prompt for models without a chat template: one "Role: content" line per message, then
     * "Assistant:" for the model to continue. Story models like stories260K were never trained
     * on chats, so this only keeps the request well-formed; it does not make them converse.
     */
    static String fallbackPrompt(List<ChatMessage> messages) {
        StringBuilder prompt = new StringBuilder();
        for (ChatMessage m : messages) {
            String role = m.role().isEmpty() ? "User" : m.role().substring(0, 1).toUpperCase(Locale.ROOT) + m.role().substring(1);
            prompt.append(role).append(": ").append(m.content()).append('\n');
        }
        return prompt.append("Assistant:").toString();
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        try {
            modelFree.invokeExact(model);
        } catch (Throwable t) {
            throw new EngineException("llama_model_free failed: " + t, t);
        }
    }
}
