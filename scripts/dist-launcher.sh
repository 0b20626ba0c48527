#!/bin/sh
# The distribution's launcher (bin/liveharness in the archive `./liveharness dist` writes): the
# runtime, jars and llama.cpp library it carries, nothing from the machine but a POSIX shell.
# Paths in conf/ are relative to the distribution's folder; every conf key can be set from the
# environment instead (LIVEHARNESS_ENGINE_MODEL for engine.model: docs/ops.md).
set -eu
home=$(cd "$(dirname "$0")/.." && pwd)
cd "$home"
LIVEHARNESS_LLAMA_DIR="${LIVEHARNESS_LLAMA_DIR:-$home/llama}"
export LIVEHARNESS_LLAMA_DIR
[ $# -gt 0 ] || set -- serve
# protobuf (Tribuo's model files) reads memory through sun.misc.Unsafe: allowed, as in ./liveharness.
exec "$home/runtime/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -XX:+UseZGC ${LIVEHARNESS_JAVA_OPTS:-} -cp "$home/lib/*" io.liveharness.cli.Main "$@"
