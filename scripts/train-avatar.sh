#!/usr/bin/env bash
# Reproduces the committed avatar model (models/avatar/) from its seeds, step by step; each step
# skips what an earlier run of this script already wrote, and the training step resumes from its
# last checkpoint, so after a kill just run it again. About 70 minutes on 2 cores, most of it
# training. Usage: scripts/train-avatar.sh [WORK_DIR]   (default /work/runs/avatar, outside the repo)
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-${LIVEHARNESS_RUNS:-$HOME/.cache/liveharness/runs}/avatar}"
data="$work/data"
mkdir -p "$work"

# 1. trajectories: the expert through the real pipeline, default harness and 48 augmented variants (seed 100)
[ -f "$data/data.json" ] || ./liveharness model data --cases 40000 --rooms 80 --variants 48 --max-turns 5 \
    --seed 11 --variant-seed 100 --out "$data"
# 2. token sequences with the loss mask, in the committed vocabulary (learned by `model tokenizer --corpus`)
for split in train held-out; do
    [ -f "$data/$split.tokens.jsonl" ] || ./liveharness model encode --vocab models/vocab/liveharness-bpe.gguf \
        --in "$data/$split.jsonl" --out "$data/$split.tokens.jsonl"
done
head -120 "$data/held-out.tokens.jsonl" > "$data/held-out-120.tokens.jsonl"
# 3. training (resumes from the run folder's checkpoint when there is one)
./liveharness model train --data "$data/train.tokens.jsonl" --held-out "$data/held-out-120.tokens.jsonl" \
    --vocab models/vocab/liveharness-bpe.gguf --out "$work/run" --hidden 256 --layers 6 --heads 4 --kv-heads 2 \
    --head-dim 64 --ffn 768 --context 1024 --batch 8 --lr 3e-3 --tokens 11000000 --seed 1 --threads 2 \
    --checkpoint-minutes 8 --eval-every 200
# 4. the GGUF the engine serves
./liveharness model export --run "$work/run" --out "$work/liveharness-avatar.gguf" --finetune liveharness-avatar
echo "wrote $work/liveharness-avatar.gguf; compare with models/avatar/liveharness-avatar.gguf (cmp)"
