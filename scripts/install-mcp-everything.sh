#!/usr/bin/env bash
# Installs the reference MCP test server (@modelcontextprotocol/server-everything) once, at a pinned
# version, into a cache folder outside the repo. Idempotent: a second run with the same version is a no-op.
# Prints the path of the server's entry script on stdout (the only line on stdout).
set -euo pipefail

VERSION="${MCP_EVERYTHING_VERSION:-2026.8.31}"
PREFIX="${MCP_EVERYTHING_PREFIX:-$HOME/.cache/liveharness/mcp-everything}"
PKG_DIR="$PREFIX/node_modules/@modelcontextprotocol/server-everything"
ENTRY="$PKG_DIR/dist/index.js"

installed_version() {
  [ -f "$PKG_DIR/package.json" ] || return 0
  node -e 'process.stdout.write(require(process.argv[1]).version)' "$PKG_DIR/package.json"
}

if [ "$(installed_version)" != "$VERSION" ] || [ ! -f "$ENTRY" ]; then
  mkdir -p "$PREFIX"
  # A lock on the prefix so two test JVMs starting together do not install over each other.
  exec 9>"$PREFIX/.install.lock"
  flock -w 600 9 || { echo "another install holds $PREFIX/.install.lock for 10 min; giving up" >&2; exit 1; }
  if [ "$(installed_version)" != "$VERSION" ] || [ ! -f "$ENTRY" ]; then
    # Bounded: a registry that stops answering must fail the install, not hang the test run.
    timeout 600 npm install --fetch-timeout=60000 --fetch-retries=2 --prefix "$PREFIX" --no-save --no-audit --no-fund --loglevel=error \
      "@modelcontextprotocol/server-everything@$VERSION" >&2
  fi
fi

[ -f "$ENTRY" ] || { echo "server-everything entry not found at $ENTRY" >&2; exit 1; }
echo "$ENTRY"
