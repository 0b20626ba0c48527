#!/usr/bin/env python3
"""Counts a run's replies that stutter: a list item said twice (米色/米色, white, white) or a phrase
said three times in a row (泡泡袖法式泡泡袖法式泡泡袖法式). Usage: scripts/repeats.py RUN_DIR [--show]
(an eval run folder). A rough count for comparing two runs of one dev set, not a check."""
import json
import pathlib
import re
import sys

SEPARATORS = re.compile(r"[/、,，;；|]+")
# a phrase of two or more characters, then the same twice more (separators between allowed)
THRICE = re.compile(r"(\S{2,}?)(?:[\s/、,，]*\1){2}", re.S)


def repeated_item(reply):
    items = [i.strip().lower().rstrip(".!。！") for i in SEPARATORS.split(reply)]
    items = [i for i in items if i]
    for n, item in enumerate(items):
        if item in items[:n]:
            return item
        # the list's first item keeps the words before it: 颜色有紫色/紫色
        if n > 0 and len(item) >= 2 and items[n - 1].endswith(item):
            return item
    return None


def stutter(reply):
    item = repeated_item(reply)
    if item is not None:
        return "item " + item
    m = THRICE.search(reply)
    return "phrase " + m.group(1) if m else None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    run = pathlib.Path(sys.argv[1])
    cases = sorted((run / "cases").glob("*.json"))
    if not cases:
        sys.exit(f"repeats: no cases/*.json in {run}")
    counts = {}
    for f in cases:
        t = json.loads(f.read_text(encoding="utf-8"))["transcript"]
        reply = t.get("reply")
        if reply is None:
            continue
        outcome = t["outcome"]
        total, bad = counts.get(outcome, (0, 0))
        why = stutter(reply)
        counts[outcome] = (total + 1, bad + (why is not None))
        if why and "--show" in sys.argv:
            print(f"{t['caseId']:34} {outcome:8} {why!r:30} {reply}")
    spoken = sum(c[0] for c in counts.values())
    stuttering = sum(c[1] for c in counts.values())
    by = " ".join(f"{o}={b}/{n}" for o, (n, b) in sorted(counts.items()))
    print(f"repeats: {stuttering} of {spoken} replies ({by}) in {run}")


if __name__ == "__main__":
    main()
