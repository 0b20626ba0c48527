// The LiveHarness operator console: one page of the node's rooms (filtered by name prefix and state),
// refreshed every two seconds from GET /v1/rooms, only the rows whose room changed written again, so a
// node of thousands of rooms costs the page one page of rows; and one room's live transcript from the SSE stream /v1/rooms/{id}/transcript. The operator token
// comes from #token=... in the URL (then removed from it) or is asked for once; it stays in sessionStorage.
"use strict";

const tokenFromUrl = new URLSearchParams(location.hash.slice(1)).get("token");
if (tokenFromUrl) {
  sessionStorage.setItem("liveharness.token", tokenFromUrl);
  history.replaceState(null, "", location.pathname);
}
let token = sessionStorage.getItem("liveharness.token");
if (!token) {
  token = prompt("Operator token (see the node's token file)") || "";
  sessionStorage.setItem("liveharness.token", token);
}

const $ = (id) => document.getElementById(id);
let selected = null;
let stream = null;

async function api(method, path, body) {
  const r = await fetch(path, {
    method,
    headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(r.status + " " + (json.detail || "") + (json.problems ? ": " + json.problems.join("; ") : ""));
  return json;
}

function stagesText(latency) {
  return Object.entries(latency || {})
    .map(([stage, s]) => `${stage} ${Math.round(s.p50)} / ${Math.round(s.p95)}`).join("<br>");
}

function text(s) { const d = document.createElement("span"); d.textContent = s ?? ""; return d.innerHTML; }

const PAGE = 100;
let cursors = [null];     // the cursor of each page seen so far; the last is the page shown
let nextCursor = null;
const rows = new Map();   // roomId -> { tr, seen }: the row and the JSON it was drawn from

function rowHtml(r) {
  const s = r.stats || {};
  return `<td>${text(r.roomId)}<div class="small">${text(r.title)}</div></td>
      <td>${text(r.harness.version)}<div class="small">${text(r.harness.how)}</div></td>
      <td>${text(r.state)}${r.draining ? " (draining)" : ""}</td>
      <td>${s.queueDepth ?? 0}</td><td>${s.repliesPerMinute ?? 0}</td>
      <td class="small">${Object.entries(s.intents || {}).map(([k, v]) => text(k) + " " + v).join("<br>")}</td>
      <td class="small">${stagesText(s.latencyMs)}</td>
      <td>${s.hookBlocks ?? 0}</td><td>${s.fallbacks ?? 0}</td>`;
}

// Rows are kept and rewritten only when their room's JSON changed; rows of rooms no longer on the page go.
function renderRooms(rooms) {
  const body = $("rooms").querySelector("tbody");
  const onPage = new Set(rooms.map((r) => r.roomId));
  for (const [id, row] of rows) if (!onPage.has(id)) { row.tr.remove(); rows.delete(id); }
  let before = body.firstChild;
  for (const r of rooms) {
    const seen = JSON.stringify(r);
    let row = rows.get(r.roomId);
    if (!row) {
      const tr = document.createElement("tr");
      tr.dataset.room = r.roomId;
      tr.onclick = () => select(r.roomId);
      row = { tr, seen: null };
      rows.set(r.roomId, row);
    }
    if (row.seen !== seen) { row.tr.innerHTML = rowHtml(r); row.seen = seen; }
    row.tr.classList.toggle("selected", r.roomId === selected);
    if (row.tr !== before) body.insertBefore(row.tr, before); else before = before.nextSibling;
    if (r.roomId === selected) showDetail(r);
  }
}

function query() {
  const q = new URLSearchParams({ limit: PAGE });
  if ($("prefix").value) q.set("prefix", $("prefix").value);
  if ($("state").value) q.set("state", $("state").value);
  const cursor = cursors[cursors.length - 1];
  if (cursor) q.set("cursor", cursor);
  return q;
}

function showDetail(r) {
  $("detail").hidden = false;
  $("detail-title").textContent = r.roomId + " — " + r.title;
  $("detail-harness").textContent = "harness " + r.harness.version + " (" + r.harness.how + ")";
}

async function refresh() {
  try {
    const page = await api("GET", "/v1/rooms?" + query());
    renderRooms(page.rooms);
    nextCursor = page.nextCursor;
    const first = (cursors.length - 1) * PAGE;
    $("page").textContent = page.rooms.length === 0 ? "no rooms" :
      `rooms ${first + 1}–${first + page.rooms.length} of ${page.total}`;
    $("prev").disabled = cursors.length === 1;
    $("next").disabled = !nextCursor;
    renderQuality(await api("GET", "/v1/quality"));
    $("status").textContent = "updated " + new Date().toLocaleTimeString();
  } catch (e) {
    $("status").textContent = "error: " + e.message;
  }
}

function firstPage() { cursors = [null]; refresh(); }

async function loadVersions() {
  const h = await api("GET", "/v1/harness");
  const select = $("version");
  select.innerHTML = "";
  for (const v of h.versions) {
    const o = document.createElement("option");
    o.value = v.version;
    o.textContent = v.version + (Object.entries(h.channels).filter(([, x]) => x === v.version).map(([c]) => " [" + c + "]").join(""));
    select.appendChild(o);
  }
}

function addEvent(e) {
  const li = document.createElement("li");
  li.className = e.type;
  if (e.type === "message") li.textContent = "viewer " + (e.userId || "?") + ": " + e.text;
  else if (e.type === "reply") li.textContent = "avatar: " + e.text;
  else li.textContent = "outcome " + e.messageId + ": " + e.status + " (" + e.reason + ")";
  $("transcript").appendChild(li);
  li.scrollIntoView({ block: "nearest" });
}

// Server-sent events over fetch, so the token can travel in a header.
async function follow(roomId) {
  if (stream) stream.abort();
  stream = new AbortController();
  $("transcript").innerHTML = "";
  try {
    const r = await fetch("/v1/rooms/" + encodeURIComponent(roomId) + "/transcript",
      { headers: { "Authorization": "Bearer " + token }, signal: stream.signal });
    const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        for (const line of frame.split("\n")) if (line.startsWith("data: ")) addEvent(JSON.parse(line.slice(6)));
      }
    }
  } catch (e) {
    if (e.name !== "AbortError") $("status").textContent = "transcript: " + e.message;
  }
}

function select(roomId) {
  selected = roomId;
  follow(roomId);
  refresh();
}

async function act(method, suffix, body) {
  if (!selected) return;
  try {
    await api(method, "/v1/rooms/" + encodeURIComponent(selected) + suffix, body);
    $("status").textContent = method + " " + suffix + " done";
  } catch (e) {
    $("status").textContent = "error: " + e.message;
  }
  refresh();
}

$("next").onclick = () => { if (nextCursor) { cursors.push(nextCursor); refresh(); } };
$("prev").onclick = () => { if (cursors.length > 1) { cursors.pop(); refresh(); } };
$("prefix").oninput = firstPage;
$("state").onchange = firstPage;
$("pin").onclick = () => act("PUT", "/harness", { version: $("version").value });
$("unpin").onclick = () => act("DELETE", "/harness");
$("drain").onclick = () => act("POST", "/drain", { reason: "drained from the console" });
$("resume").onclick = () => act("DELETE", "/drain");

loadVersions().catch((e) => { $("status").textContent = "error: " + e.message; });
refresh();
setInterval(refresh, 2000);

// -- experiments: the arms of each experiment side by side, then the versions outside any
const RATES = [["coverage", "question coverage", +1], ["falseClaimRate", "false-claim rate", -1], ["fallbackShare", "fallback share", -1]];

function pct(i) {
  if (i.value === null) return "–";
  return `${(100 * i.value).toFixed(1)} % <span class="small">[${(100 * i.low).toFixed(1)}–${(100 * i.high).toFixed(1)}]</span>`;
}

function ms(i) { return i.value === null ? "–" : `${i.value} <span class="small">[${i.low}–${i.high}]</span>`; }

function renderQuality(q) {
  const groups = new Map();
  for (const a of q.arms) {
    const key = a.experiment === "none" ? "outside experiments" : "experiment " + a.experiment;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  $("experiments").hidden = q.arms.length === 0;
  let html = "";
  for (const [title, arms] of groups) {
    const head = arms.map(a => `<th>${text(a.arm === "none" ? a.version : a.arm)}<div class="small">${a.arm === "none" ? "" : text(a.version)}</div></th>`).join("");
    const row = (label, cell) => `<tr><td>${label}</td>${arms.map(cell).join("")}</tr>`;
    // a cell whose interval lies wholly on the bad side of another arm's is marked
    const worse = (a, key, better) => arms.some(b => b !== a && (better > 0 ? a[key].high < b[key].low : a[key].low > b[key].high));
    html += `<table class="experiment" data-title="${text(title)}"><thead><tr><th>${text(title)}</th>${head}</tr></thead><tbody>`
      + row("questions (covered)", a => `<td>${a.questions} (${a.covered})</td>`)
      + row("replies spoken", a => `<td>${a.replies}</td>`)
      + RATES.map(([key, label, better]) => row(label, a => `<td class="${worse(a, key, better) ? "worse" : ""}">${pct(a[key])}</td>`)).join("")
      + row("latency P50 ms", a => `<td>${ms(a.latencyMs.p50)}</td>`)
      + row("latency P95 ms", a => `<td>${ms(a.latencyMs.p95)}</td>`)
      + "</tbody></table>";
  }
  $("arms").innerHTML = html;
}
