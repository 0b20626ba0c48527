package io.liveharness.engine;

/** One turn of a chat: role is system, user, assistant or tool. */
public record ChatMessage(String role, String content) {
    public static ChatMessage system(String content) { return new ChatMessage("system", content); }
    public static ChatMessage user(String content) { return new ChatMessage("user", content); }
    public static ChatMessage assistant(String content) { return new ChatMessage("assistant", content); }
}
