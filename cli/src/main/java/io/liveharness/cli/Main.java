package io.liveharness.cli;

import io.liveharness.config.ConfigLoader;
import io.liveharness.config.YamlFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * The command line: {@code liveharness <command> [options]}, on picocli. Each command is a class of
 * its own; one more is one more entry in {@code subcommands} below. Exit codes: {@link ExitCodes}.
 */
@Command(name = "liveharness", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class, sortOptions = false,
        description = {"LiveHarness: AI avatar streamers for live-commerce rooms.",
                "`./liveharness test` runs the whole test suite, and `./liveharness dist [--out dist]` builds a self-contained",
                "distribution of a node (jars, llama.cpp, a jlink runtime); both in the launcher, not here."},
        footer = {"", "Exit codes (docs/cli.md):", "  0  done", "  1  a check failed: an SLO missed, a harness with problems, ...",
                "  2  bad usage", "  3  a configuration or input file that cannot be used (file:line said)", "  4  an unexpected error"},
        subcommands = {
                CommandLine.HelpCommand.class,
                DemoCommand.class,
                ServeCommand.class,
                HarnessCommand.class,
                ModelCommand.class,
                LoadtestCommand.class,
                RouterCommand.class,
                BenchCommand.class,
                EvalCommand.class,
                ChaosCommand.class,
                ClusterCommand.class,
                HatCommand.class,
        })
public final class Main implements Callable<Integer> {

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "also show libraries' logs (INFO and up) and llama.cpp's warnings (LiveHarness's DEBUG)")
    boolean verbose;

    @Option(names = "--log-format", scope = ScopeType.INHERIT, paramLabel = "human|json",
            description = "human lines (default) or one JSON object a line, for a log collector; also " + LogSetup.FORMAT_ENV)
    String logFormat;

    @Spec CommandSpec spec;

    /** No command: the list of them. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.OK;
    }

    public static void main(String[] argv) {
        System.exit(commandLine().execute(argv));
    }

    /** The command line with its error handling: what {@link #main} runs, and what the tests run. */
    static CommandLine commandLine() {
        Main main = new Main();
        CommandLine cl = new CommandLine(main);
        cl.setExecutionStrategy(parsed -> {
            // before anything logs: the format and levels of this run
            LogSetup.apply(main.logFormat == null ? LogSetup.Format.fromEnvironment() : LogSetup.Format.of(main.logFormat), main.verbose);
            return new CommandLine.RunLast().execute(parsed);
        });
        cl.setExecutionExceptionHandler((e, command, parsed) -> {
            String who = command.getCommandSpec().qualifiedName(" ");
            if (e instanceof UsageException) {
                command.getErr().println(who + ": " + e.getMessage());
                command.getErr().println("(" + who + " --help shows the usage)");
                return ExitCodes.USAGE;
            }
            if (e instanceof ConfigLoader.ConfigException || e instanceof YamlFiles.FileException || e instanceof InputException
                    || e instanceof io.liveharness.harness.HarnessException || e instanceof io.liveharness.router.RouterModelException) {
                command.getErr().println(who + ": " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            command.getErr().println(who + ": unexpected error, please report it with this trace:");
            e.printStackTrace(command.getErr());
            return ExitCodes.UNEXPECTED;
        });
        return cl;
    }

    /** The version the jar was built as. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[]{"liveharness " + (v == null ? "(built from source)" : v)};
        }
    }
}
