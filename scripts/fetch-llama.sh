#!/usr/bin/env bash
# Fetches the pinned llama.cpp build (tag v0.5.0, as shipped for Linux x64 in the npm package
# @node-llama-cpp/linux-x64 3.22.1), checks its sha256 and unpacks the shared libraries into a
# cache outside the repository. Prints the directory that holds libllama. Idempotent.
set -euo pipefail

PKG="@node-llama-cpp/linux-x64"
VERSION="3.22.1"
SHA256="0d953e1503d5ab4608d8ed5b739132308c81ac05ffeb760d2a7f30e08a9f90e0"
CACHE="${LIVEHARNESS_CACHE:-$HOME/.cache/liveharness}"
DEST="$CACHE/llama-cpp/node-llama-cpp-linux-x64-$VERSION"

if [ -f "$DEST/.complete" ]; then
    echo "$DEST"
    exit 0
fi
command -v npm >/dev/null || { echo "fetch-llama: npm is needed to fetch $PKG@$VERSION (install Node.js and npm)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "fetch-llama: fetching $PKG@$VERSION (llama.cpp v0.5.0) ..." >&2
(cd "$work" && npm pack --silent "$PKG@$VERSION" >/dev/null) \
    || { echo "fetch-llama: 'npm pack $PKG@$VERSION' failed" >&2; exit 1; }
tgz=$(ls "$work"/*.tgz)
got=$(sha256sum "$tgz" | cut -d' ' -f1)
if [ "$got" != "$SHA256" ]; then
    echo "fetch-llama: sha256 mismatch for $PKG@$VERSION: expected $SHA256, got $got" >&2
    exit 1
fi
tar -xzf "$tgz" -C "$work"
mkdir -p "$DEST"
cp "$work"/package/bins/linux-x64/*.so "$work"/package/bins/linux-x64/_nlcBuildMetadata.json "$DEST"/
cp "$work"/package/LICENSE "$DEST"/LICENSE
touch "$DEST/.complete"
echo "$DEST"
