package io.liveharness.ingress.openai;

import io.liveharness.config.NodeConfig.ApiClientConfig;
import io.liveharness.config.NodeConfig.OpenAiConfig;
import io.liveharness.engine.ModelBackend;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;

import java.util.Map;

/** The API of {@link ChatCompletionsGuardTest}: three clients, a one-second wait for a sequence, the default prompt limit. */
final class ChatCompletionsGuardFixture {
    static void mount(Vertx vertx, ModelBackend backend, Router router) {
        OpenAiConfig conf = new OpenAiConfig(Map.of(
                "main", ApiClientConfig.inline(ChatCompletionsGuardTest.KEY, 6000, 100, 16),
                "slow", ApiClientConfig.inline(ChatCompletionsGuardTest.SLOW_KEY, 6, 2, 4),
                "narrow", ApiClientConfig.inline(ChatCompletionsGuardTest.NARROW_KEY, 6000, 100, 1)), null, 1000L, null);
        ChatCompletionsApi.fromConfig(vertx, backend, conf).mount(router);
    }
}
