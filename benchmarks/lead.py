#!/usr/bin/env python3
"""lead.py RUN [RUN2] [--eval DIR] — the offline answer's lead, scored against the gold labels.

RUN holds `codeask bench --out RUN/<set>` folders (benchmarks/lead-bench.sh writes them) for the dev sets
rc, hop, exc, pz. Per question the path's steps are read from the short answer: the numbered lines of
"The path" (each step's marker [n] is a citation in the step's own file), or, for a one-step answer,
the first marker of "In short". Each step's file is core / supporting (eval/<set>.json) or other.

Per set: `first` = questions whose first step's file is core (and core or supporting), `steps` = the
share of all steps in core or supporting files, `anyCore` = questions with a core file among the steps.
`1st chain` / `any chain` = questions whose first step (any step) is a gold chain symbol (same file, same
last name segment; marked * in the listing). Impact questions (answer-impact.ts tells a listing, no flow) are left out. With RUN2 the per-question
differences of the first step are listed.
"""
import json, os, re, sys

# Sets whose answers a run folder holds (others are skipped): the four dev sets, then the two held-out ones.
SETS = [
    ("rc", "rocketchat-dev"),
    ("hop", "hoppscotch"),
    ("exc", "excalidraw"),
    ("pz", "postiz"),
    ("novu", "novu"),
    ("trig", "trigger-dev"),
]


def sections(text):
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^\*\*(.+?)\*\*\s*$", line)
        if m:
            cur = m.group(1)
            out[cur] = []
        elif cur:
            out[cur].append(line)
    return out


def citations(text):
    cites = {}
    for m in re.finditer(r"^\[(\d+)\] (.+?):(\d+)-(\d+) — ", text, re.M):
        cites[int(m.group(1))] = m.group(2)
    return cites


def steps_of(text):
    """Files of the path's steps, in order (None for a step without a marker)."""
    body, _, tail = text.partition("\n---\nCitations as returned:\n")
    cites = citations(tail)
    sec = sections(body)
    steps = []
    if "The path" in sec:
        for line in sec["The path"]:
            m = re.match(r"^\d+\. (.*)$", line)
            if not m:
                continue
            # The step's own marker is the first on its line (a hop line quoted after it has none).
            mk = re.search(r"\[(\d+)\]", m.group(1))
            nm = re.search(r"`([^`]+)`", m.group(1))
            steps.append((cites.get(int(mk.group(1))) if mk else None, nm.group(1) if nm else ""))
    elif "In short" in sec:
        line = " ".join(sec["In short"])
        mk = re.search(r"\[(\d+)\]", line)
        nm = re.search(r"`([^`]+)`", line)
        if mk:
            steps.append((cites.get(int(mk.group(1))), nm.group(1) if nm else ""))
    return steps


def last(name):
    return re.split(r"[.#]", name)[-1]


def on_chain(step, q):
    """Is the step a gold chain symbol (its file, and its name's last segment)?"""
    f, name = step
    return any(c["file"] == f and last(c["symbol"]) == last(name) for c in q.get("chain", []))


def label(f, q):
    if f is None:
        return "-"
    if f in q["core"]:
        return "core"
    if f in q.get("supporting", []):
        return "supp"
    return "other"


def measure(run, evaldir):
    res = {}
    for s, name in SETS:
        qf = os.path.join(evaldir, f"{name}.json")
        adir = os.path.join(run, s, "scratch", "answers")
        if not os.path.isdir(adir):
            continue
        qs = json.load(open(qf))["questions"]
        for q in qs:
            p = os.path.join(adir, f"{q['id']}.md")
            if not os.path.exists(p):
                continue
            st = steps_of(open(p).read())
            res[(s, q["id"])] = {
                "type": q["type"],
                "steps": [f for f, _ in st],
                "labels": [label(f, q) for f, _ in st],
                "chain": [on_chain(x, q) for x in st],
            }
    return res


def summary(res):
    rows = []
    for s, _ in SETS:
        qs = [v for (ss, _), v in res.items() if ss == s and v["type"] != "impact"]
        if not qs:
            continue
        first = [v["labels"][0] if v["labels"] else "-" for v in qs]
        allsteps = [l for v in qs for l in v["labels"]]
        core1 = sum(1 for l in first if l == "core")
        lab1 = sum(1 for l in first if l in ("core", "supp"))
        share = sum(1 for l in allsteps if l in ("core", "supp")) / max(1, len(allsteps))
        anycore = sum(1 for v in qs if "core" in v["labels"])
        chain1 = sum(1 for v in qs if v["chain"][:1] == [True])
        chainany = sum(1 for v in qs if any(v["chain"]))
        rows.append((s, len(qs), core1, lab1, share, anycore, len(allsteps), chain1, chainany))
    return rows


def fmt(v):
    return "/".join(l + ("*" if c else "") for l, c in zip(v["labels"], v["chain"])) or "-"


def main():
    args = sys.argv[1:]
    evaldir = "eval"
    if "--eval" in args:
        i = args.index("--eval")
        evaldir = args[i + 1]
        del args[i : i + 2]
    runs = [measure(r, evaldir) for r in args]
    print(f"{'set':4} {'n':>3}  {'first core':>10} {'first c+s':>9} {'steps c+s':>9} {'any core':>8} {'steps':>5} {'1st chain':>9} {'any chain':>9}  run")
    for r, res in zip(args, runs):
        for s, n, c1, l1, sh, ac, ns, ch1, cha in summary(res):
            print(f"{s:4} {n:3}  {c1:10d} {l1:9d} {sh:9.3f} {ac:8d} {ns:5d} {ch1:9d} {cha:9d}  {os.path.basename(r.rstrip('/'))}")
    if len(runs) == 2:
        a, b = runs
        for k in a:
            if k in b and (a[k]["labels"][:1] != b[k]["labels"][:1] or a[k]["steps"] != b[k]["steps"]):
                print(f"{k[1]:34} {fmt(a[k]):36} -> {fmt(b[k])}")


if __name__ == "__main__":
    main()
