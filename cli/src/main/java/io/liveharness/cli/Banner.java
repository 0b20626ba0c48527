package io.liveharness.cli;

import io.liveharness.engine.ModelInfo;
import io.liveharness.node.Node;

/** What a node runs, said plainly, including when the model is a test model whose text means nothing. */
final class Banner {
    static String of(Node node) {
        ModelInfo m = node.model().info();
        StringBuilder s = new StringBuilder();
        s.append("LiveHarness node: ").append(node.rooms().roomIds().size()).append(" rooms, transport ")
                .append(node.vertx().isNativeTransportEnabled() ? "native epoll" : "NIO").append('\n');
        s.append(String.format("model: %s (%s, %.2fM parameters, %.1f MB) on %s",
                m.name(), m.architecture(), m.parameters() / 1e6, m.fileBytes() / 1e6, m.library()));
        if (m.roomsPastTraining()) {
            s.append(String.format("%n  note: a room's KV stream holds %d positions (engine.contextSize), past the %d the model was trained on",
                    m.roomContext(), m.trainingContext()));
        }
        if (m.testModel()) {
            s.append("\n  NOTE: this is a tiny TEST model. Its replies are children's-story text with no meaning;")
                    .append("\n  they show the pipeline working, not answer quality. Set engine.model in conf to a real GGUF.");
        }
        return s.toString();
    }

    private Banner() { }
}
