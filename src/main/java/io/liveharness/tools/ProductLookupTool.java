package io.liveharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.liveharness.api.Addresses;
import io.liveharness.api.ToolCall;
import io.liveharness.api.ToolResult;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/**
 * The {@code product_lookup} tool: answers {@code {"productId": "..."}} from the catalog on
 * {@code tool.product_lookup}. A bad argument is an error result the model can read and correct,
 * not a failure of the request.
 */
public final class ProductLookupTool extends VerticleBase {
    public static final String NAME = "product_lookup";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Catalog catalog;

    public ProductLookupTool(Catalog catalog) { this.catalog = catalog; }

    @Override
    public Future<?> start() {
        return vertx.eventBus().<ToolCall>consumer(Addresses.tool(NAME), msg -> msg.reply(call(msg.body())))
                .completion();
    }

    ToolResult call(ToolCall call) {
        JsonNode args;
        try {
            args = JSON.readTree(call.argumentsJson());
        } catch (Exception e) {
            return ToolResult.error(NAME, "arguments are not JSON: " + e.getMessage());
        }
        JsonNode id = args == null ? null : args.get("productId");
        if (id == null || !id.isTextual()) {
            return ToolResult.error(NAME, "argument 'productId' (string) is required");
        }
        return catalog.find(id.asText())
                .map(p -> ToolResult.ok(NAME, JSON.valueToTree(p).toString()))
                .orElseGet(() -> ToolResult.error(NAME, "no product with id '" + id.asText() + "'"));
    }
}
