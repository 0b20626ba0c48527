package io.liveharness.hooks;

import io.liveharness.harness.HookPoint;
import io.liveharness.router.Intent;

import java.util.List;

/**
 * What a hook sees at its point. Fields that do not apply to the point are null (texts) or empty
 * (lists). {@link #subject()} is the text the point's hooks judge and may rewrite.
 *
 * @param intent       the router's intent for the message
 * @param reply        the reply text (output, stop)
 * @param toolName     the tool called (pre-tool, post-tool)
 * @param argumentsJson the tool call's arguments (pre-tool, post-tool)
 * @param toolResultJson the tool's result (post-tool)
 * @param backedFacts  JSON texts a reply may state facts from: every tool result of this turn and
 *                     the product data the context-load stage put in the prompt
 * @param toolsCalled  names of the tools called so far this turn
 * @param onStageProductId the product on stage when the request started, where the room has one
 *                     (set with {@link #withOnStage}; null otherwise)
 */
public record HookContext(HookPoint point, String roomId, Intent intent, String message, String reply,
                          String toolName, String argumentsJson, String toolResultJson,
                          List<String> backedFacts, List<String> toolsCalled, String onStageProductId) {

    public HookContext {
        backedFacts = backedFacts == null ? List.of() : List.copyOf(backedFacts);
        toolsCalled = toolsCalled == null ? List.of() : List.copyOf(toolsCalled);
    }

    public static HookContext input(String roomId, Intent intent, String message) {
        return new HookContext(HookPoint.INPUT, roomId, intent, message, null, null, null, null, null, null, null);
    }

    public static HookContext preTool(String roomId, Intent intent, String message, String toolName, String argumentsJson,
                                      List<String> backedFacts, List<String> toolsCalled) {
        return new HookContext(HookPoint.PRE_TOOL, roomId, intent, message, null, toolName, argumentsJson, null,
                backedFacts, toolsCalled, null);
    }

    public static HookContext postTool(String roomId, Intent intent, String message, String toolName, String argumentsJson,
                                       String toolResultJson, List<String> backedFacts, List<String> toolsCalled) {
        return new HookContext(HookPoint.POST_TOOL, roomId, intent, message, null, toolName, argumentsJson, toolResultJson,
                backedFacts, toolsCalled, null);
    }

    public static HookContext output(String roomId, Intent intent, String message, String reply,
                                     List<String> backedFacts, List<String> toolsCalled) {
        return new HookContext(HookPoint.OUTPUT, roomId, intent, message, reply, null, null, null, backedFacts, toolsCalled, null);
    }

    public static HookContext stop(String roomId, Intent intent, String message, String reply,
                                   List<String> backedFacts, List<String> toolsCalled) {
        return new HookContext(HookPoint.STOP, roomId, intent, message, reply, null, null, null, backedFacts, toolsCalled, null);
    }

    /** The text this point's hooks judge: message, arguments, tool result or reply. */
    public String subject() {
        String s = switch (point) {
            case INPUT -> message;
            case PRE_TOOL -> argumentsJson;
            case POST_TOOL -> toolResultJson;
            case OUTPUT, STOP -> reply;
        };
        return s == null ? "" : s;
    }

    /** The same context with the subject replaced, for the next hook after a rewrite. */
    public HookContext withSubject(String text) {
        return switch (point) {
            case INPUT -> new HookContext(point, roomId, intent, text, reply, toolName, argumentsJson, toolResultJson, backedFacts,
                    toolsCalled, onStageProductId);
            case PRE_TOOL -> new HookContext(point, roomId, intent, message, reply, toolName, text, toolResultJson, backedFacts,
                    toolsCalled, onStageProductId);
            case POST_TOOL -> new HookContext(point, roomId, intent, message, reply, toolName, argumentsJson, text, backedFacts,
                    toolsCalled, onStageProductId);
            case OUTPUT, STOP -> new HookContext(point, roomId, intent, message, text, toolName, argumentsJson, toolResultJson, backedFacts,
                    toolsCalled, onStageProductId);
        };
    }

    /** The same context, knowing the product on stage. */
    public HookContext withOnStage(String productId) {
        return new HookContext(point, roomId, intent, message, reply, toolName, argumentsJson, toolResultJson, backedFacts, toolsCalled,
                productId);
    }
}
