#!/usr/bin/env bash
# A load test of an experiment between two harness versions on a real node: the default harness
# (control) against the same without its false-claims output hook (treatment), the demo rooms twice
# over (six rooms, split by the experiment's hash), loadtest/experiment-smoke.yaml against it; then
# the node's per-arm live figures (GET /v1/quality) and their series in /metrics.
# Usage: scripts/experiment-load.sh [SCENARIO] [PORT]. Writes into a temporary folder; stops the node it starts.
set -euo pipefail
cd "$(dirname "$0")/.."
scenario=${1:-loadtest/experiment-smoke.yaml}
port=${2:-18097}
work=$(mktemp -d /tmp/liveharness-experiment-XXXXXX)
export LIVEHARNESS_OPERATOR_TOKEN=experiment-operator-token-0123456789
export LIVEHARNESS_PUBLISHER_TOKEN=experiment-publisher-token-9876543210
node_url=http://127.0.0.1:$port
auth="Authorization: Bearer $LIVEHARNESS_OPERATOR_TOKEN"

mkdir -p "$work/rooms" "$work/treatment"
for f in rooms/*.yaml; do
  id=$(basename "$f" .yaml)
  cp "$f" "$work/rooms/$id.yaml"
  sed "s/^id: .*/id: $id-2/" "$f" > "$work/rooms/$id-2.yaml"
done
python3 - "$work" <<'PY'
import sys, yaml
work = sys.argv[1]
c = yaml.safe_load(open("conf/liveharness.yaml"))
c["rooms"]["dir"] = work + "/rooms"
c["harness"]["stateDir"] = work + "/harness"
c["ops"]["tokenFile"] = work + "/operator-token"
c["platform"]["tokenFile"] = work + "/platform-token"
c["http"]["perAddress"].update({"messageBurst": 100000, "messagesPerMinute": 1000000})
yaml.safe_dump(c, open(work + "/liveharness.yaml", "w"), allow_unicode=True)
PY
cp -r harness/default/. "$work/treatment/"
sed -i '/type: false-claims/d' "$work/treatment/harness.yaml"

./liveharness help >/dev/null # builds the jar first, if a source is newer: the node's start below is then timed alone
./liveharness serve --conf "$work/liveharness.yaml" --port "$port" > "$work/node.log" 2>&1 &
node_pid=$!
trap 'kill $node_pid 2>/dev/null; wait $node_pid 2>/dev/null || true' EXIT
for i in $(seq 1 180); do
  curl -sf "$node_url/health" >/dev/null && break
  kill -0 $node_pid 2>/dev/null || { cat "$work/node.log"; exit 1; }
  [ "$i" -lt 180 ] || { echo "the node did not answer /health in 180 s" >&2; cat "$work/node.log"; exit 1; }
  sleep 1
done
control=$(curl -sf -H "$auth" "$node_url/v1/harness" | python3 -c 'import json,sys; print(json.load(sys.stdin)["channels"]["stable"])')
treatment=$(./liveharness harness publish "$work/treatment" --node "$node_url" --conf "$work/liveharness.yaml" \
  | python3 -c 'import json,sys; line=sys.stdin.read().split(" ",1)[1]; print(json.loads(line)["version"])')
curl -sf -H "$auth" -H 'content-type: application/json' "$node_url/v1/experiments" \
  -d "{\"name\":\"hooks-ab\",\"control\":\"$control\",\"treatment\":\"$treatment\",\"treatmentShare\":0.5}" >/dev/null
curl -sf -H "$auth" "$node_url/v1/rooms" | python3 -c 'import json,sys
for r in json.load(sys.stdin)["rooms"]: print("room", r["roomId"], r["harness"]["version"], "-", r["harness"]["how"])'

./liveharness loadtest "$scenario" --target "$node_url" --out "$work/reports" | tail -n 25
echo "--- GET /v1/quality"
curl -sf -H "$auth" "$node_url/v1/quality"
echo
echo "--- /metrics (experiment hooks-ab)"
curl -sf "$node_url/metrics" | grep -E '^liveharness_(outcomes_total|false_claim_replies_total)\{.*experiment="hooks-ab"' | grep -v ' 0.0$'
