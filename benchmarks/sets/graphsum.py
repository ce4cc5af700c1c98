#!/usr/bin/env python3
"""graphsum.py A B [sets…] — per set, the graphs of two index folders (as index.sh writes them) compared: definitions, edges
(by kind) and dispatch sites, ids ignored; "=" when identical. Shows what an indexer change did to each graph."""
import sqlite3, sys, os
A, B = sys.argv[1], sys.argv[2]
sets = sys.argv[3:] or "rc hop exc pz novu trig lf vd ap cg ud br gw gf os dub".split()
def summ(p):
    c = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
    q = lambda s: c.execute(s).fetchall()
    edges = sorted(q("""select s.def_id, d.def_id, e.kind, coalesce(e.line,0) from edges e join defs s on s.id=e.src join defs d on d.id=e.dst"""))
    sites = sorted(q("select trunk, side, coalesce(key,''), line, file_id from dispatch_sites"))
    defs = q("select count(*) from defs")[0][0]
    kinds = dict(q("select kind, count(*) from edges group by kind"))
    return defs, edges, sites, kinds
for s in sets:
    pa, pb = f"{A}/{s}.db", f"{B}/{s}.db"
    if not (os.path.exists(pa) and os.path.exists(pb)): print(f"{s}: missing"); continue
    a, b = summ(pa), summ(pb)
    if a[0] == b[0] and a[1] == b[1] and a[2] == b[2]: print(f"{s}: = ({a[0]} defs, {len(a[1])} edges, {len(a[2])} sites)"); continue
    ea, eb = set(a[1]), set(b[1])
    dk = {k: b[3].get(k, 0) - a[3].get(k, 0) for k in set(a[3]) | set(b[3]) if b[3].get(k, 0) != a[3].get(k, 0)}
    print(f"{s}: defs {a[0]}→{b[0]}, edges {len(a[1])}→{len(b[1])} (+{len(eb-ea)} −{len(ea-eb)}), sites {len(a[2])}→{len(b[2])}, by kind {dk}")
