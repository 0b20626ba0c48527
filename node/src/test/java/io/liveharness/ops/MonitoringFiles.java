package io.liveharness.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What monitoring/ ships: the rules, their tests and the Grafana dashboard, and the metric names their queries use. */
public final class MonitoringFiles {
    public static final Path RULES = Path.of("monitoring/rules/liveharness.rules.yml");
    public static final Path RULE_TESTS = Path.of("monitoring/rules/liveharness.rules.test.yml");
    public static final Path DASHBOARD = Path.of("monitoring/grafana/liveharness.json");
    /** Series a node exports, by the prefixes of the node's registry; {@code up} is Prometheus's own. */
    private static final Pattern METRIC = Pattern.compile("(?<![\\w:])((?:liveharness|jvm|process|system|kafka|vertx)_[a-z0-9_]+)\\b");
    private static final Pattern QUOTED = Pattern.compile("\"[^\"]*\"");

    public static JsonNode rules() { return read(RULES, new ObjectMapper(new YAMLFactory())); }

    public static JsonNode ruleTests() { return read(RULE_TESTS, new ObjectMapper(new YAMLFactory())); }

    public static JsonNode dashboard() { return read(DASHBOARD, new ObjectMapper()); }

    /** Every PromQL expression: the rules', then the dashboard panels'. */
    public static List<String> expressions() {
        List<String> out = new ArrayList<>();
        for (JsonNode group : rules().path("groups")) for (JsonNode rule : group.path("rules")) out.add(rule.path("expr").asText());
        for (JsonNode panel : dashboard().path("panels")) for (JsonNode t : panel.path("targets")) out.add(t.path("expr").asText());
        return out;
    }

    /** The node's metric names the expressions read (label values and recording rules' names left out). */
    public static Set<String> metricNames() {
        Set<String> names = new TreeSet<>();
        for (String expr : expressions()) {
            Matcher m = METRIC.matcher(QUOTED.matcher(expr).replaceAll("\"\""));
            while (m.find()) names.add(m.group(1));
        }
        return names;
    }

    private static JsonNode read(Path file, ObjectMapper mapper) {
        try {
            return mapper.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    private MonitoringFiles() { }
}
