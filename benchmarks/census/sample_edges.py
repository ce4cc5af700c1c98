#!/usr/bin/env python3
"""Print a deterministic sample of trunk edges with the source line each comes from, for reading.

Usage: python3 sample_edges.py INDEX.db [N=50] [SEED=1]

Register, handler and dispatch edges of the six Rocket.Chat trunks and slash commands (the
always-on generic trunks left out), in a pseudo-random order fixed by SEED, each with its site's
line of code from the index. Check each by opening the file: is this call really a register or
dispatch site of that key, and is the handler the code that runs for it?
"""

import sqlite3
import sys

SQL = """
SELECT e.kind, s.def_id, t.def_id, f.path, e.line, e.resolution
FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst LEFT JOIN files f ON f.id = e.file_id
WHERE e.kind IN ('register', 'handler', 'dispatch')
  AND (s.def_id LIKE 'trunk:%' OR t.def_id LIKE 'trunk:%')
  AND s.def_id NOT LIKE 'trunk:events#%' AND t.def_id NOT LIKE 'trunk:events#%'
  AND s.def_id NOT LIKE 'trunk:http-route#%' AND t.def_id NOT LIKE 'trunk:http-route#%'
  AND s.def_id NOT LIKE 'trunk:pubsub#%' AND t.def_id NOT LIKE 'trunk:pubsub#%'
ORDER BY (e.src * ? + e.dst * 40503 + coalesce(e.line, 0)) % 1000003
LIMIT ?
"""


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 2
    n = int(argv[2]) if len(argv) > 2 else 50
    seed = int(argv[3]) if len(argv) > 3 else 1
    db = sqlite3.connect(f"file:{argv[1]}?mode=ro", uri=True)
    rows = db.execute(SQL, (2654435761 + seed * 7919, n)).fetchall()
    for i, (kind, src, dst, path, line, resolution) in enumerate(rows, 1):
        text = ""
        if path and line:
            got = db.execute("SELECT content FROM files WHERE path = ?", (path,)).fetchone()
            lines = got[0].split("\n") if got and got[0] else []
            text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        print(f"{i}. {kind} {src} -> {dst} [{resolution}] {path}:{line}\n     {text[:160]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
