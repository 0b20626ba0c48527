#!/usr/bin/env bash
# Builds the self-contained distribution of a node: `./liveharness dist [--out DIR]` runs it after
# the jar is built. The archive holds the node's jars, the pinned llama.cpp library, a Java runtime
# made with jlink, the conf, rooms, harness, catalog, the data and models the demo rooms read, and a
# launcher; it serves on a Linux x64 machine with no Java, Maven or npm, and builds nothing at start.
# Prints the archive's path as its last line.
#
# The jars: LIVEHARNESS_CLASSPATH when set (a folder is packed into a jar, `dir/*` is every jar in
# it: the tests pass the classes Maven compiled), else cli/target/liveharness.jar and cli/target/lib.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "dist: $*" >&2; exit 1; }

out=dist
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        *) die "unknown argument '$1' (dist [--out DIR])" ;;
    esac
done

[ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/jlink" ] || die "JAVA_HOME must be a JDK 25 with jlink (it is '${JAVA_HOME:-}')"
llama="${LIVEHARNESS_LLAMA_DIR:-}"
[ -f "$llama/.complete" ] || [ -n "$(ls "$llama"/libllama.so 2>/dev/null)" ] || die "no llama.cpp library in LIVEHARNESS_LLAMA_DIR='$llama' (scripts/fetch-llama.sh fetches it)"

# What `jdeps --print-module-deps` finds in the node's jars (1.5 min here, so not run on every dist),
# and jdk.zipfs and jdk.naming.dns, which libraries load by name. A module missing shows as a
# NoClassDefFoundError in the distribution's test (DistributionTest).
modules="java.base,java.compiler,java.desktop,java.naming,java.net.http,java.scripting,java.security.jgss,java.security.sasl,java.sql,jdk.incubator.vector,jdk.jfr,jdk.management,jdk.unsupported,jdk.zipfs,jdk.naming.dns"

# The runtime depends only on the JDK and the modules: made once, then reused (jlink takes a while).
jdk_version=$("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.runtime.version/ {print $2}')
runtime_key=$(printf '%s %s' "$jdk_version" "$modules" | sha256sum | cut -c1-16)
runtime="${LIVEHARNESS_CACHE:-$HOME/.cache/liveharness}/jlink/$runtime_key"
if [ ! -f "$runtime/.complete" ]; then
    echo "dist: making a Java runtime with jlink ($jdk_version) ..." >&2
    rm -rf "$runtime"
    mkdir -p "$(dirname "$runtime")"
    "$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
        --compress zip-6 --output "$runtime" >&2 || die "jlink failed"
    touch "$runtime/.complete"
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/liveharness"
mkdir -p "$root/lib" "$root/bin" "$root/llama" "$root/models/avatar" "$root/models/router" "$root/data/router"

classpath="${LIVEHARNESS_CLASSPATH:-cli/target/liveharness.jar:cli/target/lib/*}"
IFS=: read -r -a entries <<< "$classpath"
n=0
for entry in "${entries[@]}"; do
    [ -z "$entry" ] && continue
    n=$((n + 1))
    case "$entry" in
        */\*) for j in "${entry%/\*}"/*.jar; do [ -f "$j" ] && cp "$j" "$root/lib/"; done ;;
        *.jar) [ -f "$entry" ] || die "no jar $entry (build first: mvn -B -DskipTests package)"; cp "$entry" "$root/lib/" ;;
        *) [ -d "$entry" ] || die "classpath entry $entry is neither a jar nor a folder"
           # a folder of classes (the tests' classpath): packed, named by its place so that two never collide
           "$JAVA_HOME/bin/jar" --create --file "$root/lib/$(printf '%03d' "$n")-$(echo "$entry" | tr '/' '_' | sed 's/^_//').jar" -C "$entry" . ;;
    esac
done
[ -n "$(ls "$root/lib")" ] || die "no jars found on '$classpath'"

cp -r "$runtime" "$root/runtime"
rm -f "$root/runtime/.complete"
cp "$llama"/*.so* "$llama"/_nlcBuildMetadata.json "$llama"/LICENSE "$root/llama/" 2>/dev/null || cp "$llama"/*.so* "$root/llama/"
cp -r conf rooms harness catalog "$root/"
cp models/avatar/liveharness-avatar.gguf models/avatar/README.md "$root/models/avatar/"
cp models/router/intent-router.model models/router/asks.model "$root/models/router/"
cp data/router/questions.yaml data/router/cues.yaml "$root/data/router/"
cp scripts/dist-launcher.sh "$root/bin/liveharness"
chmod +x "$root/bin/liveharness"

mkdir -p "$out"
name="liveharness-$(git rev-parse --short HEAD 2>/dev/null || echo local)-linux-x64.tar.gz"
tar -czf "$out/$name" -C "$stage" liveharness
echo "dist: $(du -h "$out/$name" | cut -f1) with $(ls "$root/lib" | wc -l) jars, runtime $(du -sh "$root/runtime" | cut -f1)" >&2
echo "$(cd "$out" && pwd)/$name"
