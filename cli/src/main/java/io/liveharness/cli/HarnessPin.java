package io.liveharness.cli;

import io.liveharness.config.Json;
import io.liveharness.config.NodeConfig;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.harness.HarnessRouting.Pin;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code harness pin ROOM --version V | --channel C | --unpin [--node URL]}: a room kept on one
 * version (or following a channel), or let go again; in the store, as {@code harness publish} writes
 * it, or through a node's operator API ({@code PUT/DELETE /v1/rooms/{roomId}/harness}).
 */
@Command(name = "pin", description = "Pin a room to a harness version or a channel, or unpin it: in the store (running nodes apply it within harness.refreshMs) or, with --node, through that node's operator API.")
final class HarnessPin implements Callable<Integer> {

    // its own help option: the standard ones' --version would take this command's --version V
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Parameters(paramLabel = "ROOM", description = "the room id (its manifest's id in rooms/)")
    String room;

    @ArgGroup(multiplicity = "1")
    Target target;

    static final class Target {
        @Option(names = "--version", paramLabel = "V", required = true, description = "stay on this published version") String version;
        @Option(names = "--channel", paramLabel = "C", required = true, description = "follow this channel") String channel;
        @Option(names = "--unpin", required = true, description = "take the pin away: the room follows its manifest again") boolean unpin;
    }

    @Option(names = "--node", paramLabel = "URL", description = "pin through this node's operator API (http://host:port) instead of the store")
    String node;

    @Mixin ConfOption conf;

    @Override
    public Integer call() throws Exception {
        NodeConfig c = conf.load();
        if (node != null) return throughNode(c);
        Path manifests = Path.of(c.rooms().dir());
        if (!Files.exists(manifests.resolve(room + ".yaml")) && !Files.exists(manifests.resolve(room + ".yml"))) {
            throw new UsageException("no room '" + room + "' in " + manifests);
        }
        HarnessRegistry registry = HarnessCommand.registry(c);
        try {
            if (target.unpin) registry.unpin(room);
            else registry.pin(room, target.version != null ? Pin.version(target.version) : Pin.channel(target.channel));
        } catch (IllegalArgumentException e) { // an unknown version or channel, named
            throw new UsageException(e.getMessage());
        }
        System.out.println(what() + " in " + c.harness().stateDir() + "; running nodes apply it within " + c.harness().refreshMs() + " ms");
        return ExitCodes.OK;
    }

    private String what() {
        return target.unpin ? "unpinned " + room : "pinned " + room + " to " + (target.version != null ? "version " + target.version : "channel " + target.channel);
    }

    private int throughNode(NodeConfig c) throws Exception {
        URI uri = URI.create(node + "/v1/rooms/" + room + "/harness");
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("authorization", "Bearer " + operatorToken(c));
        if (target.unpin) {
            request.DELETE();
        } else {
            var body = Json.MAPPER.createObjectNode();
            if (target.version != null) body.put("version", target.version);
            else body.put("channel", target.channel);
            request.header("content-type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body.toString()));
        }
        HttpResponse<String> r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 == 2) {
            System.out.println(what() + " on " + node);
            return ExitCodes.OK;
        }
        System.out.println(r.statusCode() + " " + r.body());
        return ExitCodes.FAILED;
    }

    /** The operator token as an operator on the node's machine has it: conf, the environment, or the file the node wrote. */
    private static String operatorToken(NodeConfig c) throws java.io.IOException {
        if (c.ops().token() != null) return c.ops().token();
        String env = System.getenv(NodeConfig.OpsConfig.TOKEN_ENV);
        if (env != null && !env.isBlank()) return env.trim();
        Path file = Path.of(c.ops().tokenFile());
        if (Files.isRegularFile(file)) return Files.readString(file).trim();
        throw new UsageException("no operator token: set " + NodeConfig.OpsConfig.TOKEN_ENV + " or ops.token, or run on the node's machine (" + file + ")");
    }
}
