#!/usr/bin/env python3
"""Carry a judged run's select replies over to today's select prompts, for a replay on changed code.

The select reply names the skeleton's nodes and chains by the ids of the prompt the reader saw (`n416`,
`c6`); once routing, seeding or the index change, the same ids name other definitions, and a plain
replay reads the wrong picks (run 17 on main e3d3fc7: key lines 0.772 plain, 0.816 carried over).
This maps each id to the one today's prompt gives the same definition (name, kind and file) or the
same chain (its title and first node; else its title), and drops what today's prompt no longer holds.

  1. benchmarks/relay/replay.sh RUN FIRST QUESTIONS.tsv            (writes today's req-002 per question)
  2. benchmarks/relay/carry-select.py RUN FIRST CARRIED            (RUN's replies, resp-002 carried over;
                                                                    FIRST's req-001/002 to compare against)
  3. benchmarks/relay/replay.sh CARRIED OUT QUESTIONS.tsv          (prompts-same=yes: req-001/002 as FIRST's)

Valid while the route reply (named by section ids: `dir:…`, `pkg:…`) means the same; it prints how
many picks and chains each question kept.
"""
import json
import os
import re
import shutil
import sys


def parse(path):
    nodes, chains, cur = {}, {}, None
    for line in open(path, encoding="utf-8").read().split("\n"):
        m = re.match(r"^Chain (c\d+): (.*)$", line)
        if m:
            cur = [m[2], None]
            chains[m[1]] = cur
            continue
        m = re.match(r"^(n\d+)  (.*)$", line)
        if m:
            nodes[m[1]] = m[2]
            if cur and cur[1] is None:
                cur[1] = m[2]
    return nodes, {c: (t, f) for c, (t, f) in chains.items()}


def main(run, first, out):
    total = {"nodes": 0, "kept": 0, "chains": 0, "chainsKept": 0}
    for qid in sorted(os.listdir(run)):
        src, dst = os.path.join(run, qid, "relay"), os.path.join(out, qid, "relay")
        if not os.path.isdir(src):
            continue
        os.makedirs(dst, exist_ok=True)
        for f in os.listdir(src):
            if f.startswith("resp-"):
                shutil.copy(os.path.join(src, f), dst)
        shutil.copy(os.path.join(run, qid, "result.json"), os.path.join(out, qid, "result.json"))
        for f in ("req-001.txt", "req-002.txt"):
            if os.path.exists(os.path.join(first, qid, "relay", f)):
                shutil.copy(os.path.join(first, qid, "relay", f), dst)
        old_prompt, new_prompt = os.path.join(src, "req-002.txt"), os.path.join(first, qid, "relay", "req-002.txt")
        if not (os.path.exists(old_prompt) and os.path.exists(new_prompt) and os.path.exists(os.path.join(src, "resp-002.txt"))):
            print(f"{qid:34} no select")
            continue
        old_nodes, old_chains = parse(old_prompt)
        new_nodes, new_chains = parse(new_prompt)
        node_of = {v: k for k, v in reversed(list(new_nodes.items()))}
        chain_of = {v: k for k, v in reversed(list(new_chains.items()))}
        chain_by_title = {}
        for k, (title, _) in new_chains.items():
            chain_by_title.setdefault(title, k)
        reply = json.load(open(os.path.join(src, "resp-002.txt"), encoding="utf-8"))
        picks = [node_of[old_nodes[n]] for n in reply.get("nodes", []) if n in old_nodes and old_nodes[n] in node_of]
        chains = []
        for c in reply.get("chains", []):
            k = chain_of.get(old_chains[c]) or chain_by_title.get(old_chains[c][0]) if c in old_chains else None
            if k and k not in chains:
                chains.append(k)
        total["nodes"] += len(reply.get("nodes", []))
        total["kept"] += len(picks)
        total["chains"] += len(reply.get("chains", []))
        total["chainsKept"] += len(chains)
        print(f"{qid:34} picks {len(picks)}/{len(reply.get('nodes', []))} chains {len(chains)}/{len(reply.get('chains', []))}")
        with open(os.path.join(dst, "resp-002.txt"), "w", encoding="utf-8") as fh:
            json.dump({**reply, "chains": chains, "nodes": picks}, fh)
    print(json.dumps(total))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:4])
