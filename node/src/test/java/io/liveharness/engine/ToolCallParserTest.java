package io.liveharness.engine;

import io.liveharness.engine.ToolCallParser.ParsedToolCall;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToolCallParserTest {

    @Test
    void aHermesToolCallIsRead() {
        List<ParsedToolCall> calls = ToolCallParser.parse(
                "<think>need stock</think><tool_call>\n{\"name\": \"product_lookup\", \"arguments\": {\"productId\": \"dress-101\"}}\n</tool_call>");
        assertEquals(1, calls.size());
        assertEquals("product_lookup", calls.getFirst().name());
        assertEquals("{\"productId\":\"dress-101\"}", calls.getFirst().argumentsJson());
        assertNull(calls.getFirst().error());
    }

    @Test
    void anUnclosedTagStillCountsAndTwoCallsAreBothRead() {
        List<ParsedToolCall> calls = ToolCallParser.parse(
                "<tool_call>{\"name\":\"a\",\"arguments\":{}}<tool_call>{\"name\":\"b\",\"arguments\":\"{\\\"x\\\":1}\"}");
        assertEquals(List.of("a", "b"), calls.stream().map(ParsedToolCall::name).toList());
        assertEquals("{\"x\":1}", calls.get(1).argumentsJson());
    }

    @Test
    void brokenJsonIsReportedNotThrown() {
        ParsedToolCall call = ToolCallParser.parse("<tool_call>{\"name\": \"a\", </tool_call>").getFirst();
        assertNotNull(call.error());
        assertTrue(call.error().contains("not valid JSON"));
        assertTrue(ToolCallParser.parse("no calls here").isEmpty());
    }
}
