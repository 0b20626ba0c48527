#!/usr/bin/env bash
# Runs on a GPU machine with an NVIDIA driver and CUDA 13's runtime and cuBLAS but no Java (the
# device machine), from the repository root, with scripts/gpu-bundle.sh's three archives in .gpu/.
# Measures llama.cpp v0.5.0's CUDA build against its own CPU path on the same machine, in one run:
#   1. bench engine on the GPU, a first pass: the driver compiles each kernel file's PTX the
#      first time it is loaded (seconds each, cached in CUDA_CACHE_PATH), inside the measurements
#   2. bench engine with the GPU hidden (CUDA_VISIBLE_DEVICES=""), on CPU_THREADS threads
#   3. the rooms-1k load test (embedded node, the avatar model) on the GPU, a first pass: the
#      avatar's F32 weights use kernels the F16 bench model does not
#   4. the same load test again, and 5. bench engine on the GPU again: the figures to read
# About 6.5 minutes on an H200. Everything it prints, and the load tests' reports, goes to $OUT (the
# device tool's folder) or var/gpu-check. GPU_CHECK_QUICK=1 runs each step small, to try the
# script where there is no GPU (the CUDA backend then finds no device, and all runs are CPU).
set -uo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-var/gpu-check}"
mkdir -p "$out"
exec > >(tee -a "$out/gpu-check.log") 2>&1
root="${GPU_CHECK_DIR:-/tmp/liveharness-gpu}"
quick="${GPU_CHECK_QUICK:-0}"
cpu_threads="${CPU_THREADS:-4}"
started=$(date +%s)
say() { echo "gpu-check [$(( $(date +%s) - started )) s]: $*"; }

mkdir -p "$root"
for a in jre cuda jars; do
    [ -f ".gpu/$a.tar.xz" ] || { say "missing .gpu/$a.tar.xz (make it with scripts/gpu-bundle.sh, carry it here)"; exit 1; }
    [ -d "$root/$a" ] || xz -T0 -dc ".gpu/$a.tar.xz" | tar -C "$root" -xf - || { say "cannot unpack .gpu/$a.tar.xz"; exit 1; }
done
# the classes travel unpacked (they compress far better so); a jar keeps multi-release and services as they were
if [ ! -d "$root/lib" ]; then
    python3 - "$root/jars" "$root/lib" <<'PY' || { say "cannot pack the jars again"; exit 1; }
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
os.makedirs(dst)
for name in sorted(os.listdir(src)):
    with zipfile.ZipFile(os.path.join(dst, name + '.jar'), 'w', zipfile.ZIP_STORED) as z:
        base = os.path.join(src, name)
        manifest = os.path.join(base, 'META-INF', 'MANIFEST.MF')
        if os.path.exists(manifest):
            z.write(manifest, 'META-INF/MANIFEST.MF')
        for d, _, files in os.walk(base):
            for f in sorted(files):
                p = os.path.join(d, f)
                rel = os.path.relpath(p, base)
                if rel != os.path.join('META-INF', 'MANIFEST.MF'):
                    z.write(p, rel)
PY
fi
say "unpacked into $root"

# CUDA 13's runtime and cuBLAS: wherever this machine keeps them (a toolkit, or Python's wheels)
libdirs=""
for lib in libcudart.so.13 libcublas.so.13 libcublasLt.so.13; do
    found=$(find /usr/local /opt /usr/lib /usr/lib64 -name "$lib" 2>/dev/null | head -1)
    if [ -n "$found" ]; then libdirs="$libdirs:$(dirname "$found")"; else say "no $lib found on this machine"; fi
done
export LD_LIBRARY_PATH="$(echo "${libdirs#:}:/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}" | tr : "\n" | awk "NF && !seen[\$0]++" | paste -sd:)"
say "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv
nproc; grep -m1 'model name' /proc/cpuinfo

export LIVEHARNESS_CACHE="$root/cache" CUDA_CACHE_PATH="$root/cuda-cache" CUDA_CACHE_MAXSIZE=4294967296
export LIVEHARNESS_LLAMA_DIR="$root/cuda"
lh="$root/liveharness"   # a file, not a function, so that timeout can run it
cat > "$lh" <<SH
#!/bin/sh
exec "$root/jre/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \\
    --add-modules jdk.incubator.vector -XX:+UseZGC -cp "$root/lib/*" io.liveharness.cli.Main "\$@"
SH
chmod +x "$lh"
if [ "$quick" = 1 ]; then gpu_rooms=1; cpu_rooms=1; tokens=4; scenario=loadtest/smoke.yaml
else gpu_rooms=1,16,64,256; cpu_rooms=1,16,64; tokens=32; scenario=loadtest/rooms-1k.yaml; fi

load_test() {   # $1: the name its summary and report get in $out
    local before report
    before=$(ls -d loadtest/reports/*/ 2>/dev/null | sort)
    timeout 200 "$lh" loadtest "$scenario" --node embedded 2>&1 | tail -12
    report=$(comm -13 <(echo "$before") <(ls -d loadtest/reports/*/ 2>/dev/null | sort) | tail -1)
    if [ -n "$report" ]; then
        cp "$report/summary.json" "$out/$1-summary.json"; cp "$report/report.html" "$out/$1-report.html"
        say "load test report: $report"
    fi
}

say "bench engine on the GPU, first pass (rooms $gpu_rooms)"
timeout 150 "$lh" bench engine --library "$root/cuda" --rooms "$gpu_rooms" --tokens "$tokens" 2>&1 | tee "$out/bench-gpu-first.txt"
say "bench engine with the GPU hidden, $cpu_threads threads (rooms $cpu_rooms)"
CUDA_VISIBLE_DEVICES="" timeout 150 "$lh" bench engine --library "$root/cuda" --rooms "$cpu_rooms" --tokens "$tokens" \
    --threads "$cpu_threads" 2>&1 | tee "$out/bench-cpu.txt"
say "load test $scenario on the GPU, first pass"
load_test loadtest-first
rm -f "$out/loadtest-first-report.html"   # eight files at most come back; its summary says what it measured
say "load test $scenario on the GPU"
load_test loadtest
say "bench engine on the GPU (rooms $gpu_rooms)"
timeout 150 "$lh" bench engine --library "$root/cuda" --rooms "$gpu_rooms" --tokens "$tokens" 2>&1 | tee "$out/bench-gpu.txt"

say "summary"
for f in "$out/bench-gpu.txt" "$out/bench-cpu.txt"; do   # the first passes are in their own files
    echo "== $(basename "$f")"; grep -E '^(llama.cpp devices|batcher|raw loop|[a-z_0-9]+=)' "$f"
done
say "done"
