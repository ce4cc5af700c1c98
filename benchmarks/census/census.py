#!/usr/bin/env python3
"""A plain text census of Rocket.Chat's six string-dispatch trunks, independent of CodeAsk.

Usage: python3 census.py TREE [--out census.json]

Reads every .ts/.tsx/.js/.jsx/.mjs/.cjs file under TREE (tests included; node_modules, .git,
.d.ts and minified files skipped) and finds register and dispatch sites with regular expressions
over the text, the way a person with grep would: no parser, no types, no import resolution (except
that a facade `X.method()` counts only in a file whose text imports `X`). For each trunk it writes
every key with the files of its register and dispatch sites, and whether each file is a test.
Keys "with both sides" are those found on both sides. Prints the per-trunk counts on stdout.

What a text census cannot tell apart (and CodeAsk's declaration-based join does) is the point of
comparing the two: see benchmarks/trunks.md ("Census reconciliation").
"""

import json
import os
import re
import sys

SOURCE = re.compile(r"\.(ts|tsx|js|jsx|mjs|cjs)$")
SKIP_DIRS = {"node_modules", ".git", "dist", "build", "out", "coverage", "bower_components"}
# Test files as CodeAsk's indexer sees them (not "e2e/": Rocket.Chat's end-to-end encryption lives there).
TEST = re.compile(r"(^|/)(tests?|__tests__|__mocks__|__snapshots__|__fixtures__|fixtures|mocks)/|\.(spec|test|stories|story|cy)\.[cm]?[jt]sx?$")

# A plain literal key in any quote (a template with ${…} is not one).
LIT = r"""(?:'([^'\n]+)'|"([^"\n]+)"|`([^`$\n]+)`)"""


def lit(m, first=1):
    """The literal of a match made with LIT at group `first`."""
    return m.group(first) or m.group(first + 1) or m.group(first + 2)


def sources(tree):
    for root, dirs, files in os.walk(tree):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for name in files:
            if not SOURCE.search(name) or name.endswith(".d.ts") or ".min." in name:
                continue
            path = os.path.join(root, name)
            try:
                with open(path, encoding="utf8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError):
                continue
            yield os.path.relpath(path, tree).replace(os.sep, "/"), text


_package_names = {}


def package_name(tree, folder):
    """The `name` of the nearest package.json at or above `folder` (repo-relative)."""
    if folder in _package_names:
        return _package_names[folder]
    name = None
    try:
        with open(os.path.join(tree, folder, "package.json"), encoding="utf8") as f:
            name = json.load(f).get("name")
    except (OSError, ValueError):
        if folder not in ("", "."):
            name = package_name(tree, os.path.dirname(folder))
    _package_names[folder] = name
    return name


def modules_of(tree, path):
    """How an import can name the module of `path`: its package, its path without extension, its folder for an index."""
    stem = re.sub(r"\.[cm]?[jt]sx?$", "", path)
    out = [stem, package_name(tree, os.path.dirname(path))]
    if stem.endswith("/index"):
        out.append(stem[: -len("/index")])
    return [m for m in out if m]


def imported_module(path, spec):
    """A relative import as a repo-relative path without extension; a package import as is."""
    if not spec.startswith("."):
        return spec
    return re.sub(r"\.[cm]?[jt]sx?$", "", os.path.normpath(os.path.join(os.path.dirname(path), spec)))


def rest_key(raw):
    k = raw.split("?")[0].split("#")[0].lstrip("/")
    k = re.sub(r"^api/", "", k)
    return re.sub(r"^v\d+/", "", k)


def balanced_object(text, start):
    """The text of the `{…}` whose opening brace is at `start` (naive: ignores braces in strings)."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i]
    return text[start + 1 :]


def top_level_keys(body):
    """Property names at depth 0 of an object literal body: `name(`, `'name'(`, `name:`, `async name(`."""
    keys, depth = [], 0
    for line in body.split("\n"):
        if depth == 0:
            m = re.match(r"""\s*(?:async\s+)?(?:'([^']+)'|"([^"]+)"|([A-Za-z_$][\w$]*))\s*(?:\(|:|,|$)""", line)
            if m:
                key = m.group(1) or m.group(2) or m.group(3)
                if key not in ("async", "return", "const", "let", "if", "for", "await", "..."):
                    keys.append(key)
        depth += line.count("{") - line.count("}")
    return keys


class Census:
    def __init__(self):
        self.trunks = {}

    def add(self, trunk, side, key, path):
        if not key:
            return
        entry = self.trunks.setdefault(trunk, {}).setdefault(key, {"register": set(), "dispatch": set()})
        entry[side].add(path)

    def scan(self, tree, files):
        # (module, export name) -> namespace, from `export const X = proxify<I>('ns')`. The module is
        # the package name (`@rocket.chat/models` and `@rocket.chat/core-services` export clashing
        # names) or the file / folder a relative import names.
        facades = {}
        registries = {}  # variable -> hook, from `const x = Callbacks.create('hook')`
        for path, text in files:
            for m in re.finditer(r"export const (\w+)\s*=\s*proxify\w*(?:<[^>]*>)?\(\s*" + LIT, text):
                for module in modules_of(tree, path):
                    facades[(module, m.group(1))] = lit(m, 2)
            for m in re.finditer(r"(?:const|let)\s+(\w+)\s*=\s*Callbacks\.create(?:<[^>]*>)?\(\s*" + LIT, text):
                registries[m.group(1)] = lit(m, 2)
        for path, text in files:
            self.scan_file(tree, path, text, facades, registries)

    def scan_file(self, tree, path, text, facades, registries):
        add = lambda trunk, side, key: self.add(trunk, side, key, path)  # noqa: E731
        # rest
        for m in re.finditer(r"addRoute\(\s*(\[[^\]]*\]|" + LIT + ")", text):
            arg = m.group(1)
            keys = re.findall(r"""['"`]([^'"`]+)['"`]""", arg) if arg.startswith("[") else [lit(m, 2)]
            for k in keys:
                add("rest", "register", rest_key(k))
        for m in re.finditer(r"useEndpoint(?:Action)?\(\s*" + LIT + r"\s*,\s*" + LIT, text):
            add("rest", "dispatch", rest_key(lit(m, 4)))
        for m in re.finditer(r"(?:useEndpointData|useEndpointUpload\w*)\(\s*" + LIT, text):
            add("rest", "dispatch", rest_key(lit(m)))
        for m in re.finditer(r"(?:sdk\.rest|APIClient|restClient|\brest)\.(?:get|post|put|delete|upload)\(\s*" + LIT, text):
            add("rest", "dispatch", rest_key(lit(m)))
        for m in re.finditer(r"\bapi\(\s*" + LIT, text):
            add("rest", "dispatch", rest_key(lit(m)))
        # meteor-method
        for m in re.finditer(r"Meteor\.methods(?:<[^>]*>)?\(\s*\{", text):
            for k in top_level_keys(balanced_object(text, m.end() - 1)):
                add("meteor-method", "register", k)
        call = r"(?:Meteor\.(?:call|callAsync|apply|applyAsync)|sdk\.call|\bcallAsync|\buseMethod|\bmethodCall|\bmethodCallAnon|\bcallWithErrorHandling)"
        for m in re.finditer(call + r"(?:<[^>]*>)?\(\s*" + LIT, text):
            add("meteor-method", "dispatch", lit(m))
        # callbacks
        for m in re.finditer(r"\bcallbacks\.add\(\s*" + LIT, text):
            add("callbacks", "register", lit(m))
        for m in re.finditer(r"\bcallbacks\.(?:run|runAsync)(?:<[^>]*>)?\(\s*" + LIT, text):
            add("callbacks", "dispatch", lit(m))
        for var, hook in registries.items():
            if var not in text:
                continue
            if re.search(r"\b" + var + r"\.add\(", text):
                add("callbacks", "register", hook)
            if re.search(r"\b" + var + r"\.(?:run|runAsync)\(", text):
                add("callbacks", "dispatch", hook)
        # service-events
        for m in re.finditer(r"\bonEvent\(\s*" + LIT, text):
            add("service-events", "register", lit(m))
        for m in re.finditer(r"\bbroadcast(?:Local|ToServices)?(?:<[^>]*>)?\(\s*" + LIT, text):
            add("service-events", "dispatch", lit(m))
        # api-call
        if re.search(r"extends ServiceClass(?:Internal)?\b", text):
            name = re.search(r"^\t(?:(?:protected|public|private|readonly)\s+)*name\s*=\s*" + LIT, text, re.M)
            if name:
                for m in re.finditer(r"^\t(?:public\s+)?(?:override\s+)?(?:async\s+)?(\w+)\s*(?:<[^>]*>)?\(", text, re.M):
                    if m.group(1) not in ("constructor", "if", "for", "while", "switch", "return", "catch"):
                        add("api-call", "register", f"{lit(name)}.{m.group(1)}")
        for m in re.finditer(r"\b(?:api|broker)\.(?:call|waitAndCall)\(\s*" + LIT, text):
            add("api-call", "dispatch", lit(m))
        imported = {}  # local name -> namespace
        for m in re.finditer(r"import\s*\{([^}]*)\}\s*from\s*['\"]([^'\"]+)['\"]", text):
            module = imported_module(path, m.group(2))
            for part in m.group(1).split(","):
                bits = [b.strip() for b in part.replace("type ", "").split(" as ")]
                ns = facades.get((module, bits[0]))
                if ns:
                    imported[bits[-1]] = ns
        for local, ns in imported.items():
            for m in re.finditer(r"\b" + re.escape(local) + r"\.(\w+)\(", text):
                add("api-call", "dispatch", f"{ns}.{m.group(1)}")
        # streamer
        for m in re.finditer(r"new (?:this\.)?Streamer\(\s*" + LIT, text):
            add("streamer", "register", lit(m))
        for m in re.finditer(r"(?:sdk\.stream|\buseStream|\bgetStream|sdk\.publish)\(\s*" + LIT, text):
            add("streamer", "dispatch", lit(m))


def param_match(pattern, key):
    """Does a concrete REST path match a registered `:param` pattern, segment by segment?"""
    a, b = pattern.split("/"), key.split("/")
    return len(a) == len(b) and all(x.startswith(":") or x == y for x, y in zip(a, b))


def summarise(census):
    out = {}
    for trunk, keys in sorted(census.trunks.items()):
        if trunk == "rest":  # concrete dispatch paths meet their most specific `:param` route
            patterns = [k for k, v in keys.items() if ":" in k and v["register"]]
            for k in list(keys):
                v = keys[k]
                if v["dispatch"] and not v["register"]:
                    fits = [p for p in patterns if param_match(p, k)]
                    if fits:
                        best = min(fits, key=lambda p: p.count(":"))
                        keys[best]["dispatch"] |= v["dispatch"]
        entries = {}
        for key, sides in sorted(keys.items()):
            entries[key] = {side: sorted(files) for side, files in sides.items()}
        both = [k for k, v in keys.items() if v["register"] and v["dispatch"]]
        both_no_tests = [
            k
            for k in both
            if any(not TEST.search(f) for f in keys[k]["register"])
            and any(not TEST.search(f) for f in keys[k]["dispatch"])
        ]
        out[trunk] = {
            "keys": len(keys),
            "bothSides": sorted(both),
            "bothSidesWithoutTests": sorted(both_no_tests),
            "sites": entries,
        }
    return out


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 2
    tree = argv[1]
    out_path = argv[argv.index("--out") + 1] if "--out" in argv else None
    census = Census()
    census.scan(tree, list(sources(tree)))
    result = {"tree": os.path.basename(os.path.abspath(tree)), "trunks": summarise(census)}
    print(f"{'trunk':16} {'keys':>5} {'both':>5} {'both (no tests)':>16}")
    for trunk, t in result["trunks"].items():
        print(f"{trunk:16} {t['keys']:>5} {len(t['bothSides']):>5} {len(t['bothSidesWithoutTests']):>16}")
    if out_path:
        with open(out_path, "w", encoding="utf8") as f:
            json.dump(result, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
