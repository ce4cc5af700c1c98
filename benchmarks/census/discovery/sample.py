"""30 trunk edges of discovered trunks, each with the dispatch line and the register line, to read."""
import sqlite3, sys, random, collections, os
repo, db, n = sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 30
skip = set(sys.argv[4].split(",")) if len(sys.argv) > 4 else set()
c = sqlite3.connect(db)
rows = c.execute("""select ds.trunk, ds.side, ds.key, f.path, ds.line from dispatch_sites ds
  join files f on f.id = ds.file_id where ds.key is not null""").fetchall()
by = collections.defaultdict(lambda: {"register": [], "dispatch": []})
for t, s, k, f, l in rows:
    if t in skip: continue
    by[(t, k)][s].append((f, l))
edges = [(t, k, d, r) for (t, k), v in by.items() for d in v["dispatch"] for r in v["register"][:1]]
random.seed(13)
pick = random.sample(edges, min(n, len(edges)))
line = lambda f, l: open(os.path.join(repo, f), errors="ignore").read().split("\n")[l - 1].strip()[:150]
print(f"{len(edges)} edges in discovered trunks; sample {len(pick)}")
for i, (t, k, d, r) in enumerate(sorted(pick), 1):
    print(f"{i:2}. [{t}] {k}\n    D {d[0]}:{d[1]}  {line(*d)}\n    R {r[0]}:{r[1]}  {line(*r)}")
