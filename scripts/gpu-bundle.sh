#!/usr/bin/env bash
# Packs what scripts/gpu-check.sh needs on a GPU machine that has CUDA 13 but no Java, into .gpu/
# (ignored by git), as three archives small enough to travel one at a time beside the working tree:
#   .gpu/jre.tar.xz   a Java 25 runtime (jlink of this machine's JDK)
#   .gpu/cuda.tar.xz  llama.cpp v0.5.0's CUDA build (@node-llama-cpp/linux-x64-cuda 3.22.1, sha256
#                     checked), its kernels cut down to one architecture (scripts/fatbin-keep-arch.py)
#   .gpu/jars.tar.xz  the CLI's classes and libraries, unpacked (xz packs classes far tighter than
#                     jars do), without the Kafka broker's and other platforms' native code
# Needs: the CLI built (mvn -B -o package -DskipTests), npm, python3, xz. ARCH=90 (Hopper) by default.
set -euo pipefail
cd "$(dirname "$0")/.."
ARCH="${ARCH:-90}"
PKG="@node-llama-cpp/linux-x64-cuda"
VERSION="3.22.1"
SHA256="d6cd3ff39a43b024816952e0bc6452d6711608d26256ff6eb0fe8cf7ff55bb2c"
JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
[ -f cli/target/liveharness.jar ] || { echo "gpu-bundle: build the CLI first (mvn -B -o package -DskipTests)" >&2; exit 1; }
[ -x "$JAVA_HOME/bin/jlink" ] || { echo "gpu-bundle: no jlink in $JAVA_HOME (set JAVA_HOME to a Java 25 JDK)" >&2; exit 1; }
for tool in npm python3 xz; do command -v $tool >/dev/null || { echo "gpu-bundle: $tool is needed" >&2; exit 1; }; done

mkdir -p .gpu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "gpu-bundle: Java runtime ..." >&2
"$JAVA_HOME/bin/jlink" --add-modules java.se,jdk.incubator.vector,jdk.unsupported,jdk.management,jdk.zipfs,jdk.crypto.cryptoki,jdk.naming.dns,jdk.jfr \
    --strip-debug --no-header-files --no-man-pages --output "$work/jre" 2>/dev/null
tar -C "$work" -cf - jre | xz -T0 -6 > .gpu/jre.tar.xz

echo "gpu-bundle: $PKG@$VERSION ..." >&2
(cd "$work" && npm pack --silent "$PKG@$VERSION" >/dev/null)
got=$(sha256sum "$work"/*.tgz | cut -d' ' -f1)
[ "$got" = "$SHA256" ] || { echo "gpu-bundle: sha256 mismatch for $PKG@$VERSION: expected $SHA256, got $got" >&2; exit 1; }
tar -xzf "$work"/*.tgz -C "$work"
bins="$work/package/bins/linux-x64-cuda"
mkdir -p "$work/cuda"
python3 scripts/fatbin-keep-arch.py "$bins/libggml-cuda.so" "$work/cuda/libggml-cuda.so" "$ARCH"
cp "$bins"/libggml-base.so "$bins"/libggml.cuda.v0.5.0.so "$bins"/libllama.cuda.v0.5.0.so "$bins"/libllama-common.so \
   "$bins"/libggml-cpu-*.so "$bins"/_nlcBuildMetadata.json "$work/package/LICENSE" "$work/cuda/"
tar -C "$work" -cf - cuda | xz -T0 -6 > .gpu/cuda.tar.xz

echo "gpu-bundle: classes ..." >&2
mkdir -p "$work/jars"
for jar in cli/target/liveharness.jar cli/target/lib/*.jar; do
    name=$(basename "$jar" .jar)
    case "$name" in   # the embedded Kafka broker's side: the node only needs kafka-clients
        liveharness-broker-*|kafka_2.13-*|kafka-server-*|kafka-storage-*|kafka-raft-*|kafka-metadata-*|kafka-*coordinator*|kafka-tools-api-*|scala-*) continue ;;
    esac
    mkdir "$work/jars/$name"
    (cd "$work/jars/$name" && python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall()' "$OLDPWD/$jar")
done
find "$work/jars" -type f \( -name '*.so' -o -name '*.dll' -o -name '*.dylib' -o -name '*.jnilib' \) \
    | grep -v -i -E 'linux[-_/]?(x86_64|amd64|x64)|linux-x86_64/|_x86_64\.so$' | xargs -r rm -f
tar -C "$work" -cf - jars | xz -T0 -6 > .gpu/jars.tar.xz

tree=$(git ls-files -z | du -cb --apparent-size --files0-from=- | tail -1 | cut -f1)
budget=$(( 64 * 1024 * 1024 - tree ))
status=0
[ "$budget" -gt 0 ] || echo "gpu-bundle: the working tree alone is over the 64 MiB a call carries; send a reduced index (docs/gpu.md)" >&2
for f in .gpu/jre.tar.xz .gpu/cuda.tar.xz .gpu/jars.tar.xz; do
    size=$(stat -c %s "$f")
    printf 'gpu-bundle: %-18s %6.1f MiB (one call carries %.1f MiB beside the %.1f MiB tree)\n' "$f" \
        "$(echo "$size/1048576" | bc -l)" "$(echo "$budget/1048576" | bc -l)" "$(echo "$tree/1048576" | bc -l)" >&2
    [ "$size" -lt "$budget" ] || { echo "gpu-bundle: $f does not fit beside the working tree" >&2; status=1; }
done
exit $status
