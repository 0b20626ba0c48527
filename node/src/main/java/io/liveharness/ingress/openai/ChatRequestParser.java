package io.liveharness.ingress.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.Repetition;
import io.liveharness.ingress.RequestJson;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Reads a chat-completions request body into a {@link ChatRequest}, refusing what it cannot serve
 * with an {@link OpenAiError} that names the field as OpenAI does ({@code messages[2].role}).
 * Fields it does not know are ignored, as most OpenAI-compatible servers do.
 */
public final class ChatRequestParser {
    private static final Set<String> ROLES = Set.of("system", "developer", "user", "assistant", "tool");
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    public static final int MAX_STOP_SEQUENCES = 4;

    private final ChatCompletionsOptions options;

    public ChatRequestParser(ChatCompletionsOptions options) { this.options = options; }

    public ChatRequest parse(byte[] body) {
        if (body == null || body.length == 0) throw OpenAiError.badParam(null, "the request body is empty; expected a JSON object");
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw OpenAiError.badParam(null, "the request body is not valid UTF-8");
        }
        JsonNode node;
        try {
            node = RequestJson.JSON.readTree(text);
        } catch (Exception e) {
            String m = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            throw OpenAiError.badParam(null, "the request body is not valid JSON: " + m);
        }
        if (node == null || !node.isObject()) throw OpenAiError.badParam(null, "the request body must be a JSON object");
        return parse((ObjectNode) node);
    }

    public ChatRequest parse(ObjectNode body) {
        String model = requiredString(body, "model");

        List<JsonNode> tools = tools(body.get("tools"));
        boolean toolsActive = !tools.isEmpty();
        JsonNode choice = body.get("tool_choice");
        if (choice != null && !choice.isNull()) {
            // The engine constrains a call once the model opens one; it cannot make the model open one. A
            // plain-text answer to "required" would break the client's contract silently, so it is refused.
            String forced = choice.isTextual() && choice.asText().equals("required") ? "\"required\""
                    : choice.isObject() && choice.path("function").path("name").isTextual()
                    ? "a named function (\"" + choice.path("function").path("name").asText() + "\")" : null;
            if (forced != null) {
                throw OpenAiError.badParam("tool_choice", "tool_choice " + forced + " cannot be honoured: this server does not"
                        + " force a tool call (the model decides whether to call one); send \"auto\" or \"none\"");
            }
            if (!choice.isTextual() || !(choice.asText().equals("none") || choice.asText().equals("auto"))) {
                throw OpenAiError.badParam("tool_choice", "tool_choice must be \"none\" or \"auto\", was " + choice);
            }
            if (choice.asText().equals("none")) toolsActive = false;
        }

        List<ChatMessage> messages = messages(body.get("messages"));
        long chars = 0;
        for (ChatMessage m : messages) chars += m.content().length();
        if (chars > options.maxPromptChars()) { // before anything is templated or tokenized
            throw new OpenAiError(400, "invalid_request_error", "messages", "context_length_exceeded", "the messages hold "
                    + chars + " characters; this server takes at most " + options.maxPromptChars() + " (openai.maxPromptChars)");
        }
        if (toolsActive) messages = ToolPrompt.withTools(messages, tools);

        boolean stream = optionalBoolean(body, "stream", false);
        boolean includeUsage = false;
        JsonNode so = body.get("stream_options");
        if (so != null && !so.isNull()) {
            if (!so.isObject()) throw OpenAiError.badParam("stream_options", "stream_options must be an object");
            includeUsage = optionalBoolean((ObjectNode) so, "include_usage", "stream_options.include_usage", false);
        }

        int maxTokens = options.defaultMaxTokens();
        for (String f : List.of("max_tokens", "max_completion_tokens")) {
            JsonNode v = body.get(f);
            if (v == null || v.isNull()) continue;
            if (!v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < 1) {
                throw OpenAiError.badParam(f, f + " must be a positive integer, was " + v);
            }
            if (v.asInt() > options.maxTokensLimit()) {
                throw OpenAiError.badParam(f, f + " is " + v.asInt() + "; this server allows at most " + options.maxTokensLimit());
            }
            maxTokens = v.asInt();
        }

        float temperature = (float) number(body, "temperature", 1.0, 0.0, 2.0, true);
        float topP = (float) number(body, "top_p", 1.0, 0.0, 1.0, false);
        long seed;
        JsonNode s = body.get("seed");
        if (s == null || s.isNull()) seed = ThreadLocalRandom.current().nextLong();
        else if (s.isIntegralNumber() && s.canConvertToLong()) seed = s.asLong();
        else throw OpenAiError.badParam("seed", "seed must be an integer, was " + s);

        // OpenAI's ranges; over the reply's last tokens as in the rooms (engine.Repetition)
        float frequency = (float) number(body, "frequency_penalty", 0.0, -2.0, 2.0, true);
        float presence = (float) number(body, "presence_penalty", 0.0, -2.0, 2.0, true);
        Repetition repetition = new Repetition(Repetition.DEFAULT_LAST_N, 1f, frequency, presence);

        JsonNode n = body.get("n");
        if (n != null && !n.isNull() && !(n.isIntegralNumber() && n.asInt() == 1)) {
            throw OpenAiError.badParam("n", "this server returns one choice: n must be 1, was " + n);
        }
        JsonNode logprobs = body.get("logprobs");
        if (logprobs != null && logprobs.asBoolean(false)) {
            throw OpenAiError.badParam("logprobs", "this server does not return logprobs");
        }

        List<String> stop = stop(body.get("stop"));
        JsonNode u = body.get("user");
        if (u != null && !u.isNull() && !u.isTextual()) throw OpenAiError.badParam("user", "user must be a string");
        String user = u == null || u.isNull() ? null : u.asText();
        if (user != null && user.length() > ChatCompletionsOptions.MAX_USER_CHARS) {
            throw OpenAiError.badParam("user", "user must be at most " + ChatCompletionsOptions.MAX_USER_CHARS + " characters");
        }

        return new ChatRequest(model, List.copyOf(messages), tools, toolsActive, stream, includeUsage, maxTokens,
                temperature, topP, seed, stop, user, repetition);
    }

    private static List<JsonNode> tools(JsonNode v) {
        if (v == null || v.isNull()) return List.of();
        if (!v.isArray()) throw OpenAiError.badParam("tools", "tools must be an array");
        List<JsonNode> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < v.size(); i++) {
            String at = "tools[" + i + "]";
            JsonNode t = v.get(i);
            if (!t.isObject()) throw OpenAiError.badParam(at, at + " must be an object");
            if (!"function".equals(t.path("type").asText(null))) {
                throw OpenAiError.badParam(at + ".type", at + ".type must be \"function\"");
            }
            JsonNode f = t.get("function");
            if (f == null || !f.isObject()) throw OpenAiError.badParam(at + ".function", at + ".function must be an object");
            JsonNode name = f.get("name");
            if (name == null || !name.isTextual() || !TOOL_NAME.matcher(name.asText()).matches()) {
                throw OpenAiError.badParam(at + ".function.name", at + ".function.name must be 1 to 64 letters, digits, '_' or '-'");
            }
            if (!names.add(name.asText())) {
                throw OpenAiError.badParam(at + ".function.name", "tool \"" + name.asText() + "\" is defined twice");
            }
            JsonNode d = f.get("description");
            if (d != null && !d.isNull() && !d.isTextual()) throw OpenAiError.badParam(at + ".function.description", at + ".function.description must be a string");
            JsonNode p = f.get("parameters");
            if (p != null && !p.isNull() && !p.isObject()) throw OpenAiError.badParam(at + ".function.parameters", at + ".function.parameters must be a JSON Schema object");
            out.add(t);
        }
        return List.copyOf(out);
    }

    private static List<ChatMessage> messages(JsonNode v) {
        if (v == null || v.isNull()) throw OpenAiError.badParam("messages", "messages is required");
        if (!v.isArray() || v.isEmpty()) throw OpenAiError.badParam("messages", "messages must be a non-empty array");
        List<ChatMessage> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            String at = "messages[" + i + "]";
            JsonNode m = v.get(i);
            if (!m.isObject()) throw OpenAiError.badParam(at, at + " must be an object");
            JsonNode r = m.get("role");
            if (r == null || !r.isTextual() || !ROLES.contains(r.asText())) {
                throw OpenAiError.badParam(at + ".role", at + ".role must be one of system, developer, user, assistant, tool; was " + r);
            }
            String role = r.asText().equals("developer") ? "system" : r.asText();
            JsonNode calls = m.get("tool_calls");
            boolean hasCalls = calls != null && !calls.isNull();
            String content = content(m.get("content"), at + ".content", role.equals("assistant") && hasCalls);
            if (hasCalls) {
                if (!role.equals("assistant")) throw OpenAiError.badParam(at + ".tool_calls", "only assistant messages carry tool_calls");
                content = content + toolCallsMarkup(calls, at + ".tool_calls", !content.isEmpty());
            }
            if (role.equals("tool")) {
                JsonNode id = m.get("tool_call_id");
                if (id == null || !id.isTextual()) throw OpenAiError.badParam(at + ".tool_call_id", at + ".tool_call_id is required for a tool message");
            }
            out.add(new ChatMessage(role, content));
        }
        return out;
    }

    private static String content(JsonNode c, String at, boolean mayBeAbsent) {
        if (c == null || c.isNull()) {
            if (mayBeAbsent) return "";
            throw OpenAiError.badParam(at, at + " is required");
        }
        if (c.isTextual()) return c.asText();
        if (c.isArray()) {
            StringBuilder s = new StringBuilder();
            for (int j = 0; j < c.size(); j++) {
                JsonNode part = c.get(j);
                if (!"text".equals(part.path("type").asText(null)) || !part.path("text").isTextual()) {
                    throw OpenAiError.badParam(at + "[" + j + "]", at + "[" + j + "] must be {\"type\":\"text\",\"text\":...}: this server takes text only");
                }
                s.append(part.get("text").asText());
            }
            return s.toString();
        }
        throw OpenAiError.badParam(at, at + " must be a string or an array of text parts");
    }

    private static String toolCallsMarkup(JsonNode calls, String at, boolean afterText) {
        if (!calls.isArray()) throw OpenAiError.badParam(at, at + " must be an array");
        StringBuilder s = new StringBuilder();
        for (int j = 0; j < calls.size(); j++) {
            String cat = at + "[" + j + "]";
            JsonNode f = calls.get(j).path("function");
            if (!f.path("name").isTextual()) throw OpenAiError.badParam(cat + ".function.name", cat + ".function.name is required");
            JsonNode args = f.get("arguments");
            if (args != null && !args.isNull() && !args.isTextual()) {
                throw OpenAiError.badParam(cat + ".function.arguments", cat + ".function.arguments must be a JSON string");
            }
            if (afterText || j > 0) s.append('\n');
            s.append(ToolPrompt.markup(f.get("name").asText(), args == null || args.isNull() ? "{}" : args.asText()));
        }
        return s.toString();
    }

    private static List<String> stop(JsonNode v) {
        if (v == null || v.isNull()) return List.of();
        if (v.isTextual()) {
            if (v.asText().isEmpty()) throw OpenAiError.badParam("stop", "stop must not be empty");
            return List.of(v.asText());
        }
        if (!v.isArray() || v.size() > MAX_STOP_SEQUENCES) {
            throw OpenAiError.badParam("stop", "stop must be a string or an array of at most " + MAX_STOP_SEQUENCES + " strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode s : v) {
            if (!s.isTextual() || s.asText().isEmpty()) throw OpenAiError.badParam("stop", "each stop sequence must be a non-empty string");
            out.add(s.asText());
        }
        return List.copyOf(out);
    }

    private static String requiredString(ObjectNode body, String f) {
        JsonNode v = body.get(f);
        if (v == null || v.isNull()) throw OpenAiError.badParam(f, f + " is required");
        if (!v.isTextual() || v.asText().isBlank()) throw OpenAiError.badParam(f, f + " must be a non-empty string");
        return v.asText();
    }

    private static boolean optionalBoolean(ObjectNode body, String f, boolean dflt) { return optionalBoolean(body, f, f, dflt); }

    private static boolean optionalBoolean(ObjectNode body, String f, String param, boolean dflt) {
        JsonNode v = body.get(f);
        if (v == null || v.isNull()) return dflt;
        if (!v.isBoolean()) throw OpenAiError.badParam(param, param + " must be true or false, was " + v);
        return v.asBoolean();
    }

    /** A number in [min, max]; {@code minInclusive} false makes it (min, max]. */
    private static double number(ObjectNode body, String f, double dflt, double min, double max, boolean minInclusive) {
        JsonNode v = body.get(f);
        if (v == null || v.isNull()) return dflt;
        if (!v.isNumber()) throw OpenAiError.badParam(f, f + " must be a number, was " + v);
        double d = v.asDouble();
        if (d > max || d < min || (!minInclusive && d == min)) {
            throw OpenAiError.badParam(f, f + " must be " + (minInclusive ? "from " : "above ") + min + " to " + max + ", was " + v);
        }
        return d;
    }
}
