package io.liveharness.router.train;

import io.liveharness.router.RouteContext;

import java.util.List;
import java.util.Set;

/**
 * One labelled viewer message. The label is a plain string so the same pipeline trains on other
 * label sets (Banking77); {@code template} is the generator's template id (empty for outside data).
 */
public record LabelledMessage(String text, String label, String template, boolean replyToAvatar,
                              List<String> productKeywords) {

    public LabelledMessage {
        productKeywords = productKeywords == null ? List.of() : List.copyOf(productKeywords);
        template = template == null ? "" : template;
    }

    public static LabelledMessage of(String text, String label) {
        return new LabelledMessage(text, label, "", false, List.of());
    }

    public RouteContext context() {
        return new RouteContext(replyToAvatar, Set.copyOf(productKeywords));
    }
}
