package io.liveharness.engine.llama;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.CompletionRequest;
import io.liveharness.engine.SamplingParams;
import io.liveharness.engine.SharedPrefix;
import io.liveharness.engine.TokenSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * KV the batcher computed once and reuses: an evicted room restored from host memory, and a harness
 * version's shared prompt prefix copied into each room. Differential, on the project's trained avatar
 * model: every answer is compared, greedy and exactly, with the same prompt prefilled cold by the
 * single-sequence {@link LlamaBackend}, and the counters show the reuse happened.
 */
class KvReuseTest {
    static final Path MODEL = Path.of("models/avatar/liveharness-avatar.gguf");
    static LlamaBackend cold;

    @BeforeAll
    static void open() {
        assertTrue(Files.isRegularFile(MODEL), "the avatar model " + MODEL.toAbsolutePath() + " is missing");
        cold = LlamaBackend.open(LlamaOptions.of(MODEL).withLibraryDir(LlamaTestSupport.libraryDir()).withThreads(1).withContextSize(1024));
    }

    @AfterAll
    static void close() { cold.close(); }

    static BatchingBackend batcher(int rooms, long hostBytes, int prefixes) {
        return BatchingBackend.open(BatchingOptions.of(MODEL).withLibraryDir(LlamaTestSupport.libraryDir()).withThreads(1)
                .withContextSize(1024).withMaxSequences(rooms).withStepTokens(256).withKvReuse(hostBytes, prefixes));
    }

    static final String PERSONA = "你是小美, 在直播间卖连衣裙的主播. Answer in one short sentence.";

    static CompletionRequest chat(String room, String... turns) {
        List<ChatMessage> messages = new java.util.ArrayList<>(List.of(ChatMessage.system(PERSONA + " Room " + room + ".")));
        for (int i = 0; i < turns.length; i++) messages.add(i % 2 == 0 ? ChatMessage.user(turns[i]) : ChatMessage.assistant(turns[i]));
        return CompletionRequest.chat(room, messages, SamplingParams.GREEDY, 12, Long.MAX_VALUE);
    }

    static String coldText(CompletionRequest r) { return cold.complete(r, TokenSink.NONE).join().text(); }

    static Completion ask(BatchingBackend b, CompletionRequest r) { return b.complete(r, TokenSink.NONE).join(); }

    @Test
    void anEvictedRoomRestoredFromHostMemoryAnswersAsAColdPrefill() {
        try (BatchingBackend b = batcher(2, 64L << 20, 0)) {
            Completion first = ask(b, chat("a", "这件裙子有M码吗?"));
            ask(b, chat("b", "多少钱?"));
            ask(b, chat("c", "怎么退货?")); // two sequences: room a, least recently used, is evicted and saved
            BatchingBackend.Snapshot s = b.snapshot();
            assertFalse(s.cachedTokens().containsKey("a"), "room a lost its sequence");
            assertEquals(List.of("a"), s.hostCachedRooms(), "and is held in host memory");
            assertTrue(s.hostCacheBytes() > 0 && s.hostCacheBytes() == b.kvReuse().hostBytes());

            CompletionRequest second = chat("a", "这件裙子有M码吗?", first.text(), "那L码呢?");
            BatchingBackend.Stats before = b.stats();
            Completion again = ask(b, second);
            BatchingBackend.Stats after = b.stats();
            assertEquals(coldText(second), again.text(), "a restored room answers as a cold prefill of the same prompt");
            assertEquals(1, after.restores - before.restores, "room a was restored");
            long restored = after.restoredTokens - before.restoredTokens;
            assertTrue(restored >= first.promptTokens(), "the restore covers at least its first prompt: " + restored);
            assertEquals(second.messages().size(), 4);
            assertTrue(after.prefillTokens - before.prefillTokens <= again.promptTokens() - restored,
                    "only what follows the restored prefix is prefilled");
            assertFalse(b.snapshot().hostCachedRooms().contains("a"), "a room with a stream again is not held twice");
            assertEquals(1, b.kvReuse().restores());
        }
    }

    @Test
    void theHostCacheKeepsToItsByteLimitDroppingTheOldestSaved() {
        long size;
        try (BatchingBackend probe = batcher(1, 64L << 20, 0)) { // how many bytes one of these rooms' state takes
            ask(probe, oneToken("r0"));
            ask(probe, oneToken("r1"));
            size = probe.snapshot().hostCacheBytes();
            assertTrue(size > 0, "room r0 was saved");
        }
        try (BatchingBackend b = batcher(1, size * 5 / 2, 0)) { // room for two saved rooms, not three
            for (String room : List.of("r0", "r1", "r2", "r3")) ask(b, oneToken(room)); // each evicts the one before
            BatchingBackend.Snapshot s = b.snapshot();
            assertEquals(List.of("r1", "r2"), s.hostCachedRooms(), "r0, saved first, was dropped for r2");
            assertEquals(2 * size, s.hostCacheBytes());
            assertTrue(s.hostCacheBytes() <= size * 5 / 2);
            assertEquals(1, b.kvReuse().hostDropped());

            CompletionRequest r1 = chat("r1", "这件裙子有M码吗? 还有别的颜色吗?");
            assertEquals(coldText(r1), ask(b, r1).text());
            assertEquals(1, b.stats().restores, "r1 was restored");
            CompletionRequest r0 = chat("r0", "这件裙子有M码吗? 还有别的颜色吗?");
            assertEquals(coldText(r0), ask(b, r0).text());
            assertEquals(1, b.stats().restores, "r0 was dropped and prefilled in full");
        }
        try (BatchingBackend off = batcher(1, 0, 0)) {
            ask(off, oneToken("r0"));
            ask(off, oneToken("r1"));
            assertEquals(List.of(), off.snapshot().hostCachedRooms(), "a limit of 0 holds nothing");
        }
    }

    /** One token of reply: the sequence then holds exactly the prompt, so these rooms' states are the same size. */
    static CompletionRequest oneToken(String room) {
        CompletionRequest r = chat(room, "这件裙子有M码吗?");
        return CompletionRequest.chat(room, r.messages(), SamplingParams.GREEDY, 1, Long.MAX_VALUE);
    }

    /** A harness version's rules and skill catalog: the same for every room of the version. */
    static String versionText(String version) {
        StringBuilder s = new StringBuilder("## Rules (" + version + ")\n");
        String[] rules = {"Only state prices, stock and delivery times that the product data or a tool result gives.",
                "Never promise a discount or gift the data does not list.", "No medical or health claims.",
                "No off-platform payment, contact details or URLs."};
        for (String r : rules) s.append("- ").append(r).append('\n');
        s.append("\n## Skills\n");
        String[] skills = {"product-qa: answer questions about the products on sale, from the product data and tools",
                "after-sales: returns, refunds, exchanges and delivery problems, from the shop's policies",
                "promotion: the room's current promotions and how to use them", "chitchat: greet and chat briefly, then back to the products"};
        for (String k : skills) s.append("- ").append(k).append('\n');
        return s.toString().strip();
    }

    /** A room's request on {@code version}: the version's text, then the room's own persona and products. */
    static CompletionRequest roomOn(String version, String room, String question) {
        String shared = versionText(version);
        String system = shared + "\n\n" + PERSONA + " Room " + room + ".\n\n## Products\n- dress-101 碎花连衣裙: ¥" + (100 + room.length());
        return CompletionRequest.chat(room, List.of(ChatMessage.system(system), ChatMessage.user(question)),
                SamplingParams.GREEDY, 12, Long.MAX_VALUE).withSharedPrefix(new SharedPrefix(shared.length()));
    }

    @Test
    void roomsOfOneVersionStartFromItsSharedPrefixAndAnswerAsAColdPrefill() {
        try (BatchingBackend b = batcher(8, 0, 2)) {
            CompletionRequest a = roomOn("v1", "a", "有M码吗?");
            assertEquals(coldText(a), ask(b, a).text(), "the first room of a version prefills as usual");
            assertEquals(1, b.stats().prefixBuilds, "and its stream became the version's prefix");
            assertEquals(0, b.stats().prefixCopies);

            CompletionRequest bb = roomOn("v1", "bb", "多少钱?");
            BatchingBackend.Stats before = b.stats();
            Completion second = ask(b, bb);
            BatchingBackend.Stats after = b.stats();
            assertEquals(coldText(bb), second.text(), "a room started from the copied prefix answers as a cold prefill");
            assertEquals(1, after.prefixCopies - before.prefixCopies);
            long copied = after.prefixTokens - before.prefixTokens;
            assertTrue(copied >= 32 && copied < second.promptTokens(), copied + " of " + second.promptTokens() + " tokens copied");
            assertEquals(second.promptTokens() - copied, after.prefillTokens - before.prefillTokens,
                    "only the room's own part is prefilled");
            assertEquals(1, b.stats().prefixBuilds, "the version's prefix was computed once");

            // v2 and v3 fill the two prefix sequences; v1 was used least recently and is replaced
            for (String v : List.of("v2", "v3")) {
                CompletionRequest r = roomOn(v, "first-" + v, "有M码吗?");
                assertEquals(coldText(r), ask(b, r).text());
            }
            assertEquals(3, b.stats().prefixBuilds);
            assertEquals(2, b.snapshot().sharedPrefixTokens().size(), "two prefix sequences, no more");
            CompletionRequest v2 = roomOn("v2", "second-v2", "怎么退货?");
            assertEquals(coldText(v2), ask(b, v2).text());
            assertEquals(2, b.stats().prefixCopies, "v2's prefix is still held");
            CompletionRequest v1 = roomOn("v1", "late-v1", "怎么退货?");
            assertEquals(coldText(v1), ask(b, v1).text());
            assertEquals(2, b.stats().prefixCopies, "v1's prefix was replaced: its next room prefills it again");
            assertEquals(4, b.stats().prefixBuilds);
            assertEquals(b.stats().prefixCopies, b.kvReuse().prefixCopies());
        }
    }

    @Test
    void aSharedPrefixEndingInsideAWordStillAnswersAsAColdPrefill() {
        try (BatchingBackend b = batcher(4, 0, 1)) {
            for (String room : List.of("x", "y")) {
                // the shared text ends mid-word, and the room's own text goes on with that word: the tokenizer merges across the cut
                String shared = versionText("v1") + "\n\nWelcome to the dre";
                String system = shared + "ss room " + room + ". " + PERSONA;
                CompletionRequest r = CompletionRequest.chat(room, List.of(ChatMessage.system(system), ChatMessage.user("有M码吗?")),
                        SamplingParams.GREEDY, 12, Long.MAX_VALUE).withSharedPrefix(new SharedPrefix(shared.length()));
                assertEquals(coldText(r), ask(b, r).text(), "room " + room);
            }
            assertEquals(1, b.stats().prefixBuilds);
            assertEquals(1, b.stats().prefixCopies, "the second room started from the prefix");
        }
    }

    @Test
    void evictionAndSharedPrefixesTogetherStillAnswerAsAColdPrefill() {
        try (BatchingBackend b = batcher(2, 64L << 20, 1)) {
            Completion a1 = ask(b, roomOn("v1", "a", "有M码吗?"));
            ask(b, roomOn("v1", "bb", "多少钱?"));
            ask(b, roomOn("v1", "ccc", "怎么退货?")); // evicts a, which is saved; ccc starts from the prefix
            assertEquals(List.of("a"), b.snapshot().hostCachedRooms());
            CompletionRequest again = roomOn("v1", "a", "有M码吗?");
            List<ChatMessage> m = new java.util.ArrayList<>(again.messages());
            m.add(ChatMessage.assistant(a1.text()));
            m.add(ChatMessage.user("那L码呢?"));
            CompletionRequest second = CompletionRequest.chat("a", m, SamplingParams.GREEDY, 12, Long.MAX_VALUE)
                    .withSharedPrefix(again.sharedPrefix());
            long prefixCopies = b.stats().prefixCopies;
            assertEquals(coldText(second), ask(b, second).text());
            assertEquals(1, b.stats().restores, "its own saved KV covers more than the version's prefix, so it is restored");
            assertEquals(prefixCopies, b.stats().prefixCopies);
        }
    }

    @Test
    void aSharedPrefixThatIsNotTheSystemMessagesStartIsRefused() {
        var e = assertThrows(IllegalArgumentException.class, () -> CompletionRequest.chat("r", List.of(ChatMessage.user("hi")),
                SamplingParams.GREEDY, 4, Long.MAX_VALUE).withSharedPrefix(new SharedPrefix(2)));
        assertTrue(e.getMessage().contains("needs a system message first; the first message is 'user'"), e.getMessage());
        var longer = assertThrows(IllegalArgumentException.class, () -> CompletionRequest.chat("r", List.of(ChatMessage.system("hi")),
                SamplingParams.GREEDY, 4, Long.MAX_VALUE).withSharedPrefix(new SharedPrefix(3)));
        assertTrue(longer.getMessage().contains("longer than the system message (2)"), longer.getMessage());
    }
}
