package io.liveharness.ingress.openai;

import io.liveharness.engine.StopReason;
import io.liveharness.engine.ToolCallParser;
import io.liveharness.engine.ToolCallParser.ParsedToolCall;

import java.util.List;

/**
 * One reply as the OpenAI API shows it, built from the backend's pieces: stop strings first, then
 * {@link ReplyFilter}; at the end the tool section is parsed with {@link ToolCallParser}. Streaming
 * sends what {@link #push} returns; a non-streaming answer is the same text concatenated, so both
 * give the same content.
 */
final class ReplyAssembler {
    /** The end of a reply: content not yet returned by {@link #push}, the valid tool calls, and why it ended. */
    record End(String content, List<ParsedToolCall> toolCalls, String finishReason) { }

    private final StopSequences stops;
    private final ReplyFilter filter;
    private final boolean tools;
    private int pieces;

    ReplyAssembler(List<String> stops, boolean tools) {
        this.stops = new StopSequences(stops);
        this.filter = new ReplyFilter(tools);
        this.tools = tools;
    }

    /** Visible content that {@code piece} adds (possibly empty). */
    String push(String piece) {
        if (stops.matched()) return "";
        pieces++;
        return filter.push(stops.push(piece));
    }

    /** Whether a stop string ended the reply: the caller cancels the generation. */
    boolean stopped() { return stops.matched(); }

    int pieces() { return pieces; }

    /** Ends the reply; {@code reason} is the backend's, or null when a stop string ended it. */
    End finish(StopReason reason) {
        String rest = filter.push(stops.finish()) + filter.finish();
        List<ParsedToolCall> calls = tools
                ? ToolCallParser.parse(filter.toolSection()).stream().filter(c -> c.error() == null).toList()
                : List.of();
        if (calls.isEmpty()) {
            // nothing callable: the tool section was text after all, so the client sees it as content
            rest += filter.toolSection();
        }
        String finish = !calls.isEmpty() ? "tool_calls" : stops.matched() || reason == null ? "stop" : finishReason(reason);
        return new End(rest, calls, finish);
    }

    /** OpenAI's {@code finish_reason} for a backend's stop: a reply cut by length or by the server's time limit is "length". */
    static String finishReason(StopReason reason) {
        return switch (reason) {
            case END_OF_TEXT, CANCELLED -> "stop";
            case MAX_TOKENS, DEADLINE -> "length";
        };
    }
}
