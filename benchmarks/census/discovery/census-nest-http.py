"""Census of Nest routes (@Controller prefix + @Get/@Post/… , keyed METHOD /path) vs literal HTTP-client calls
(`http.get('/<prefix>path')`, `this.http.post<T>(…)`), the client's base prefix (e.g. 'api/v\\d+/') given as a regex."""
import os, re, sqlite3, collections, json, sys
repo, db, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
skip = re.compile(r"(^|/)(node_modules|dist|build|\.git|test|tests|__tests__|e2e)(/|$)|\.(test|spec|mock)\.")
reg, dis = set(), set()
for root, dirs, files in os.walk(repo):
    if skip.search(os.path.relpath(root, repo) + "/"): dirs[:] = []; continue
    for f in files:
        if not re.search(r"\.(ts|tsx|js|jsx)$", f) or skip.search(f): continue
        t = open(os.path.join(root, f), errors="ignore").read()
        m = re.search(r"@Controller\(\s*['\"]/?([^'\"]*)['\"]", t)
        if m:
            for d in re.finditer(r"@(Get|Post|Put|Patch|Delete)\(\s*(?:['\"]/?([^'\"]*)['\"])?\s*\)", t):
                path = "/".join(p for p in [m.group(1).strip("/"), (d.group(2) or "").strip("/")] if p)
                reg.add(f"{d.group(1).upper()} {path}")
        for d in re.finditer(r"\.(get|post|put|patch|delete)\s*(?:<[^()]*?>)?\(\s*['\"`]/?" + prefix + r"(?P<k>[^'\"`?$]+)['\"`?]", t):
            dis.add(f"{d.group(1).upper()} {d.group('k').rstrip('/')}")
both = sorted(reg & dis)
c = sqlite3.connect(db); sides = collections.defaultdict(set)
for s, k in c.execute("select side, key from dispatch_sites where key is not null"): sides[re.sub(r" /+", " ", k)].add(s)
joined = [k for k in both if len(sides.get(k, ())) == 2]
print(json.dumps({"register": len(reg), "dispatch": len(dis), "both": len(both), "joined": len(joined), "share": round(len(joined)/len(both), 3) if both else None, "missed": [k for k in both if k not in joined][:20]}))
