"""Census of queue jobs: processors `@Process({ name: X })` / `@Process('x')` vs producers naming the same job —
`name: X` in an object (`addJob({ name: X, data })`, bulk job lists) or `.add(X` / `.add('x'`. Constants are resolved
from `export const X = 'value'` anywhere in the tree. Keys joined = values with both sides in any index trunk."""
import os, re, sqlite3, collections, json, sys
repo, db = sys.argv[1], sys.argv[2]
skip = re.compile(r"(^|/)(node_modules|dist|build|\.git|test|tests|__tests__|e2e)(/|$)|\.(test|spec|mock)\.")
texts = {}
for root, dirs, files in os.walk(repo):
    if skip.search(os.path.relpath(root, repo) + "/"): dirs[:] = []; continue
    for f in files:
        if re.search(r"\.(ts|tsx|js|jsx)$", f) and not skip.search(f):
            texts[os.path.join(root, f)] = open(os.path.join(root, f), errors="ignore").read()
consts = {m.group(1): m.group(2) for t in texts.values() for m in re.finditer(r"export const (\w+)\s*=\s*['\"]([^'\"]+)['\"]", t)}
val = lambda x: consts.get(x, x.strip("'\"")) if x else None
reg, dis = set(), set()
for path, t in texts.items():
    for m in re.finditer(r"@Process\(", t):
        head = re.split(r"\b(public|private|protected|async)\b", t[m.end():m.end() + 600])[0]
        k = re.match(r"\s*['\"]([^'\"]+)['\"]", head) or re.search(r"\bname:\s*(\w+|['\"][^'\"]+['\"])", head)
        if k: reg.add(val(k.group(1)))
for path, t in texts.items():
    if "@Process(" in t: continue
    for m in re.finditer(r"\bname:\s*(\w+|['\"][^'\"]+['\"])", t): dis.add(val(m.group(1)))
    for m in re.finditer(r"\.add\(\s*(\w+|['\"][^'\"]+['\"])\s*,", t): dis.add(val(m.group(1)))
both = sorted(reg & dis)
c = sqlite3.connect(db); sides = collections.defaultdict(set)
for s, k in c.execute("select side, key from dispatch_sites where key is not null"): sides[k].add(s)
joined = [k for k in both if len(sides.get(k, ())) == 2]
print(json.dumps({"register": sorted(reg), "both": both, "joined": joined, "share": round(len(joined)/len(both), 3) if both else None}))
