import sqlite3, sys, collections
def both(db, trunks=None):
    c = sqlite3.connect(db)
    rows = c.execute("select trunk, side, key from dispatch_sites where key is not null").fetchall()
    d = collections.defaultdict(lambda: collections.defaultdict(set))
    for t, s, k in rows:
        d[t][k].add(s)
    return {t: {k for k, s in ks.items() if len(s) == 2} for t, ks in d.items()}
pre = both(sys.argv[1]); disc = both(sys.argv[2])
allk = set().union(*disc.values()) if disc else set()
norm = lambda k: k.lstrip('/')
allk_n = {norm(k) for k in allk}
for t in sorted(pre):
    keys = pre[t]
    if not keys: continue
    got = {k for k in keys if norm(k) in allk_n}
    where = collections.Counter(t2 for k in got for t2, ks in disc.items() if norm(k) in {norm(x) for x in ks})
    print(f"{t:16} preset both-sided {len(keys):4}  recovered {len(got):4}  {100*len(got)/len(keys):5.1f}%  via {dict(where.most_common(3))}")
