#!/usr/bin/env python3
"""Compare the text census (census.py) with a CodeAsk index, key by key.

Usage: python3 reconcile.py CENSUS.json INDEX.db [--json out.json]

For each of the six trunks, lists the keys the census has on both sides and CodeAsk does not
(with what CodeAsk has for the key, and the census's sites), and the keys CodeAsk joins and the
census does not (with CodeAsk's dispatch expressions, which show the idiom a text census misses).
A reason is filled in automatically only where it is mechanical: a key whose census sites on the
side CodeAsk lacks are all in test files, when the index was built without tests. Every other
reason is read from the code and written into benchmarks/trunks.md.
"""

import json
import re
import sqlite3
import sys

SIX = ["rest", "meteor-method", "callbacks", "service-events", "api-call", "streamer"]
# Test files as CodeAsk's indexer sees them (not "e2e/": Rocket.Chat's end-to-end encryption lives there).
TEST = re.compile(r"(^|/)(tests?|__tests__|__mocks__|__snapshots__|__fixtures__|fixtures|mocks)/|\.(spec|test|stories|story|cy)\.[cm]?[jt]sx?$")


def codeask_sites(db_path):
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    rows = db.execute(
        """SELECT s.trunk, s.side, s.key, s.expression, f.path, s.line FROM dispatch_sites s
           JOIN files f ON f.id = s.file_id WHERE s.key IS NOT NULL"""
    ).fetchall()
    options = db.execute("SELECT value FROM meta WHERE key = 'options'").fetchone()
    has_tests = bool(options and json.loads(options[0]).get("includeTests"))
    db.close()
    out = {}
    for trunk, side, key, expr, path, line in rows:
        entry = out.setdefault(trunk, {}).setdefault(key, {"register": [], "dispatch": []})
        entry[side].append({"file": path, "line": line, "expression": expr})
    return out, has_tests


def status(entry):
    if not entry:
        return "absent"
    if entry["register"] and entry["dispatch"]:
        return "both"
    return "register-only" if entry["register"] else "dispatch-only"


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 2
    census = json.load(open(argv[1], encoding="utf8"))["trunks"]
    ours, has_tests = codeask_sites(argv[2])
    report = {}
    for trunk in SIX:
        c = census.get(trunk, {"bothSides": [], "sites": {}})
        o = ours.get(trunk, {})
        c_both = set(c["bothSides"])
        o_both = {k for k, v in o.items() if v["register"] and v["dispatch"]}
        census_only = []
        for key in sorted(c_both - o_both):
            mine = status(o.get(key))
            missing = "dispatch" if mine == "register-only" else "register" if mine == "dispatch-only" else None
            sites = c["sites"][key]
            lacking = sites[missing] if missing else sites["register"] + sites["dispatch"]
            reason = None
            if not has_tests and missing and all(TEST.search(f) for f in sites[missing]):
                reason = "test-only site"
            elif not has_tests and not missing and all(TEST.search(f) for f in lacking):
                reason = "test-only key"
            census_only.append({"key": key, "codeask": mine, "reason": reason, "censusSites": lacking[:4]})
        codeask_only = []
        for key in sorted(o_both - c_both):
            d = o[key]["dispatch"]
            codeask_only.append(
                {
                    "key": key,
                    "census": "absent" if key not in c["sites"] else status(c["sites"][key]),
                    "dispatch": [f"{s['file']}:{s['line']} {s['expression']}" for s in d[:2]],
                }
            )
        report[trunk] = {
            "censusBoth": len(c_both),
            "codeaskBoth": len(o_both),
            "common": len(c_both & o_both),
            "censusOnly": census_only,
            "codeaskOnly": codeask_only,
        }
    print(f"index {'with' if has_tests else 'without'} test files")
    print(f"{'trunk':16} {'census':>7} {'codeask':>8} {'common':>7} {'census-only':>12} {'codeask-only':>13}")
    for trunk, r in report.items():
        print(
            f"{trunk:16} {r['censusBoth']:>7} {r['codeaskBoth']:>8} {r['common']:>7}"
            f" {len(r['censusOnly']):>12} {len(r['codeaskOnly']):>13}"
        )
    for trunk, r in report.items():
        print(f"\n## {trunk}: census joins, CodeAsk does not ({len(r['censusOnly'])})")
        for e in r["censusOnly"]:
            print(f"  {e['key']}  [CodeAsk: {e['codeask']}]  {e['reason'] or ''}  {' '.join(e['censusSites'])}")
        print(f"## {trunk}: CodeAsk joins, census does not ({len(r['codeaskOnly'])})")
        for e in r["codeaskOnly"]:
            print(f"  {e['key']}  [census: {e['census']}]  {' | '.join(e['dispatch'])}")
    if "--json" in argv:
        with open(argv[argv.index("--json") + 1], "w", encoding="utf8") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
