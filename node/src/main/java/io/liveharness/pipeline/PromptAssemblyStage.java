package io.liveharness.pipeline;

import io.liveharness.room.RoomRequest;
import io.liveharness.api.RoomStateUpdate.Promotion;
import io.liveharness.engine.ChatMessage;
import io.liveharness.engine.SharedPrefix;
import io.liveharness.harness.Harness;
import io.liveharness.harness.PromptSection;
import io.liveharness.harness.Skill;
import io.liveharness.harness.ToolSpec;
import io.liveharness.room.RoomSnapshot.Turn;
import io.liveharness.room.RoomSnapshot.Utterance;
import io.liveharness.harness.TokenEstimate;
import io.liveharness.tools.Localized;
import io.liveharness.tools.Product;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Stage 2: renders the harness's prompt sections (P) in their order, stable sections first so a
 * backend can reuse the room's KV prefix, then the recent turns and the question. Over the
 * harness's token budget, it trims what matters least first: the oldest turns, then lines of the
 * volatile sections by their trim rank (the least relevant FAQ, the oldest utterance). Stable
 * sections are never trimmed.
 *
 * <p>It also says how much of the system message every room of the harness version shares
 * ({@link SharedPrefix}): the leading stable sections whose templates use only the version's own
 * variables ({@link #VERSION_WIDE}), so a batching backend computes their KV once for all rooms.
 */
public final class PromptAssemblyStage {
    private static final Pattern VARIABLE = Pattern.compile("\\{\\{\\s*([A-Za-z0-9_.]+)\\s*}}");
    public static final int FAQ_ENTRIES = 3;
    /** The longest a value from room state or the catalog may be in its line of the prompt. */
    static final int MAX_FIELD_CHARS = 200;
    /** The longest one streamer utterance may be in the prompt. */
    static final int MAX_UTTERANCE_CHARS = 2_000;

    /**
     * Variables whose values come from the harness version alone, the same in every room: a section
     * that uses no other can be shared by all the version's rooms.
     */
    static final Set<String> VERSION_WIDE = Set.of("prohibitions", "skill_catalog");

    /**
     * The assembled prompt, what was trimmed to fit the budget, and how much of its system message
     * (the first message) every room of the harness version sends alike.
     */
    public record Prompt(List<ChatMessage> messages, int estimatedTokens, List<String> trimmed, SharedPrefix shared) { }

    /** A variable's value as lines, so the budget can drop a line at a time from the cheaper end. */
    private record Lines(List<String> items, boolean dropOldestFirst) {
        String render() { return String.join("\n", items); }
    }

    /** @param tools the tools the active skill may call (none on the chitchat path) */
    public Prompt assemble(RoomRequest request, LoadedContext context, Optional<Skill> skill, Collection<ToolSpec> tools) {
        Harness harness = request.harness();
        Map<String, Lines> vars = variables(request, context, skill, tools);
        List<Turn> turns = new ArrayList<>(context.turns());
        List<String> trimmed = new ArrayList<>();
        String question = PromptText.clean(request.message().text());

        while (true) {
            String system = render(harness.prompt().sections(), vars);
            int tokens = TokenEstimate.of(system) + TokenEstimate.of(question)
                    + turns.stream().mapToInt(t -> TokenEstimate.of(t.question()) + TokenEstimate.of(t.reply())).sum();
            boolean over = tokens > harness.prompt().tokenBudget();
            if (over && !turns.isEmpty()) {
                turns.removeFirst();
                trimmed.add("turn");
                continue;
            }
            if (over && trimOneLine(harness.prompt().sections(), vars, trimmed)) continue;
            List<ChatMessage> messages = new ArrayList<>();
            messages.add(ChatMessage.system(system));
            for (Turn t : turns) {
                messages.add(ChatMessage.user(PromptText.clean(t.question())));
                messages.add(ChatMessage.assistant(t.reply()));
            }
            messages.add(ChatMessage.user(question));
            return new Prompt(messages, tokens, trimmed, shared(harness.prompt().sections(), vars, system));
        }
    }

    private static Map<String, Lines> variables(RoomRequest request, LoadedContext context, Optional<Skill> skill,
                                                Collection<ToolSpec> tools) {
        Harness harness = request.harness();
        Map<String, Lines> v = new LinkedHashMap<>();
        v.put("persona", one(request.room().persona()));
        v.put("room_title", one(request.room().title()));
        v.put("prohibitions", fixed(harness.prohibitions().stream().map(p -> "- " + p).toList()));
        // a skill that declines answers in its own words, never the model's: the model is not shown it, and its prompt stays as it was
        v.put("skill_catalog", fixed(harness.skills().stream().filter(s -> s.declines().isEmpty())
                .map(s -> "- " + s.name() + ": " + s.description()).toList()));
        v.put("active_skill", one(skill.map(Skill::body).orElse("")));
        // Only the tools the active skill may call: a small model is not handed schemas it must not use.
        v.put("tool_schemas", fixed(tools.stream().map(PromptAssemblyStage::describe).toList()));
        List<String> products = new ArrayList<>();
        for (Product p : context.products()) {
            boolean onStage = context.onStage() != null && p.id().equals(context.onStage().id());
            // The product on stage in full, the others in a line: most questions are about what
            // the streamer is showing, and a tool call reaches the rest.
            products.add(onStage ? describe(p) : "- " + field(p.id()) + " " + field(p.name().both()) + ": ¥" + p.price());
        }
        v.put("product_specs", fixed(products));
        List<String> faqs = context.faqs().stream().map(f -> "Q: " + f.q() + "\nA: " + f.a()).toList();
        v.put("faqs", new Lines(new ArrayList<>(faqs), false));
        List<String> state = new ArrayList<>();
        if (context.onStage() != null) state.add("On stage: " + field(context.onStage().id()) + " " + field(context.onStage().name().both()));
        // The platform's path refuses markup in these; a snapshot restored from elsewhere is cleaned all the same.
        for (Promotion promo : context.promotions()) {
            state.add("Promotion " + field(promo.id()) + ": " + field(promo.title()) + " (action link " + field(promo.actionLinkId()) + ")");
        }
        v.put("room_state", fixed(state));
        v.put("streamer_utterances", new Lines(new ArrayList<>(context.utterances().stream()
                .map(Utterance::text).map(t -> "Streamer: " + PromptText.line(t, MAX_UTTERANCE_CHARS)).toList()), true));
        return v;
    }

    /** The leading sections every room of the version renders alike, as a prefix of {@code system}. */
    static SharedPrefix shared(List<PromptSection> sections, Map<String, Lines> vars, String system) {
        List<PromptSection> leading = new ArrayList<>();
        for (PromptSection s : sections) {
            if (!s.stable() || !versionWide(s)) break;
            leading.add(s);
        }
        String shared = render(leading, vars);
        // a section after the shared ones starts with the separator; the shared text ends before it
        return !shared.isEmpty() && system.startsWith(shared) ? new SharedPrefix(shared.length()) : SharedPrefix.NONE;
    }

    private static boolean versionWide(PromptSection s) {
        Matcher m = VARIABLE.matcher(s.template());
        while (m.find()) if (!VERSION_WIDE.contains(m.group(1))) return false;
        return true;
    }

    private static Lines one(String text) { return new Lines(text.isBlank() ? List.of() : List.of(text), false); }

    private static Lines fixed(List<String> lines) { return new Lines(lines, false); }

    /** Renders every section; a section all of whose variables are empty is left out. */
    static String render(List<PromptSection> sections, Map<String, Lines> vars) {
        StringBuilder out = new StringBuilder();
        for (PromptSection s : sections) {
            Matcher m = VARIABLE.matcher(s.template());
            boolean anyValue = false;
            boolean anyVariable = false;
            StringBuilder text = new StringBuilder();
            while (m.find()) {
                anyVariable = true;
                Lines value = vars.getOrDefault(m.group(1), new Lines(List.of(), false));
                anyValue |= !value.items().isEmpty();
                m.appendReplacement(text, Matcher.quoteReplacement(value.render()));
            }
            m.appendTail(text);
            if (anyVariable && !anyValue) continue;
            if (!out.isEmpty()) out.append("\n\n");
            out.append(text.toString().strip());
        }
        return out.toString();
    }

    /** Drops one line from the volatile section of lowest trim rank that still has one. */
    private static boolean trimOneLine(List<PromptSection> sections, Map<String, Lines> vars, List<String> trimmed) {
        List<PromptSection> volatileByRank = sections.stream().filter(s -> !s.stable())
                .sorted(java.util.Comparator.comparingInt(PromptSection::trimRank)).toList();
        for (PromptSection s : volatileByRank) {
            Matcher m = VARIABLE.matcher(s.template());
            while (m.find()) {
                Lines lines = vars.get(m.group(1));
                if (lines == null || lines.items().isEmpty() || !isTrimmable(m.group(1))) continue;
                List<String> items = new ArrayList<>(lines.items());
                items.remove(lines.dropOldestFirst() ? 0 : items.size() - 1);
                vars.put(m.group(1), new Lines(items, lines.dropOldestFirst()));
                trimmed.add(m.group(1));
                return true;
            }
        }
        return false;
    }

    /** The question's own facts and the active skill are never trimmed, only the context around them. */
    private static boolean isTrimmable(String variable) {
        return variable.equals("faqs") || variable.equals("streamer_utterances") || variable.equals("room_state");
    }

    static String describe(ToolSpec t) {
        return "- " + t.name() + ": " + t.description() + " Arguments (JSON Schema): " + t.parametersSchemaJson();
    }

    /** The product on stage in full; its words in both languages, as the catalog gives them, for a viewer of either. */
    static String describe(Product p) {
        return "- " + field(p.id()) + " " + field(p.name().both()) + ": ¥" + p.price() + ", stock " + p.stock()
                + (p.sizes().isEmpty() ? "" : ", sizes " + field(String.join("/", p.sizes())))
                + (p.colors().isEmpty() ? "" : ", colours " + field(String.join("/", p.colors().stream().map(Localized::both).toList())))
                + ", material " + field(p.material().both()) + ", shipping " + field(p.shipping().both(", ")) + ", returns " + field(p.returns().both())
                + ", buy link " + field(p.actionLinkId());
    }

    /** One value inside a line of the system prompt: one line, no markup, bounded. */
    private static String field(String value) { return PromptText.line(value, MAX_FIELD_CHARS); }
}
