package io.liveharness.pipeline;

import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.engine.ChatMessage;
import io.liveharness.harness.Harness;
import io.liveharness.harness.Skill;
import io.liveharness.harness.ToolSpec;
import io.liveharness.room.RoomSnapshot.Turn;
import io.liveharness.room.RoomSnapshot.Utterance;
import io.liveharness.tools.Product;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Stage 2: the system prompt from the harness, stable parts first (persona, prohibitions, skill
 * catalog, active skill, tool schemas, product specs) and volatile parts last (room state), so a
 * backend can reuse the room's KV prefix; then the recent turns and the question.
 */
public final class PromptAssemblyStage {

    public List<ChatMessage> assemble(RoomRequest request, LoadedContext context, Optional<Skill> skill) {
        Harness harness = request.harness();
        StringBuilder system = new StringBuilder();
        system.append(request.room().persona()).append('\n');
        system.append("Room: ").append(request.room().title()).append("\n\n");

        system.append("## Rules\n");
        harness.prohibitions().forEach(p -> system.append("- ").append(p).append('\n'));

        system.append("\n## Skills\n");
        harness.skills().forEach(s -> system.append("- ").append(s.name()).append(": ").append(s.description()).append('\n'));
        skill.ifPresent(s -> system.append("\n## Active skill: ").append(s.name()).append('\n').append(s.body()).append('\n'));

        List<ToolSpec> tools = skill.map(s -> harness.tools().stream().filter(t -> s.allowedTools().contains(t.name())).toList())
                .orElse(List.of());
        if (!tools.isEmpty()) {
            system.append("\n## Tools\nCall a tool with <tool_call>{\"name\": ..., \"arguments\": {...}}</tool_call>.\n");
            tools.forEach(t -> system.append("- ").append(t.name()).append(": ").append(t.description())
                    .append(" Arguments schema: ").append(t.parametersSchemaJson()).append('\n'));
        }

        // Full specs for the product on stage, a line for the others: most questions are about
        // what the streamer is showing, and a tool call reaches the rest.
        system.append("\n## Products\n");
        for (Product p : context.products()) {
            system.append(context.onStage() != null && p.id().equals(context.onStage().id()) ? describe(p) : "- " + p.id() + " " + p.name() + ": ¥" + p.price()).append('\n');
        }

        system.append("\n## Room now\n");
        if (context.onStage() != null) system.append("On stage: ").append(context.onStage().id()).append('\n');
        for (Promotion promo : context.promotions()) {
            system.append("Promotion ").append(promo.id()).append(": ").append(promo.title())
                    .append(" (link ").append(promo.actionLinkId()).append(")\n");
        }
        for (Utterance u : context.utterances()) system.append("Streamer said: ").append(u.text()).append('\n');

        List<ChatMessage> messages = new ArrayList<>();
        messages.add(ChatMessage.system(system.toString().strip()));
        for (Turn t : context.turns()) {
            messages.add(ChatMessage.user(t.question()));
            messages.add(ChatMessage.assistant(t.reply()));
        }
        messages.add(ChatMessage.user(request.message().text()));
        return messages;
    }

    static String describe(Product p) {
        return "- " + p.id() + " " + p.name() + ": ¥" + p.price() + ", stock " + p.stock()
                + (p.sizes().isEmpty() ? "" : ", sizes " + String.join("/", p.sizes()))
                + (p.colors().isEmpty() ? "" : ", colours " + String.join("/", p.colors()))
                + ", material " + p.material() + ", shipping " + p.shipping() + ", returns " + p.returns()
                + ", buy link " + p.actionLinkId();
    }
}
