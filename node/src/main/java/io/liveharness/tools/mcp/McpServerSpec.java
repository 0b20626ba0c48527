package io.liveharness.tools.mcp;

import io.liveharness.config.NodeConfig.McpServerConfig;
import io.liveharness.harness.Harness;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One MCP server the node's conf declares ({@code mcp.servers}): how to reach it, how long a tool
 * call may take, and how its tools are named on the event bus. Invalid values are refused at
 * construction with the field's name, so a bad conf fails when the node starts rather than when a
 * viewer's question first needs the tool.
 *
 * @param name             server name; also the tool-name prefix when {@code prefixToolNames}
 * @param transport        {@link Stdio} (a child process) or {@link Http} (streamable HTTP)
 * @param callTimeoutMs    longest a single {@code tools/call} may take before it is answered as an error
 * @param connectTimeoutMs longest starting/initializing the server or listing its tools may take
 * @param reconnectMinMs   first delay before reconnecting after the server is lost; doubles per failure
 * @param reconnectMaxMs   ceiling of that delay
 * @param prefixToolNames  publish tool {@code t} as {@code <name>__t} so two servers cannot collide
 */
public record McpServerSpec(String name, Transport transport, long callTimeoutMs, long connectTimeoutMs,
                            long reconnectMinMs, long reconnectMaxMs, boolean prefixToolNames) {
    public static final long DEFAULT_CALL_TIMEOUT_MS = McpServerConfig.DEFAULT_CALL_TIMEOUT_MS;
    public static final long DEFAULT_CONNECT_TIMEOUT_MS = McpServerConfig.DEFAULT_CONNECT_TIMEOUT_MS;
    public static final long DEFAULT_RECONNECT_MIN_MS = McpServerConfig.DEFAULT_RECONNECT_MIN_MS;
    public static final long DEFAULT_RECONNECT_MAX_MS = McpServerConfig.DEFAULT_RECONNECT_MAX_MS;
    /** Between server name and tool name: model tool-name rules usually allow only [A-Za-z0-9_-]. */
    public static final String PREFIX_SEPARATOR = Harness.MCP_TOOL_SEPARATOR;

    private static final Pattern NAME = Pattern.compile(Harness.MCP_SERVER_NAME);
    private static final Pattern FROM_ENV = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    /** How the server is reached. */
    public sealed interface Transport permits Stdio, Http { }

    /**
     * A child process speaking MCP on stdin/stdout. {@code env} is its whole environment, besides
     * the node's {@code PATH} (see {@link McpConnection}): nothing else of the node's reaches it.
     */
    public record Stdio(List<String> command, Map<String, String> env) implements Transport {
        public Stdio {
            command = command == null ? List.of() : List.copyOf(command);
            env = env == null ? Map.of() : Map.copyOf(env);
        }
    }

    /** A streamable-HTTP endpoint, e.g. {@code http://127.0.0.1:3001/mcp}. */
    public record Http(URI url) implements Transport { }

    public McpServerSpec {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("mcp server: 'name' must match " + NAME + ", got " + quoted(name));
        }
        String where = "mcp server '" + name + "': ";
        switch (transport) {
            case null -> throw new IllegalArgumentException(where + "'transport' is required (stdio or http)");
            case Stdio s -> {
                if (s.command().isEmpty() || s.command().stream().anyMatch(a -> a == null || a.isBlank())) {
                    throw new IllegalArgumentException(where + "'command' must be a non-empty list of non-blank words");
                }
            }
            case Http h -> {
                String scheme = h.url() == null ? null : h.url().getScheme();
                if (scheme == null || !(scheme.equals("http") || scheme.equals("https")) || h.url().getHost() == null) {
                    throw new IllegalArgumentException(where + "'url' must be an absolute http(s) URL, got " + h.url());
                }
            }
        }
        positive(where, "callTimeoutMs", callTimeoutMs);
        positive(where, "connectTimeoutMs", connectTimeoutMs);
        positive(where, "reconnectMinMs", reconnectMinMs);
        positive(where, "reconnectMaxMs", reconnectMaxMs);
        if (reconnectMaxMs < reconnectMinMs) {
            throw new IllegalArgumentException(where + "'reconnectMaxMs' (" + reconnectMaxMs
                    + ") must be at least 'reconnectMinMs' (" + reconnectMinMs + ")");
        }
    }

    /**
     * The server conf declares as {@code mcp.servers.<name>}. Its tools are always published as
     * {@code <name>__<tool>}: that is how a harness's skills name them, and it keeps one server's
     * tools at addresses no other server shares. {@code ${NAME}} in an env value is read from
     * {@code nodeEnv} (the node's environment) now, so a missing one stops the node at start.
     */
    public static McpServerSpec fromConfig(String name, McpServerConfig c, Map<String, String> nodeEnv) {
        String where = "conf mcp.servers." + name + ": ";
        try {
            Transport transport;
            if (c.stdio() != null) {
                Map<String, String> env = new LinkedHashMap<>();
                c.stdio().env().forEach((k, v) -> env.put(k, fromEnv("stdio.env." + k, v, nodeEnv)));
                transport = new Stdio(c.stdio().command(), env);
            } else {
                transport = new Http(URI.create(c.http().url() == null ? "" : c.http().url()));
            }
            return new McpServerSpec(name, transport, c.callTimeoutMs(), c.connectTimeoutMs(), c.reconnectMinMs(),
                    c.reconnectMaxMs(), true);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage(), e);
        }
    }

    private static String fromEnv(String where, String value, Map<String, String> nodeEnv) {
        if (value == null) throw new IllegalArgumentException("'" + where + "' has no value");
        Matcher m = FROM_ENV.matcher(value);
        if (!m.matches()) return value;
        String v = nodeEnv.get(m.group(1));
        if (v == null) throw new IllegalArgumentException(where + " is ${" + m.group(1) + "}, which the node's environment does not set");
        return v;
    }

    /** A stdio server with the default timeouts and unprefixed tool names. */
    public static McpServerSpec stdio(String name, List<String> command, Map<String, String> env) {
        return new McpServerSpec(name, new Stdio(command, env), DEFAULT_CALL_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS,
                DEFAULT_RECONNECT_MIN_MS, DEFAULT_RECONNECT_MAX_MS, false);
    }

    /** A streamable-HTTP server with the default timeouts and unprefixed tool names. */
    public static McpServerSpec http(String name, URI url) {
        return new McpServerSpec(name, new Http(url), DEFAULT_CALL_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS,
                DEFAULT_RECONNECT_MIN_MS, DEFAULT_RECONNECT_MAX_MS, false);
    }

    public McpServerSpec withCallTimeoutMs(long ms) {
        return new McpServerSpec(name, transport, ms, connectTimeoutMs, reconnectMinMs, reconnectMaxMs, prefixToolNames);
    }

    public McpServerSpec withReconnect(long minMs, long maxMs) {
        return new McpServerSpec(name, transport, callTimeoutMs, connectTimeoutMs, minMs, maxMs, prefixToolNames);
    }

    public McpServerSpec withPrefixToolNames(boolean prefix) {
        return new McpServerSpec(name, transport, callTimeoutMs, connectTimeoutMs, reconnectMinMs, reconnectMaxMs, prefix);
    }

    /** The name a server tool is published under ({@code tool.<that>} on the bus, and to the model). */
    public String publicToolName(String serverToolName) {
        return prefixToolNames ? name + PREFIX_SEPARATOR + serverToolName : serverToolName;
    }

    private static void positive(String where, String field, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(where + "'" + field + "' must be > 0, got " + value);
        }
    }

    private static String quoted(String s) { return s == null ? "null" : "'" + s + "'"; }
}
