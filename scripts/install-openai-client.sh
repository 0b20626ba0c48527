#!/usr/bin/env bash
# Installs the official `openai` npm client once, at a pinned version, into a cache folder outside
# the repo, for the tests that drive the node's /v1/chat/completions with a client nobody here wrote.
# Idempotent: a second run with the same version is a no-op. Prints the install prefix on stdout
# (the only line on stdout); `require` it from a script with NODE_PATH=<prefix>/node_modules.
set -euo pipefail

VERSION="${OPENAI_CLIENT_VERSION:-7.59.0}"
PREFIX="${OPENAI_CLIENT_PREFIX:-${LIVEHARNESS_CACHE:-$HOME/.cache/liveharness}/openai-client}"
PKG_DIR="$PREFIX/node_modules/openai"

installed_version() {
  [ -f "$PKG_DIR/package.json" ] || return 0
  node -e 'process.stdout.write(require(process.argv[1]).version)' "$PKG_DIR/package.json"
}

if [ "$(installed_version)" != "$VERSION" ]; then
  mkdir -p "$PREFIX"
  # A lock on the prefix so two test JVMs starting together do not install over each other.
  exec 9>"$PREFIX/.install.lock"
  flock -w 600 9 || { echo "another install holds $PREFIX/.install.lock for 10 min; giving up" >&2; exit 1; }
  if [ "$(installed_version)" != "$VERSION" ]; then
    # Bounded: a registry that stops answering must fail the install, not hang the test run.
    timeout 600 npm install --fetch-timeout=60000 --fetch-retries=2 --prefix "$PREFIX" --no-save --no-audit --no-fund --loglevel=error "openai@$VERSION" >&2
  fi
fi

[ "$(installed_version)" = "$VERSION" ] || { echo "openai@$VERSION is not installed under $PREFIX" >&2; exit 1; }
echo "$PREFIX"
