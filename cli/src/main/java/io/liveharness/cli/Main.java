package io.liveharness.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The command line: `liveharness <command> [args]`. Each command is a class of its own. */
public final class Main {

    /** One sub-command. Returns the process exit code. */
    public interface Command {
        String summary();

        int run(String[] args) throws Exception;
    }

    private static Map<String, Command> commands() {
        Map<String, Command> commands = new LinkedHashMap<>();
        commands.put("demo", new DemoCommand());
        commands.put("serve", new ServeCommand());
        commands.put("harness", new HarnessCommand());
        commands.put("model", new ModelCommand());
        commands.put("loadtest", new LoadtestCommand());
        commands.put("router", new RouterCommand());
        commands.put("bench", new BenchCommand());
        commands.put("eval", new EvalCommand());
        commands.put("chaos", new ChaosCommand());
        commands.put("cluster", new ClusterCommand());
        commands.put("hat", new HatCommand());
        return commands;
    }

    public static void main(String[] argv) throws Exception {
        // --verbose goes with any command, anywhere on the line: it sets up logging, before anything logs
        List<String> line = new ArrayList<>(List.of(argv));
        boolean verbose = line.removeIf(LogSetup.VERBOSE::equals);
        LogSetup.apply(verbose);
        String[] args = line.toArray(String[]::new);
        Map<String, Command> commands = commands();
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help")) {
            System.out.println("usage: ./liveharness <command> [options] [--verbose]\n\ncommands:");
            System.out.println("  test         run the whole test suite");
            commands.forEach((name, c) -> System.out.printf("  %-12s %s%n", name, c.summary()));
            System.out.println("\n--verbose, with any command but test, also shows libraries' logs and llama.cpp's warnings");
            return;
        }
        Command command = commands.get(args[0]);
        if (command == null) {
            System.err.println("liveharness: unknown command '" + args[0] + "' (try ./liveharness help)");
            System.exit(2);
        }
        int rc;
        try {
            rc = command.run(Arrays.copyOfRange(args, 1, args.length));
        } catch (UsageException e) {
            System.err.println("liveharness " + args[0] + ": " + e.getMessage());
            rc = 2;
        }
        System.exit(rc);
    }

    private Main() { }
}
