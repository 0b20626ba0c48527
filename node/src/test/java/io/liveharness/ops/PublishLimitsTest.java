package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.node.Node;
import io.liveharness.support.Http;
import io.liveharness.support.TestNodes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a publish may hold: a bounded number of files, bytes and folder levels, file names of
 * printable characters only, and a prompt that fits its own token budget. Each refusal is a 400
 * that names the problem in the harness's terms (the file, the section, the limit), never an
 * exception's text or the server's paths, and stores nothing.
 */
class PublishLimitsTest {

    private static int defaultFiles() { return HarnessFiles.fromDirectory(Path.of("harness/default")).files().size(); }

    private static ObjectNode publishBody(Consumer<ObjectNode> edit) {
        ObjectNode body = Http.JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        HarnessFiles.fromDirectory(Path.of("harness/default")).files()
                .forEach((p, b) -> files.put(p, new String(b, StandardCharsets.UTF_8)));
        edit.accept(files);
        return body;
    }

    private static void assertRefused(Node node, OpsNodes.Client publisher, ObjectNode body, String expected) {
        int before = node.harnesses().versions().size();
        Http.Reply r = publisher.post("/v1/harness", body.toString());
        assertEquals(400, r.status(), r.body().substring(0, Math.min(400, r.body().length())));
        StringBuilder problems = new StringBuilder();
        r.json().path("problems").forEach(p -> problems.append(p.asText()).append('\n'));
        assertTrue(problems.toString().contains(expected), "the refusal names '" + expected + "': " + problems);
        String state = node.config().harness().stateDir();
        for (String leak : new String[]{state, ".tmp-", "Exception", "Nul character", "File name too long"}) {
            assertFalse(r.body().contains(leak), "the refusal quotes '" + leak + "': " + r.body());
        }
        assertEquals(before, node.harnesses().versions().size(), "nothing was stored");
    }

    @Test
    void aPublishIsBoundedInFilesBytesDepthAndNamesAndItsPromptInItsBudget() {
        try (Node node = TestNodes.start(OpsNodes.config())) {
            OpsNodes.Client publisher = OpsNodes.Client.publisher(node.port());
            assertRefused(node, publisher, publishBody(f -> {
                for (int i = 0; i < 1000; i++) f.put("prompts/many/" + i + ".md", "x");
            }), (defaultFiles() + 1000) + " files; a harness may hold at most 128");
            assertRefused(node, publisher, publishBody(f -> f.put("prompts/big.md", "x".repeat(3 * 1024 * 1024))),
                    "bytes; a harness may hold at most");
            assertRefused(node, publisher, publishBody(f -> f.put("a/b/c/d/e/deep.md", "x")), "5 folders deep");
            assertRefused(node, publisher, publishBody(f -> f.put("prompts/" + "n".repeat(300) + ".md", "x")), "characters long");
            Http.Reply unnamed = publisher.post("/v1/harness", publishBody(f -> f.put("a/b/c/d/e/deep.md", "x")).toString());
            assertTrue(unnamed.json().path("problems").path(0).asText().startsWith("publish:0: "),
                    "a publish without a name is 'publish', not 'publish:null': " + unnamed.body());
            assertRefused(node, publisher, publishBody(f -> f.put("prompts/line\nbreak.md", "x")), "prompts/line\\u000abreak.md");
            assertRefused(node, publisher, publishBody(f -> f.put("prompts/evil\u202Egpj.md", "x")), "prompts/evil\\u202egpj.md");
            assertRefused(node, publisher, publishBody(f -> f.put("prompts/nul\u0000.md", "x")), "not a printable character");
            assertRefused(node, publisher, publishBody(f -> f.put("prompts/rules.md", "## Rules\n" + "不要乱说。".repeat(40_000) + "\n{{prohibitions}}\n")),
                    "prompt section 'rules' is about 170003 tokens (prompts/rules.md)");

            Http.Reply ok = publisher.post("/v1/harness", publishBody(f -> f.put("prompts/rules.md", "## Rules (fits)\n{{prohibitions}}\n")).toString());
            assertEquals(201, ok.status(), "a harness within its limits is still published: " + ok.body());
            JsonNode version = ok.json().path("version");
            assertTrue(node.harnesses().versions().containsKey(version.asText()));
        }
    }
}
