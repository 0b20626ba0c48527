// The LiveHarness operator console: the node's rooms, refreshed every two seconds from GET /v1/rooms,
// and one room's live transcript from the SSE stream /v1/rooms/{id}/transcript. The operator token
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

function renderRooms(rooms) {
  const body = $("rooms").querySelector("tbody");
  body.innerHTML = "";
  for (const r of rooms) {
    const s = r.stats || {};
    const tr = document.createElement("tr");
    tr.dataset.room = r.roomId;
    if (r.roomId === selected) tr.className = "selected";
    tr.innerHTML = `<td>${text(r.roomId)}<div class="small">${text(r.title)}</div></td>
      <td>${text(r.harness.version)}<div class="small">${text(r.harness.how)}</div></td>
      <td>${text(r.state)}${r.draining ? " (draining)" : ""}</td>
      <td>${s.queueDepth ?? 0}</td><td>${s.repliesPerMinute ?? 0}</td>
      <td class="small">${Object.entries(s.intents || {}).map(([k, v]) => text(k) + " " + v).join("<br>")}</td>
      <td class="small">${stagesText(s.latencyMs)}</td>
      <td>${s.hookBlocks ?? 0}</td><td>${s.fallbacks ?? 0}</td>`;
    tr.onclick = () => select(r.roomId);
    body.appendChild(tr);
    if (r.roomId === selected) showDetail(r);
  }
}

function showDetail(r) {
  $("detail").hidden = false;
  $("detail-title").textContent = r.roomId + " — " + r.title;
  $("detail-harness").textContent = "harness " + r.harness.version + " (" + r.harness.how + ")";
}

async function refresh() {
  try {
    const rooms = (await api("GET", "/v1/rooms")).rooms;
    renderRooms(rooms);
    $("status").textContent = "updated " + new Date().toLocaleTimeString();
  } catch (e) {
    $("status").textContent = "error: " + e.message;
  }
}

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

$("pin").onclick = () => act("PUT", "/harness", { version: $("version").value });
$("unpin").onclick = () => act("DELETE", "/harness");
$("drain").onclick = () => act("POST", "/drain", { reason: "drained from the console" });
$("resume").onclick = () => act("DELETE", "/drain");

loadVersions().catch((e) => { $("status").textContent = "error: " + e.message; });
refresh();
setInterval(refresh, 2000);
