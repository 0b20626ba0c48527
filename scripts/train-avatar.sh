#!/usr/bin/env bash
# Reproduces the committed avatar model (models/avatar/) from its seeds, step by step; each step
# skips what an earlier run of this script already wrote, and each training stage resumes from its
# last checkpoint, so after a kill just run it again. About 90 minutes on 2 cores, most of it training.
# Usage: scripts/train-avatar.sh [WORK_DIR]   (default ~/.cache/liveharness/runs/avatar, outside the repo)
#
# Two stages, as the committed model was made (docs/training.md says why):
#   1. 1,027 steps of an 11M-token schedule on a world of 80 training rooms (seed 11): the formats;
#   2. 7M tokens on a world of 3,000 training rooms (seed 12), from stage 1's weights: reading the
#      facts from the prompt and the tools instead of remembering a few rooms.
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-${LIVEHARNESS_RUNS:-$HOME/.cache/liveharness/runs}/avatar}"
vocab=models/vocab/liveharness-bpe.gguf
mkdir -p "$work"

data() { # data DIR SEED ROOMS: the expert's trajectories (default harness and 48 variants, seed 100), as tokens
    local dir=$1 seed=$2 rooms=$3
    [ -f "$dir/data.json" ] || ./liveharness model data --cases 40000 --rooms "$rooms" --variants 48 --max-turns 5 \
        --seed "$seed" --variant-seed 100 --out "$dir"
    for split in train held-out; do
        [ -f "$dir/$split.tokens.jsonl" ] || ./liveharness model encode --vocab "$vocab" --in "$dir/$split.jsonl" --out "$dir/$split.tokens.jsonl"
    done
    head -120 "$dir/held-out.tokens.jsonl" > "$dir/held-out-120.tokens.jsonl"
}
shape=(--hidden 256 --layers 6 --heads 4 --kv-heads 2 --head-dim 64 --ffn 768 --context 1024 --batch 8 --threads 2
       --checkpoint-minutes 8 --eval-every 200)

data "$work/data-s11" 11 80
# stage 1 stops by --pause-after, which counts this invocation's steps: a stage 1 killed before its
# pause starts again from scratch rather than resuming past step 1,027
if ! grep -q "paused at step 1027 " "$work/stage1/train.log" 2>/dev/null; then
    rm -rf "$work/stage1"
    ./liveharness model train --data "$work/data-s11/train.tokens.jsonl" --held-out "$work/data-s11/held-out-120.tokens.jsonl" \
        --vocab "$vocab" --out "$work/stage1" "${shape[@]}" --lr 3e-3 --tokens 11000000 --seed 1 --pause-after 1027
fi

data "$work/data-s12" 12 3000
./liveharness model train --data "$work/data-s12/train.tokens.jsonl" --held-out "$work/data-s12/held-out-120.tokens.jsonl" \
    --vocab "$vocab" --out "$work/stage2" --init-from "$work/stage1" "${shape[@]}" \
    --lr 2e-3 --min-lr 2e-4 --warmup 40 --tokens 7000000 --seed 2

./liveharness model export --run "$work/stage2" --out "$work/liveharness-avatar.gguf" --finetune liveharness-avatar
echo "wrote $work/liveharness-avatar.gguf; compare with models/avatar/liveharness-avatar.gguf (cmp)"
