package io.liveharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line as an operator or a pipeline meets it: help everywhere, exit codes, errors that say what and where. */
class CommandLineTest {

    /** What one run printed and returned. */
    record Run(int exit, String out, String err) { }

    static Run run(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter(), err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void serveHelpExitsZeroWithItsUsage() {
        Run r = run("serve", "--help");
        assertEquals(ExitCodes.OK, r.exit(), r.err());
        assertTrue(r.out().startsWith("Usage: liveharness serve"), r.out());
        assertTrue(r.out().contains("--port=N") && r.out().contains("--conf=FILE"), r.out());
    }

    @Test
    void everyCommandHasHelpAndEveryOptionADescription() {
        List<String> undescribed = new ArrayList<>();
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        assertTrue(all.size() > 40, "commands found: " + all.size());
        for (CommandLine c : all) {
            String name = c.getCommandSpec().qualifiedName(" ");
            if (c.getCommandSpec().usageMessage().description().length == 0) undescribed.add(name);
            for (OptionSpec o : c.getCommandSpec().options()) {
                if (o.description().length == 0 && !isSelfExplaining(o)) undescribed.add(name + " " + o.longestName());
            }
            if (c.getCommand() instanceof CommandLine.HelpCommand) continue;
            List<String> args = new ArrayList<>(List.of(name.split(" ")).subList(1, name.split(" ").length));
            args.add("--help");
            Run r = run(args.toArray(String[]::new));
            assertEquals(ExitCodes.OK, r.exit(), name + " --help: " + r.err());
            assertTrue(r.out().startsWith("Usage: " + name), name + " --help printed:\n" + r.out());
        }
        assertEquals(List.of(), undescribed, "commands or options without a description");
    }

    /** Sizes of a model shape (--hidden N, ...) say what they are by their name. */
    private static boolean isSelfExplaining(OptionSpec o) {
        return List.of("--hidden", "--layers", "--heads", "--kv-heads", "--head-dim", "--ffn", "--context", "--batch", "--seed",
                "--threads", "--weight-decay", "--checkpoint-minutes", "--log-seconds", "--vocab", "--in", "--out", "--tokens",
                "--model", "--from", "--to").contains(o.longestName());
    }

    private static void collect(CommandLine c, List<CommandLine> into) {
        into.add(c);
        c.getSubcommands().values().stream().distinct().forEach(s -> collect(s, into));
    }

    @Test
    void badUsageExitsTwoAndSaysWhat() {
        Run unknownOption = run("serve", "--bogus");
        assertEquals(ExitCodes.USAGE, unknownOption.exit());
        assertTrue(unknownOption.err().contains("Unknown option: '--bogus'"), unknownOption.err());
        assertEquals(ExitCodes.USAGE, run("no-such-command").exit());
        assertEquals(ExitCodes.USAGE, run("harness").exit(), "a command group without its sub-command");
        Run notANumber = run("serve", "--port", "eighty");
        assertEquals(ExitCodes.USAGE, notANumber.exit());
        assertTrue(notANumber.err().contains("--port") && notANumber.err().contains("eighty"), notANumber.err());
    }

    @Test
    void aBadConfNamesFileAndLineWithoutAStackTrace(@TempDir Path tmp) throws Exception {
        Path conf = tmp.resolve("node.yaml");
        Files.writeString(conf, "http:\n  host: 127.0.0.1\n  port: eighty\n");
        Run r = run("serve", "--conf", conf.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.exit(), r.err());
        assertTrue(r.err().startsWith("liveharness serve: " + conf + ":3: "), r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "a stack trace:\n" + r.err());

        Path missing = tmp.resolve("missing.yaml");
        Run none = run("harness", "list", "--conf", missing.toString());
        assertEquals(ExitCodes.BAD_INPUT, none.exit());
        assertEquals("liveharness harness list: " + missing + ": configuration file not found", none.err().strip());
    }

    @Test
    void aModelFileOfTheWrongKindIsBadInputNamingTheFileWithoutAStackTrace() {
        // the ask model's labels are not intents: refused as input, not reported as a bug
        Run r = run("router", "classify", "--model", "models/router/asks.model", "多少钱");
        assertEquals(ExitCodes.BAD_INPUT, r.exit(), r.err());
        assertTrue(r.err().startsWith("liveharness router classify: router model file ") && r.err().contains("asks.model")
                && r.err().contains("unknown intent label 'summary'"), r.err());
        assertFalse(r.err().contains("\tat "), "a stack trace:\n" + r.err());
    }
}
