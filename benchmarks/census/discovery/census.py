"""Hand-written text census of one idiom: register and dispatch keys by regex over the source
(tests, node_modules and build output left out), both-sided keys, and how many of them the index
joined (a key with both sides in any trunk)."""
import os, re, sqlite3, sys, json, collections
repo, db, reg_re, dis_re = sys.argv[1:5]
skip = re.compile(r"(^|/)(node_modules|dist|build|\.git|test|tests|__tests__|e2e|cypress)(/|$)|\.(test|spec)\.")
reg, dis = collections.defaultdict(list), collections.defaultdict(list)
for root, dirs, files in os.walk(repo):
    rel = os.path.relpath(root, repo)
    if skip.search(rel + "/"): dirs[:] = []; continue
    for f in files:
        if not re.search(r"\.(ts|tsx|js|jsx|mjs|cjs|vue|svelte)$", f) or skip.search(f) or f.endswith(".d.ts"): continue
        p = os.path.join(root, f); text = open(p, errors="ignore").read()
        for m in re.finditer(reg_re, text): reg[m.group("k")].append(os.path.relpath(p, repo))
        for m in re.finditer(dis_re, text): dis[m.group("k")].append(os.path.relpath(p, repo))
both = sorted(set(reg) & set(dis))
c = sqlite3.connect(db)
rows = c.execute("select trunk, side, key from dispatch_sites where key is not null").fetchall()
sides = collections.defaultdict(set)
for t, s, k in rows: sides[re.sub(r"^[A-Z]+ /", "", k).lstrip("/")].add(s)
joined = [k for k in both if len(sides.get(k.lstrip("/"), ())) == 2]
print(json.dumps({"register": len(reg), "dispatch": len(dis), "both": len(both), "joined": len(joined),
  "share": round(len(joined) / len(both), 3) if both else None, "missed": [k for k in both if k not in joined][:20]}))
