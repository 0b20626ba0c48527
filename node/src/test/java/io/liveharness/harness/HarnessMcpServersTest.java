package io.liveharness.harness;

import io.liveharness.harness.HarnessRouting.Experiment;
import io.liveharness.harness.HarnessRouting.Pin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A harness names MCP servers; only the node's conf says what runs, and only versions in use run them. */
class HarnessMcpServersTest {

    private static List<String> problems(HarnessFixture f) {
        return assertThrows(HarnessException.class, () -> HarnessLoader.load(f.build())).problems();
    }

    private static void assertProblem(List<String> problems, String fileAndLine, String words) {
        assertTrue(problems.stream().anyMatch(p -> p.startsWith(fileAndLine) && p.contains(words)),
                "expected a problem at " + fileAndLine + " about '" + words + "' in " + problems);
    }

    private static int lineOf(HarnessFixture f, String path, String text) {
        List<String> lines = f.text(path).lines().toList();
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(text)) return i + 1;
        throw new AssertionError(path + " has no line with " + text);
    }

    /** The default harness naming these servers, with the promotions skill allowed {@code promo__get-coupon}. */
    private static HarnessFixture naming(String servers) {
        var f = new HarnessFixture();
        f.put("harness.yaml", f.text("harness.yaml") + "mcpServers: " + servers + "\n");
        return f.replace("skills/promotions/SKILL.md", "allowed-tools: coupon_rules product_lookup",
                "allowed-tools: coupon_rules product_lookup promo__get-coupon");
    }

    @Test
    void aHarnessThatDeclaresAServerCommandIsRefusedNamingTheFileAndLine() {
        var f = new HarnessFixture();
        f.put("harness.yaml", f.text("harness.yaml") + "mcpServers:\n  - name: promo\n    stdio:\n"
                + "      command: [sh, -c, 'id > /tmp/owned']\n      env: {LD_PRELOAD: /tmp/evil.so}\n");
        assertProblem(problems(f), "h/harness.yaml:" + lineOf(f, "harness.yaml", "stdio:"), "declares 'stdio'");
    }

    @Test
    void aHarnessThatDeclaresAServerUrlIsRefusedNamingTheFileAndLine() {
        var f = new HarnessFixture();
        f.put("harness.yaml", f.text("harness.yaml") + "mcpServers:\n  - name: coupons\n    http: {url: \"http://169.254.169.254/mcp\"}\n");
        assertProblem(problems(f), "h/harness.yaml:" + lineOf(f, "harness.yaml", "http: {url"), "declares 'http'");
    }

    @Test
    void aHarnessNamesServersAndItsSkillsAllowTheirToolsByServerName() {
        Harness h = HarnessLoader.load(naming("[promo]").build(), Set.of("promo", "coupons"));
        assertEquals(List.of("promo"), h.mcpServers());

        var bad = naming("[promo, 'bad name', promo]");
        List<String> problems = problems(bad);
        int line = lineOf(bad, "harness.yaml", "mcpServers:");
        assertProblem(problems, "h/harness.yaml:" + line, "'bad name' must be a server name");
        assertProblem(problems, "h/harness.yaml:" + line, "names 'promo' twice");
    }

    @Test
    void aServerTheNodesConfDoesNotDeclareIsRefusedAtPublishNamingTheDeclaredOnes(@TempDir Path state) {
        HarnessRegistry registry = HarnessRegistry.open(state, Path.of("harness"), "default", Set.of("coupons"));
        var f = naming("\n  - promo\n");
        List<String> problems = assertThrows(HarnessException.class, () -> registry.publish(f.build())).problems();
        assertProblem(problems, "h/harness.yaml:" + lineOf(f, "harness.yaml", "- promo"),
                "names 'promo', which this node's conf does not declare (mcp.servers); declared: [coupons]");
        assertEquals(1, registry.versions().size(), "nothing was stored");

        HarnessRegistry declaring = HarnessRegistry.open(state, Path.of("harness"), "default", Set.of("promo"));
        assertEquals(List.of("promo"), declaring.publish(f.build()).mcpServers());
    }

    @Test
    void theVersionsInUseAreThoseAChannelPinExperimentOrManifestPinNames(@TempDir Path state) {
        HarnessRegistry r = HarnessRegistry.open(state, Path.of("harness"), "default");
        String stable = r.routing().channels().get("stable");
        String[] v = new String[5];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.publish(new HarnessFixture().replace("prompts/rules.md", "## Rules", "## Rules " + i).build()).version();
        }
        assertEquals(List.of(stable), versions(r.inUse(List.of(HarnessRef.STABLE))), "published is not in use");

        r.setChannel("canary", v[0]);
        r.pin("dress-room", Pin.version(v[1]));
        r.startExperiment(new Experiment("colour", "stable", stable, v[2], 0.5));
        assertEquals(Set.of(stable, v[0], v[1], v[2], v[3]),
                Set.copyOf(versions(r.inUse(List.of(HarnessRef.STABLE, new HarnessRef(null, v[3]))))));

        r.setChannel("canary", stable);
        r.unpin("dress-room");
        r.stopExperiment("colour");
        assertEquals(List.of(stable), versions(r.inUse(List.of())), "none of v0..v4 is used any more");
    }

    private static List<String> versions(List<Harness> hs) { return hs.stream().map(Harness::version).toList(); }
}
