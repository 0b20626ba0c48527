package io.liveharness.chaos;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.liveharness.report.HtmlReport;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes a fault run's {@code chaos.json} and {@code index.html} (reports/chaos.mustache) into its run folder. */
final class ChaosReport {

    static void write(ChaosRun.Result r, ChaosRun.Options o, List<String> missing, List<String> unknown) throws IOException {
        ObjectNode j = ChaosRun.object();
        j.put("ok", r.ok());
        ObjectNode opts = j.putObject("options");
        opts.put("durationS", o.durationS()).put("rate", o.rate()).put("rooms", o.extraRooms() + 3).put("graceS", o.graceS())
                .put("seed", o.seed());
        ArrayNode wanted = opts.putArray("faults");
        o.faults().forEach(f -> wanted.add(f.label));
        ObjectNode c = j.putObject("counts");
        c.put("sent", r.sent()).put("accepted", r.accepted()).put("refused", r.refused()).put("outcomes", r.outcomes())
                .put("missing", r.missing()).put("duplicates", r.duplicates()).put("unknown", r.unknown());
        ObjectNode kinds = c.putObject("kinds");
        r.kinds().forEach(kinds::put);
        ArrayNode faults = j.putArray("faults");
        for (ChaosRun.FaultResult f : r.faults()) {
            faults.addObject().put("fault", f.fault()).put("atS", Math.round(f.atS() * 10) / 10.0).put("injected", f.injected())
                    .put("recovered", f.recovered()).put("detail", f.detail());
        }
        for (ChaosRun.Fault f : ChaosRun.Fault.values()) {
            if (!o.faults().contains(f)) faults.addObject().put("fault", f.label).put("injected", false).put("detail", "not asked for");
        }
        ObjectNode health = j.putObject("health");
        r.health().forEach(health::put);
        ArrayNode m = j.putArray("missingIds");
        missing.forEach(m::add);
        ObjectNode d = j.putObject("duplicateIds");
        r.twice().forEach((id, each) -> each.forEach(d.putArray(id)::add));
        ArrayNode u = j.putArray("unknownIds");
        unknown.forEach(u::add);
        j.put("seconds", Math.round(r.seconds()));
        ChaosRun.write(r.dir().resolve("chaos.json"), ChaosRun.json(j));

        List<Line> counts = new ArrayList<>(List.of(new Line("sent", r.sent(), false), new Line("accepted", r.accepted(), false),
                new Line("refused by the broker", r.refused(), false), new Line("outcomes", r.outcomes(), false),
                new Line("missing", r.missing(), r.missing() > 0), new Line("duplicates", r.duplicates(), r.duplicates() > 0),
                new Line("outcomes for unknown ids", r.unknown(), false)));
        r.kinds().forEach((k, v) -> counts.add(new Line("outcome " + k, v, false)));
        List<Line> nodes = new ArrayList<>();
        r.health().forEach((n, s) -> nodes.add(new Line(n, s, !s.startsWith("healthy"))));
        List<Map<String, Object>> faultRows = r.faults().stream().map(f -> Map.<String, Object>of("fault", f.fault(),
                "at", String.format("%.1f", f.atS()), "injected", f.injected(), "recovered", f.recovered(), "detail", f.detail())).toList();
        ChaosRun.write(r.dir().resolve("index.html"), HtmlReport.render("chaos", Map.of("ok", r.ok(), "counts", counts,
                "faults", faultRows, "nodes", nodes, "options", opts.toString())));
    }

    /** A row of the counts or nodes table; {@code bad} is shown in red. */
    record Line(String name, Object value, boolean bad) { }

    private ChaosReport() { }
}
