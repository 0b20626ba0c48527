package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;

/** {@code after_sales_policy {topic}}: the shop's rule on returns, exchange, warranty or damaged goods. */
public final class AfterSalesPolicyTool extends LocalTool {
    public static final String NAME = "after_sales_policy";
    private final Policies policies;

    public AfterSalesPolicyTool(Policies policies) { this.policies = policies; }

    public String name() { return NAME; }

    protected JsonNode answer(String roomId, JsonNode args) {
        String topic = requiredText(args, "topic");
        Policies.AfterSales a = policies.afterSales();
        Map<String, String> rules = Map.of("returns", a.returns(), "exchange", a.exchange(), "warranty", a.warranty(),
                "damaged", a.damaged());
        String rule = rules.get(topic);
        if (rule == null) throw new BadArgument("argument 'topic' must be one of " + rules.keySet().stream().sorted().toList());
        return JSON.createObjectNode().put("topic", topic).put("policy", rule);
    }
}
