#!/usr/bin/env bash
# Installs what the ops tests drive: Prometheus (prometheus, promtool) and headless Chromium with
# chromedriver and a CJK font, from the Debian packages. Idempotent: does nothing when they are there, and
# refreshes the package lists only when a package cannot be found without it. Needs root (CI runs as root).
set -euo pipefail
need=()
command -v prometheus >/dev/null && command -v promtool >/dev/null || need+=(prometheus)
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
# A CJK font, so the console's screenshot shows the rooms' Chinese titles and messages.
[ -d /usr/share/fonts/truetype/wqy ] || need+=(fonts-wqy-zenhei)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "install-test-tools: missing ${need[*]}; run as root (or install them) first" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! timeout 900 apt-get install -y -q "${need[@]}"; then
  timeout 300 apt-get update -q
  timeout 900 apt-get install -y -q "${need[@]}"
fi
