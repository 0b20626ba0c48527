package io.liveharness.eval.export;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;

/** One JSONL training format: a trajectory to one line and back. */
public interface ExportFormat {
    ObjectMapper JSON = Json.MAPPER;

    String name();

    String write(Trajectory t) throws IOException;

    Trajectory read(String line) throws IOException;

    static ExportFormat named(String name) {
        return switch (name) {
            case "openai-chat" -> new OpenAiChatFormat();
            case "sharegpt" -> new ShareGptFormat();
            default -> throw new IllegalArgumentException("unknown format '" + name + "'; use openai-chat or sharegpt");
        };
    }
}
