package io.liveharness.cli;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.ConfigLoader;
import io.liveharness.config.NodeConfig;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessDiff;
import io.liveharness.harness.HarnessException;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.HarnessRegistry;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * {@code harness validate|publish|diff|list}: what an operator does with a harness version
 * before and while rooms run it.
 */
public final class HarnessCommand implements Main.Command {
    private static final ObjectMapper JSON = Json.MAPPER;

    public String summary() {
        return "harness validate DIR | publish DIR [--channel C] [--node URL] | diff A B | list | promote V --to stable [--node URL] | augment V --variants N";
    }

    public int run(String[] args) throws Exception {
        String verb = args.length == 0 ? "" : args[0];
        return switch (verb) {
            case "validate" -> validate(arg(args, 1, "harness validate DIR"));
            case "publish" -> publish(arg(args, 1, "harness publish DIR"), Options.parse(args, 2, Set.of("channel", "node", "conf"), Set.of()));
            case "diff" -> diff(arg(args, 1, "harness diff A B"), arg(args, 2, "harness diff A B"), Options.parse(args, 3, Set.of("conf"), Set.of()));
            case "list" -> list(Options.parse(args, 1, Set.of("conf"), Set.of()));
            case "promote" -> HarnessEvolution.promote(arg(args, 1, "harness promote VERSION --to stable"),
                    Options.parse(args, 2, Set.of("to", "reason", "conf", "comparisons", "policy", "node"), Set.of("force")));
            case "augment" -> HarnessEvolution.augment(arg(args, 1, "harness augment VERSION --variants N --seed S"),
                    Options.parse(args, 2, Set.of("variants", "seed", "out", "conf"), Set.of("publish")));
            default -> throw new UsageException("usage: " + summary());
        };
    }

    private static String arg(String[] args, int i, String usage) {
        if (args.length <= i || args[i].startsWith("--")) throw new UsageException("usage: " + usage);
        return args[i];
    }

    private static int validate(String dir) {
        try {
            Harness h = HarnessLoader.load(Path.of(dir));
            System.out.println("ok, version " + h.version() + " (" + h.skills().size() + " skills, " + h.tools().size()
                    + " tools, " + h.prompt().sections().size() + " prompt sections, " + h.hooks().size() + " hooks)");
            return 0;
        } catch (HarnessException e) {
            e.problems().forEach(System.out::println);
            System.out.println(e.problems().size() + " problem" + (e.problems().size() == 1 ? "" : "s"));
            return 1;
        }
    }

    private static int publish(String dir, Options o) throws Exception {
        HarnessFiles files = HarnessFiles.fromDirectory(Path.of(dir));
        String channel = o.get("channel", null);
        if (o.has("node")) return publishToNode(o.get("node", null), files, channel, publisherToken(config(o)));
        // Without --node this process writes the store itself: its permission is the file system's
        // (write access to harness.stateDir), not a token; conf's MCP servers still bound what a version may name.
        HarnessRegistry registry = registry(o);
        try {
            Harness h = registry.publish(files);
            if (channel != null) registry.setChannel(channel, h.version());
            System.out.println("published " + h.version() + (channel == null ? "" : " to channel " + channel)
                    + " in " + config(o).harness().stateDir() + "; running nodes on it pick it up within "
                    + config(o).harness().refreshMs() + " ms");
            return 0;
        } catch (HarnessException e) {
            e.problems().forEach(System.out::println);
            System.out.println("refused: " + e.problems().size() + " problems; the running version keeps serving");
            return 1;
        }
    }

    /**
     * The node's publisher token, as a publisher on its machine has it: {@code ops.publisherToken} in
     * conf, the environment variable, or the file a node writes when it makes one. (The operator
     * token cannot publish.)
     */
    private static String publisherToken(NodeConfig c) throws java.io.IOException {
        if (c.ops().publisherToken() != null) return c.ops().publisherToken();
        String env = System.getenv(NodeConfig.OpsConfig.PUBLISHER_TOKEN_ENV);
        if (env != null && !env.isBlank()) return env.trim();
        Path file = Path.of(c.ops().publisherTokenFile());
        if (Files.isRegularFile(file)) return Files.readString(file).trim();
        throw new UsageException("no publisher token: set " + NodeConfig.OpsConfig.PUBLISHER_TOKEN_ENV + " or ops.publisherToken, or run on the node's machine ("
                + file + ")");
    }

    private static int publishToNode(String node, HarnessFiles files, String channel, String token) throws Exception {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode texts = body.putObject("files");
        files.files().forEach((path, bytes) -> texts.put(path, new String(bytes, StandardCharsets.UTF_8)));
        if (channel != null) body.put("channel", channel);
        body.put("name", files.origin());
        HttpResponse<String> r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(HttpRequest.newBuilder(URI.create(node + "/v1/harness"))
                .header("content-type", "application/json").header("authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        System.out.println(r.statusCode() + " " + r.body());
        return r.statusCode() == 201 ? 0 : 1;
    }

    /** A and B are harness folders or published version ids. */
    private static int diff(String a, String b, Options o) {
        HarnessRegistry registry = null;
        HarnessFiles x = Files.isDirectory(Path.of(a)) ? HarnessFiles.fromDirectory(Path.of(a)) : (registry = registry(o)).files(a);
        HarnessFiles y = Files.isDirectory(Path.of(b)) ? HarnessFiles.fromDirectory(Path.of(b))
                : (registry == null ? registry(o) : registry).files(b);
        System.out.print(HarnessDiff.between(x, y));
        return 0;
    }

    private static int list(Options o) {
        HarnessRegistry registry = registry(o);
        registry.versions().values().forEach(h -> System.out.println(h.version() + "  " + h.description()));
        registry.quarantined().forEach((version, reason) -> System.out.println("quarantined " + version + ": " + reason));
        registry.routing().channels().forEach((c, v) -> System.out.println("channel " + c + " -> " + v));
        registry.routing().pins().forEach((room, p) -> System.out.println("pin " + room + " -> "
                + (p.version() != null ? p.version() : "channel " + p.channel())));
        registry.routing().experiments().forEach(e -> System.out.println("experiment " + e.name() + " on " + e.channel()
                + ": " + e.control() + " / " + e.treatment() + " (" + e.treatmentShare() + ")"));
        return 0;
    }

    static NodeConfig config(Options o) {
        return ConfigLoader.load(Path.of(o.get("conf", ConfigLoader.DEFAULT_FILE.toString())));
    }

    static HarnessRegistry registry(Options o) {
        NodeConfig c = config(o);
        return HarnessRegistry.open(Path.of(c.harness().stateDir()), Path.of(c.harness().dir()), c.harness().defaultVersion(),
                c.mcp().servers().keySet(), c.harness().maxVersions());
    }
}
