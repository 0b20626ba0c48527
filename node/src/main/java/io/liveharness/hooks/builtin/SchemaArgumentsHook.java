package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;
import io.liveharness.schema.JsonSchemas;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tool call's arguments against the tool's JSON Schema, before the tool runs. A violation is
 * blocked with a correction message listing each problem, which the agent loop feeds back so the
 * model can call again; a tool the harness does not define is blocked the same way.
 */
public record SchemaArgumentsHook(Map<String, String> schemas) implements FastHook {
    public static final String TYPE = "schema-arguments";

    @Override
    public HookVerdict check(HookContext context) {
        String tool = context.toolName();
        String schema = tool == null ? null : schemas.get(tool);
        if (schema == null) {
            return HookVerdict.block(TYPE, "tool '" + tool + "' is not defined in this harness; available tools: "
                    + String.join(", ", schemas.keySet()));
        }
        String arguments = context.subject().isBlank() ? "{}" : context.subject();
        List<String> problems = JsonSchemas.validate(schema, arguments);
        if (problems.isEmpty()) return HookVerdict.allow(TYPE, context.subject());
        return HookVerdict.block(TYPE, "the call to " + tool + " has invalid arguments: " + String.join("; ", problems)
                + ". Call " + tool + " again with corrected arguments");
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.PRE_TOOL); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams.of(params).allowOnly();
            // a broken tool schema would block every call at run time; refuse it when the version loads
            environment.toolSchemas().forEach((tool, schema) -> {
                List<String> problems = JsonSchemas.checkSchema(schema);
                if (!problems.isEmpty()) {
                    throw new IllegalArgumentException("tool '" + tool + "' has an invalid arguments schema: " + String.join("; ", problems));
                }
            });
            return new SchemaArgumentsHook(environment.toolSchemas());
        }
    }
}
