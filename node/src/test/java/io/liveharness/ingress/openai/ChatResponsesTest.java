package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Completion;
import io.liveharness.engine.StopReason;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The response builder, the content filter and the request parser, without a model. */
class ChatResponsesTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final ChatRequestParser PARSER = new ChatRequestParser(ChatCompletionsOptions.defaults());

    static ChatRequest request(boolean tools, List<String> stop) {
        return new ChatRequest("m", List.of(ChatMessage.user("hi")), List.of(), tools, false, false, 16, 0f, 1f, 0L, stop, null);
    }

    static Completion completion(String text) { return new Completion(text, 7, 5, StopReason.END_OF_TEXT, 0, 0); }

    @Test
    void aCompletionWhoseTextHoldsAToolCallBecomesOpenAiToolCallsWithoutTheThinking() throws Exception {
        String text = "<think>the viewer wants a price</think>\nLet me check.\n<tool_call>\n{\"name\": \"get_product\", \"arguments\": {\"sku\": \"A1\"}}\n</tool_call>";
        ObjectNode r = ChatResponses.completion("chatcmpl-1", 1, request(true, List.of()), completion(text));
        JsonNode choice = r.path("choices").path(0);
        assertEquals("tool_calls", choice.path("finish_reason").asText());
        assertEquals("Let me check.", choice.path("message").path("content").asText());
        JsonNode call = choice.path("message").path("tool_calls").path(0);
        assertTrue(call.path("id").asText().startsWith("call_"));
        assertEquals("function", call.path("type").asText());
        assertEquals("get_product", call.path("function").path("name").asText());
        assertEquals(JSON.readTree("{\"sku\":\"A1\"}"), JSON.readTree(call.path("function").path("arguments").asText()));
        assertEquals(12, r.path("usage").path("total_tokens").asInt());
    }

    @Test
    void twoToolCallsAndNoTextGiveNullContent() {
        String text = "<tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call>\n<tool_call>{\"name\": \"b\", \"arguments\": {\"x\": 1}}</tool_call>";
        JsonNode message = ChatResponses.completion("c", 1, request(true, List.of()), completion(text)).path("choices").path(0).path("message");
        assertTrue(message.path("content").isNull());
        assertEquals(2, message.path("tool_calls").size());
        assertEquals("b", message.path("tool_calls").path(1).path("function").path("name").asText());
    }

    @Test
    void aToolCallThatIsNotJsonStaysInTheContent() {
        String text = "Sure <tool_call>{not json</tool_call>";
        JsonNode choice = ChatResponses.completion("c", 1, request(true, List.of()), completion(text)).path("choices").path(0);
        assertEquals("stop", choice.path("finish_reason").asText());
        assertEquals(text, choice.path("message").path("content").asText());
    }

    @Test
    void withoutToolsTheMarkupIsContentButThinkingIsStillStripped() {
        String text = "<think>hmm</think>Hello <tool_call>{\"name\": \"a\"}</tool_call>";
        JsonNode choice = ChatResponses.completion("c", 1, request(false, List.of()), completion(text)).path("choices").path(0);
        assertEquals("Hello <tool_call>{\"name\": \"a\"}</tool_call>", choice.path("message").path("content").asText());
        assertFalse(choice.path("message").has("tool_calls"));
    }

    @Test
    void maxTokensAndTheServerTimeLimitFinishWithLength() {
        Completion c = new Completion("abc", 1, 1, StopReason.MAX_TOKENS, 0, 0);
        assertEquals("length", ChatResponses.completion("c", 1, request(false, List.of()), c).path("choices").path(0).path("finish_reason").asText());
        assertEquals("length", ReplyAssembler.finishReason(StopReason.DEADLINE));
    }

    @Test
    void aStopStringEndsTheReplyBeforeIt() {
        JsonNode choice = ChatResponses.completion("c", 1, request(false, List.of("END", "\n\n")), completion("one two END three")).path("choices").path(0);
        assertEquals("one two ", choice.path("message").path("content").asText());
        assertEquals("stop", choice.path("finish_reason").asText());
    }

    @Test
    void theStreamedContentIsTheSameWhereverThePiecesAreCut() {
        String text = "a<think>x</think>b <thi>c</tool_call> d<tool_call>{\"name\": \"t\", \"arguments\": {}}</tool_call>";
        for (boolean tools : new boolean[]{false, true}) {
            ReplyAssembler whole = new ReplyAssembler(List.of("STOP"), tools);
            String expected = whole.push(text) + whole.finish(StopReason.END_OF_TEXT).content();
            for (int cut1 = 0; cut1 <= text.length(); cut1++) {
                for (int cut2 = cut1; cut2 <= text.length(); cut2 += 3) {
                    ReplyAssembler r = new ReplyAssembler(List.of("STOP"), tools);
                    String got = r.push(text.substring(0, cut1)) + r.push(text.substring(cut1, cut2)) + r.push(text.substring(cut2))
                            + r.finish(StopReason.END_OF_TEXT).content();
                    assertEquals(expected, got, "cut at " + cut1 + "," + cut2 + " tools=" + tools);
                }
            }
            assertEquals(tools ? "ab <thi>c</tool_call> d" : "ab <thi>c</tool_call> d<tool_call>{\"name\": \"t\", \"arguments\": {}}</tool_call>", expected);
        }
    }

    @Test
    void toolsGoIntoTheSystemMessageAndAssistantToolCallsBecomeMarkup() throws Exception {
        ChatRequest r = PARSER.parse(JSON.readTree("""
                {"model": "m", "messages": [
                  {"role": "system", "content": "You are Mia."},
                  {"role": "user", "content": [{"type": "text", "text": "price?"}]},
                  {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function",
                     "function": {"name": "get_product", "arguments": "{\\"sku\\": \\"A1\\"}"}}]},
                  {"role": "tool", "tool_call_id": "c1", "content": "{\\"price\\": 12}"}],
                 "tools": [{"type": "function", "function": {"name": "get_product", "parameters": {"type": "object"}}}],
                 "max_completion_tokens": 40, "stop": "\\n", "seed": 3}""").deepCopy());
        assertTrue(r.toolsActive());
        assertEquals(4, r.messages().size());
        String system = r.messages().get(0).content();
        assertTrue(system.startsWith("You are Mia.\n\n# Tools"), system);
        assertTrue(system.contains("<tools>\n{\"type\":\"function\",\"function\":{\"name\":\"get_product\""), system);
        assertTrue(system.contains("<tool_call></tool_call> XML tags"), system);
        assertEquals("price?", r.messages().get(1).content());
        assertEquals("<tool_call>\n{\"name\":\"get_product\",\"arguments\":{\"sku\":\"A1\"}}\n</tool_call>", r.messages().get(2).content());
        assertEquals(new ChatMessage("tool", "{\"price\": 12}"), r.messages().get(3));
        assertEquals(40, r.maxTokens());
        assertEquals(List.of("\n"), r.stop());
        assertEquals(3L, r.seed());
    }

    @Test
    void toolChoiceNoneLeavesTheToolsOutOfThePrompt() throws Exception {
        ChatRequest r = PARSER.parse((ObjectNode) JSON.readTree("""
                {"model": "m", "messages": [{"role": "user", "content": "hi"}], "tool_choice": "none",
                 "tools": [{"type": "function", "function": {"name": "t"}}]}"""));
        assertFalse(r.toolsActive());
        assertEquals(List.of(ChatMessage.user("hi")), r.messages());
    }

    @Test
    void aToolChoiceThatWouldForceACallIsRefusedSayingSoNotAnsweredWithPlainText() {
        String tools = "\"tools\": [{\"type\": \"function\", \"function\": {\"name\": \"t\"}}]";
        for (String choice : List.of("\"required\"", "{\"type\": \"function\", \"function\": {\"name\": \"t\"}}")) {
            String body = "{\"model\": \"m\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}], "
                    + tools + ", \"tool_choice\": " + choice + "}";
            OpenAiError e = assertThrows(OpenAiError.class, () -> PARSER.parse(body.getBytes()), body);
            assertEquals(400, e.status());
            assertEquals("tool_choice", e.param());
            assertTrue(e.getMessage().contains("does not force a tool call"), e.getMessage());
        }
    }

    @Test
    void badFieldsAreRefusedByName() {
        assertParam("model", "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}");
        assertParam("messages", "{\"model\": \"m\", \"messages\": []}");
        assertParam("messages[0].content", "{\"model\": \"m\", \"messages\": [{\"role\": \"user\"}]}");
        assertParam("messages[0].tool_call_id", "{\"model\": \"m\", \"messages\": [{\"role\": \"tool\", \"content\": \"x\"}]}");
        assertParam("max_tokens", "{\"model\": \"m\", \"max_tokens\": 0, \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}");
        assertParam("max_tokens", "{\"model\": \"m\", \"max_tokens\": 99999, \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}");
        assertParam("top_p", "{\"model\": \"m\", \"top_p\": 0, \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}");
        assertParam("stop", "{\"model\": \"m\", \"stop\": [\"a\",\"b\",\"c\",\"d\",\"e\"], \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}");
        assertParam("tools[0].function.name", "{\"model\": \"m\", \"tools\": [{\"type\": \"function\", \"function\": {\"name\": \"no spaces\"}}], \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}");
        assertParam("tool_choice", "{\"model\": \"m\", \"tool_choice\": {\"type\": \"function\", \"function\": {\"name\": \"x\"}}, \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}");
        assertParam("n", "{\"model\": \"m\", \"n\": 2, \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}");
        OpenAiError e = assertThrows(OpenAiError.class, () -> PARSER.parse("{not json".getBytes()));
        assertEquals(400, e.status());
        assertEquals("invalid_request_error", e.body().path("error").path("type").asText());
    }

    static void assertParam(String param, String body) {
        OpenAiError e = assertThrows(OpenAiError.class, () -> PARSER.parse(body.getBytes()), body);
        assertEquals(param, e.param(), e.getMessage());
        assertEquals(param, e.body().path("error").path("param").asText());
        assertTrue(e.getMessage().contains(param), e.getMessage());
    }
}
