package io.liveharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.loadtest.LoadTest;
import io.liveharness.loadtest.Scenario;
import io.liveharness.loadtest.Slo;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loadtest SCENARIO.yaml [--target URL | --node embedded] [--out DIR] [--conf F]}: drives a
 * node with an open-model generator and writes {@code loadtest/reports/<scenario>-<time>/}; exit 1
 * when the run misses the scenario's {@code slo:} block.
 */
@Command(name = "loadtest", mixinStandardHelpOptions = true, description = "An open-model load test; writes loadtest/reports/<scenario>-<time>/ (summary.json, report.html). Exit 1 when the run misses a bound of the scenario's slo: block (docs/loadtest.md).")
final class LoadtestCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SCENARIO.yaml", description = "the scenario, e.g. loadtest/rooms-1k.yaml")
    Path file;

    @ArgGroup
    Where where;

    static final class Where {
        @Option(names = "--target", paramLabel = "URL", required = true, description = "a running node, http://host:port") URI target;
        @Option(names = "--node", paramLabel = "embedded", required = true, description = "a node in this JVM (the default)") String node;
    }

    @Option(names = "--out", paramLabel = "DIR", description = "where the report folder goes (default: loadtest/reports)")
    Path out;

    @Option(names = "--conf", paramLabel = "FILE", description = "the embedded node's configuration (default: conf/liveharness.yaml)")
    String conf;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(file)) throw new UsageException("no scenario file " + file);
        if (where != null && where.node != null && !where.node.equals("embedded")) throw new UsageException("--node takes only 'embedded'");
        Scenario s;
        Slo slo;
        try {
            s = Scenario.load(file);
            slo = Slo.load(file);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        Path reports = out != null ? out : LoadTest.REPORTS;
        Path dir;
        if (where != null && where.target != null) {
            if (where.target.getHost() == null || where.target.getPort() < 0) throw new UsageException("--target needs http://host:port, got '" + where.target + "'");
            dir = LoadTest.remote(s, where.target, reports, System.err);
        } else {
            dir = LoadTest.embedded(s, LoadTest.defaultConf(conf), reports, System.err);
        }
        System.out.println("report: " + dir.resolve("report.html"));
        System.out.println("summary: " + dir.resolve("summary.json"));
        return verdict(slo, Json.MAPPER.readTree(dir.resolve("summary.json").toFile()));
    }

    /** Each missed bound on a line and exit 1, or the bounds kept and exit 0. */
    static int verdict(Slo slo, JsonNode summary) {
        if (slo.bounds().isEmpty()) return ExitCodes.OK;
        List<String> misses = slo.misses(summary);
        if (misses.isEmpty()) {
            System.out.println("slo: all " + slo.bounds().size() + " bounds kept");
            return ExitCodes.OK;
        }
        misses.forEach(m -> System.out.println("slo missed: " + m));
        return ExitCodes.FAILED;
    }
}
