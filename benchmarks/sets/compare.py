#!/usr/bin/env python3
"""compare.py DIR [DIR2] — means per set of bench.sh's output; with DIR2, every per-question field that differs
between the two (wall times ignored), so "identical" can be shown, not assumed."""
import json
import os
import sys

METRICS = [("coreRecallContext", "ctx"), ("coreRecallCited", "cited"), ("coreRecallCitedTop10", "c@10"),
           ("chainCoverage", "chain"), ("keyLineRecall", "keyL"), ("citationPrecision", "prec"),
           ("citationValidity", "valid")]
SETS = ["rc", "hop", "exc", "pz", "novu", "trig", "lf", "vd", "ap", "cg", "ud", "br", "gw", "gf", "os", "dub", "kk"]
# Held-out sets: only their means and a count of differing questions are printed, never a question id.
HELD_OUT = {"novu", "trig"}


def load(folder, name):
    path = os.path.join(folder, name + ".json")
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return None
    with open(path) as f:
        return json.load(f)


def untimed(value):
    """The value without wall-time fields, which differ run to run. A question's missed core files are compared by
    file alone: their stages were renamed and gained detail in session 30 (loss30), which is no answer change."""
    if isinstance(value, dict):
        return {k: missed_files(v) if k == "missed" else untimed(v) for k, v in value.items()
                if k not in ("latency", "timings") and not k.endswith("Ms")}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def missed_files(missed):
    return sorted(m["file"] for m in missed) if isinstance(missed, list) else missed


def table(folders):
    print("set   " + " ".join(f"{n:>6}" for _, n in METRICS) + "  maxChars    off   p50  run")
    for s in SETS:
        for folder in folders:
            run = load(folder, s)
            if not run:
                continue
            means = " ".join(f"{run['mean'].get(k, float('nan')):6.3f}" for k, _ in METRICS)
            chars = max(q.get("answerChars", 0) for q in run["questions"])
            off = load(folder, "off-" + s)
            offs = f"{off['abstentions']}/{len(off['questions'])}" if off else "-"
            p50 = (run.get("latency") or {}).get("p50", "-")
            print(f"{s:5} {means}  {chars:8} {offs:>6} {p50:>5}  {os.path.basename(folder.rstrip('/'))}")


def differences(a, b):
    total = 0
    held = {}
    for name in sorted(f[:-5] for f in os.listdir(b) if f.endswith(".json")):
        old, new = load(a, name), load(b, name)
        if not old or not new:
            continue
        before = {q["id"]: untimed(q) for q in old["questions"]}
        for q in new["questions"]:
            was, now = before.get(q["id"]), untimed(q)
            if was == now:
                continue
            total += 1
            if name.removeprefix("off-") in HELD_OUT:
                held[name] = held.get(name, 0) + 1
                continue
            fields = sorted(k for k in set(was or {}) | set(now) if (was or {}).get(k) != now.get(k))
            print(f"  {name} {q['id']}: {', '.join(fields)}")
    for name, count in sorted(held.items()):
        print(f"  {name}: {count} held-out questions differ (ids not shown)")
    print(f"{total} questions differ (wall times ignored)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    table(sys.argv[1:])
    if len(sys.argv) == 3:
        differences(sys.argv[1], sys.argv[2])
