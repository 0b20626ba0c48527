package io.liveharness.cli;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.config.NodeConfig;
import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessDiff;
import io.liveharness.harness.HarnessException;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.liveharness.harness.HarnessRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code harness validate|publish|diff|list|pin|promote|augment}: what an operator does with a
 * harness version before and while rooms run it.
 */
@Command(name = "harness", mixinStandardHelpOptions = true, description = "Harness versions: check, publish, compare, list, pin a room, promote, augment (docs/harness.md).",
        subcommands = {HarnessPin.class, HarnessEvolution.Promote.class, HarnessEvolution.Augment.class})
final class HarnessCommand {
    private static final ObjectMapper JSON = Json.MAPPER;

    @Command(name = "validate", mixinStandardHelpOptions = true, description = "Check a harness version: `ok, version <id>`, or every problem with file and line (exit 1).")
    int validate(@Parameters(paramLabel = "DIR", description = "the harness folder") Path dir) {
        try {
            Harness h = HarnessLoader.load(dir);
            System.out.println("ok, version " + h.version() + " (" + h.skills().size() + " skills, " + h.tools().size()
                    + " tools, " + h.prompt().sections().size() + " prompt sections, " + h.hooks().size() + " hooks)");
            return ExitCodes.OK;
        } catch (HarnessException e) {
            e.problems().forEach(System.out::println);
            System.out.println(e.problems().size() + " problem" + (e.problems().size() == 1 ? "" : "s"));
            return ExitCodes.FAILED;
        }
    }

    @Command(name = "publish", mixinStandardHelpOptions = true, description = "Publish a version to the store (running nodes pick it up within harness.refreshMs) or, with --node, to a node over its API with the publisher token. Refused (exit 1) with its problems.")
    int publish(@Parameters(paramLabel = "DIR", description = "the harness folder") Path dir,
                @Option(names = "--channel", paramLabel = "C", description = "also move this channel (stable, canary, ...) to it") String channel,
                @Option(names = "--node", paramLabel = "URL", description = "publish to this node (http://host:port) instead of the store") String node,
                @Mixin ConfOption conf) throws Exception {
        HarnessFiles files = HarnessFiles.fromDirectory(dir);
        if (node != null) return publishToNode(node, files, channel, publisherToken(conf.load()));
        // Without --node this process writes the store itself: its permission is the file system's
        // (write access to harness.stateDir), not a token; conf's MCP servers still bound what a version may name.
        NodeConfig c = conf.load();
        HarnessRegistry registry = registry(c);
        try {
            Harness h = registry.publish(files);
            if (channel != null) registry.setChannel(channel, h.version());
            System.out.println("published " + h.version() + (channel == null ? "" : " to channel " + channel)
                    + " in " + c.harness().stateDir() + "; running nodes on it pick it up within "
                    + c.harness().refreshMs() + " ms");
            return ExitCodes.OK;
        } catch (HarnessException e) {
            e.problems().forEach(System.out::println);
            System.out.println("refused: " + e.problems().size() + " problems; the running version keeps serving");
            return ExitCodes.FAILED;
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
        return r.statusCode() == 201 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    @Command(name = "diff", mixinStandardHelpOptions = true, description = "What changed between two versions: skills, tools, prompt sections, hooks, line by line.")
    int diff(@Parameters(paramLabel = "A", description = "a harness folder or a published version id") String a,
             @Parameters(paramLabel = "B", description = "a harness folder or a published version id") String b,
             @Mixin ConfOption conf) {
        HarnessRegistry registry = null;
        HarnessFiles x = Files.isDirectory(Path.of(a)) ? HarnessFiles.fromDirectory(Path.of(a)) : (registry = registry(conf.load())).files(a);
        HarnessFiles y = Files.isDirectory(Path.of(b)) ? HarnessFiles.fromDirectory(Path.of(b))
                : (registry == null ? registry(conf.load()) : registry).files(b);
        System.out.print(HarnessDiff.between(x, y));
        return ExitCodes.OK;
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "The store's versions, quarantined versions, channels, pins and experiments.")
    int list(@Mixin ConfOption conf) {
        HarnessRegistry registry = registry(conf.load());
        registry.versions().values().forEach(h -> System.out.println(h.version() + "  " + h.description()));
        registry.quarantined().forEach((version, reason) -> System.out.println("quarantined " + version + ": " + reason));
        registry.routing().channels().forEach((c, v) -> System.out.println("channel " + c + " -> " + v));
        registry.routing().pins().forEach((room, p) -> System.out.println("pin " + room + " -> "
                + (p.version() != null ? p.version() : "channel " + p.channel())));
        registry.routing().experiments().forEach(e -> System.out.println("experiment " + e.name() + " on " + e.channel()
                + ": " + e.control() + " / " + e.treatment() + " (" + e.treatmentShare() + ")"));
        return ExitCodes.OK;
    }

    static HarnessRegistry registry(NodeConfig c) {
        return HarnessRegistry.open(Path.of(c.harness().stateDir()), Path.of(c.harness().dir()), c.harness().defaultVersion(),
                c.mcp().servers().keySet(), c.harness().maxVersions());
    }
}
