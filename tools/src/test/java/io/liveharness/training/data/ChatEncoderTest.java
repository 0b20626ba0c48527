package io.liveharness.training.data;

import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.gguf.RandomModel;
import io.liveharness.engine.llama.LlamaLibrary;
import io.liveharness.engine.llama.LlamaModel;
import io.liveharness.eval.export.OpenAiChatFormat;
import io.liveharness.eval.export.Trajectory;
import io.liveharness.training.tokenizer.GgufVocabulary;
import io.liveharness.training.tokenizer.TokenizerBuild;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Training sequences are what llama.cpp will see when it serves the model: same text, same tokens. */
class ChatEncoderTest {
    static final Path SAMPLE = Path.of("tools/src/test/resources/training/trajectories-sample.jsonl");
    @TempDir
    static Path dir;
    static LlamaModel model;
    static ChatEncoder encoder;
    static List<Trajectory> trajectories = new ArrayList<>();

    @BeforeAll
    static void load() throws Exception {
        model = LlamaModel.load(LlamaLibrary.load(null), RandomModel.cached(RandomModel.Spec.tiny(), TokenizerBuild.DEFAULT_OUT, dir));
        encoder = new ChatEncoder(GgufVocabulary.read(TokenizerBuild.DEFAULT_OUT));
        OpenAiChatFormat format = new OpenAiChatFormat();
        for (String line : Files.readAllLines(SAMPLE)) if (!line.isBlank()) trajectories.add(format.read(line));
    }

    @AfterAll
    static void free() {
        if (model != null) model.close();
    }

    @Test
    void theRenderedConversationIsLlamaCppsChatTemplateOfTheSameMessages() {
        for (Trajectory t : trajectories) {
            List<ChatMessage> all = t.messages().stream().map(m -> new ChatMessage(m.role(), ChatEncoder.content(m))).toList();
            // llama.cpp renders the prompt of the last model call, then the model writes the reply and <|im_end|>
            String prompt = model.applyChatTemplate(all.subList(0, all.size() - 1));
            String expected = prompt + all.getLast().content() + "<|im_end|>\n";
            assertEquals(expected, ChatEncoder.render(t).text(), t.caseId());
        }
    }

    @Test
    void javaTokensEqualLlamaCppTokensOfTheWholeConversation() {
        for (Trajectory t : trajectories) {
            ChatEncoder.Encoded e = encoder.encode(t);
            assertArrayEquals(model.tokenize(e.text(), false, true), e.tokens(), t.caseId());
        }
    }

    @Test
    void onlyThisTurnsToolCallsAndReplyAreTargetsEachEndingWithImEnd() {
        int imEnd = model.tokenize("<|im_end|>", false, true)[0];
        for (Trajectory t : trajectories) {
            ChatEncoder.Encoded e = encoder.encode(t);
            StringBuilder targets = new StringBuilder();
            int ends = 0;
            for (int i = 0; i < e.tokens().length; i++) {
                if (!e.mask()[i]) continue;
                if (e.tokens()[i] == imEnd) ends++;
                else targets.append(new String(model.piece(e.tokens()[i]), java.nio.charset.StandardCharsets.UTF_8));
            }
            long assistantTurnsAfterViewer = t.messages().stream().skip(lastUser(t) + 1).filter(m -> m.role().equals("assistant")).count();
            assertEquals(assistantTurnsAfterViewer, ends, t.caseId() + ": each of the avatar's turns ends with a target <|im_end|>");
            String reply = t.messages().getLast().content();
            assertTrue(targets.toString().endsWith(reply), t.caseId() + ": the reply is a target: " + targets);
            String question = t.messages().get(lastUser(t)).content();
            assertFalse(targets.toString().contains(question) && !reply.contains(question), t.caseId() + ": the viewer's words are not targets");
            assertFalse(e.mask()[0], "the first token is never a target");
        }
    }

    @Test
    void copiedFactsAreStretchesOfTheReplyFoundInTheContextWithADigitInAToolResultOrOnlyInAProductsLines() {
        String tool = "{\"colors\": [\"白色 white\"], \"courier\": \"顺丰\", \"stock\": 36}";
        String context = "hello, the shop says hello, 连衣裙专场\n- dress-101 碎花雪纺连衣裙: ¥159.0, buy link link-1, the shop\n{\"name\": \"x\"}\n"
                + "On stage: dress-101 碎花雪纺连衣裙\n" + tool;
        String reply = "碎花雪纺连衣裙现在¥159.0哦, 有白色 white, 还剩36件, 点link-1下单! the shop, 连衣裙 {\"";
        String text = context + reply;
        List<String> copied = ChatEncoder.copies(text, context.length(), text.length(), tool).stream()
                .map(c -> text.substring(c[0], c[1])).toList();
        assertEquals(List.of("碎花雪纺连衣裙", "¥159.0", "白色 white", "36", "link-1"), copied,
                "the product's name, the price, the tool's colour, the stock and the link; not words the prompt says"
                + " outside a product's lines (the shop, 连衣裙), 现在, 哦 or the brace");
    }

    @Test
    void decisionsAreTheToolCallsOrElseTheOpeningOfTheReply() {
        String before = "<|im_start|>assistant\n";
        String calls = "<tool_call>{\"name\":\"a\"}</tool_call><tool_call>{\"name\":\"b\"}</tool_call>";
        String text = before + calls + "<|im_end|>";
        List<String> keys = ChatEncoder.decisions(text, before.length(), text.length()).stream().map(c -> text.substring(c[0], c[1])).toList();
        assertEquals(List.of("<tool_call>{\"name\":\"a\"}</tool_call>", "<tool_call>{\"name\":\"b\"}</tool_call>"), keys);
        String reply = before + "Hi there<|im_end|>";
        assertEquals(List.of("Hi"), ChatEncoder.decisions(reply, before.length(), reply.length()).stream()
                .map(c -> reply.substring(c[0], c[1])).toList(), "a reply's first word sets its language");
    }

    @Test
    void everyKeyTokenIsATargetAndTheSampleHasSome() {
        long key = 0;
        for (Trajectory t : trajectories) {
            ChatEncoder.Encoded e = encoder.encode(t);
            for (int i = 0; i < e.tokens().length; i++) {
                if (e.key()[i]) key++;
                assertFalse(e.key()[i] && !e.mask()[i], t.caseId() + ": token " + i + " is key but not a target");
            }
        }
        assertTrue(key > 0, "the sample's replies quote product facts and call tools");
    }

    @Test
    void keepLearnedKeepsOnlyTheTrajectoriesOneOfWhoseLearnedRepliesMatches(@TempDir Path out) throws Exception {
        Path all = out.resolve("all.jsonl"), stock = out.resolve("stock.jsonl"), earlier = out.resolve("earlier.jsonl");
        assertEquals(8, EncodedSet.write(encoder, SAMPLE, all, 1024, 1, null).sequences());
        // the last replies of two sessions state the stock
        assertEquals(2, EncodedSet.write(encoder, SAMPLE, stock, 1024, 1, Pattern.compile("现货|in stock")).sequences());
        // an earlier answer the session does not learn ("现在¥159" before the last question) keeps nothing
        assertEquals(0, EncodedSet.write(encoder, SAMPLE, earlier, 1024, 1, Pattern.compile("现在¥159")).sequences());
        List<String> kept = Files.readAllLines(stock), every = Files.readAllLines(all);
        assertTrue(every.containsAll(kept), "a kept sequence is encoded as without the filter");
    }

    private static int lastUser(Trajectory t) {
        int last = -1;
        for (int i = 0; i < t.messages().size(); i++) if (t.messages().get(i).role().equals("user")) last = i;
        return last;
    }
}
