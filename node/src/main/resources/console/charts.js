// The console's charts: this node's last ten minutes from GET /v1/timeline (one point per 10 s slot
// that had an outcome), drawn with uPlot, which the node serves from its jar under lib/.
// Uses api() and the token of console.js.
"use strict";

const charts = {};

const chartSpecs = [
  { id: "chart-latency", title: "time to outcome of answered messages (ms)",
    series: [{ label: "P50", stroke: "#2a7", key: "answeredP50Ms" }, { label: "P95", stroke: "#b80", key: "answeredP95Ms" }] },
  { id: "chart-answered", title: "answered per 10 s, by whom",
    series: [{ label: "model", stroke: "#36c", fill: "rgba(51,102,204,0.15)", key: "byModel" },
             { label: "fallback", stroke: "#c33", fill: "rgba(204,51,51,0.15)", key: "byFallback" }] },
  { id: "chart-coverage", title: "question coverage (answered or merged, of all outcomes)", range: [0, 1],
    series: [{ label: "coverage", stroke: "#555", key: "coverage", value: (u, v) => v == null ? "-" : Math.round(v * 100) + "%" }] },
];

function drawCharts(timeline) {
  for (const spec of chartSpecs) {
    const data = [timeline.t, ...spec.series.map((s) => timeline[s.key])];
    if (charts[spec.id]) { charts[spec.id].setData(data); continue; }
    const el = document.getElementById(spec.id);
    charts[spec.id] = new uPlot({
      title: spec.title, width: 420, height: 200,
      // always the last ten minutes, so one point does not stretch the axis over years
      scales: { x: { time: true, range: () => { const now = Date.now() / 1000; return [now - 600, now + 10]; } },
                y: spec.range ? { range: spec.range } : {} },
      axes: [{}, { size: 60 }],
      series: [{}, ...spec.series.map((s) => ({ label: s.label, stroke: s.stroke, fill: s.fill, width: 2, spanGaps: false,
        points: { show: true, size: 4 }, value: s.value }))],
    }, data, el);
  }
}

async function refreshCharts() {
  try {
    const timeline = await api("GET", "/v1/timeline");
    document.getElementById("charts").dataset.points = timeline.t.length;
    drawCharts(timeline);
  } catch (e) {
    document.getElementById("status").textContent = "charts: " + e.message;
  }
}

refreshCharts();
setInterval(refreshCharts, 5000);
