package io.liveharness.chaos;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Writes a fault run's {@code chaos.json} and {@code index.html} into its run folder. */
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

        StringBuilder h = new StringBuilder("<!doctype html><meta charset=utf-8><title>LiveHarness fault run</title>"
                + "<style>body{font:14px sans-serif;margin:2em}td,th{padding:2px 10px;text-align:left;border-bottom:1px solid #ddd}"
                + ".bad{color:#b00;font-weight:bold}.good{color:#070}</style><h1>Fault run: ")
                .append(r.ok() ? "<span class=good>every accepted message has exactly one outcome</span>"
                        : "<span class=bad>messages lost or answered twice</span>").append("</h1>");
        h.append("<h2>Counts</h2><table>");
        for (var e : List.of(Map.entry("sent", r.sent()), Map.entry("accepted", r.accepted()), Map.entry("refused by the broker", r.refused()),
                Map.entry("outcomes", r.outcomes()), Map.entry("missing", (long) r.missing()), Map.entry("duplicates", (long) r.duplicates()),
                Map.entry("outcomes for unknown ids", (long) r.unknown()))) {
            boolean bad = (e.getKey().equals("missing") || e.getKey().equals("duplicates")) && e.getValue() > 0;
            h.append("<tr><th>").append(e.getKey()).append("<td").append(bad ? " class=bad>" : ">").append(e.getValue());
        }
        r.kinds().forEach((k, v) -> h.append("<tr><th>outcome ").append(esc(k)).append("<td>").append(v));
        h.append("</table><h2>Faults</h2><table><tr><th>fault<th>at (s)<th>injected<th>recovered<th>what happened");
        for (ChaosRun.FaultResult f : r.faults()) {
            h.append("<tr><td>").append(f.fault()).append("<td>").append(String.format("%.1f", f.atS())).append("<td>").append(f.injected())
                    .append("<td").append(f.recovered() ? ">" : " class=bad>").append(f.recovered()).append("<td>").append(esc(f.detail()));
        }
        h.append("</table><h2>Nodes at the end</h2><table>");
        r.health().forEach((n, s) -> h.append("<tr><th>").append(n).append("<td").append(s.startsWith("healthy") ? ">" : " class=bad>")
                .append(esc(s)));
        h.append("</table><p>Options: ").append(esc(opts.toString())).append(". Logs: cluster/node-*/node.log, cluster/broker/broker.log.</p>");
        ChaosRun.write(r.dir().resolve("index.html"), h.toString());
    }

    private static String esc(String s) { return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"); }

    private ChaosReport() { }
}
