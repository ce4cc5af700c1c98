#!/usr/bin/env bash
# lead-bench.sh WT OUT — the dev sets (RC, Hoppscotch, Excalidraw, Postiz) benched offline with WT's build, each
# answer's text kept (OUT/<set>/scratch/answers), the bench JSON beside it (OUT/<set>.json, as bench4.sh writes it),
# then the lead measure (benchmarks/lead.py). IDX: folder of {rc,hop,exc,pz}.db; PCONF: pipeline overrides.
set -u
WT=$1; OUT=$2; IDX=${IDX:?set IDX to the folder holding rc.db, hop.db, exc.db, pz.db}; mkdir -p "$OUT"
B="node $WT/sidecar/dist/cli/main.js bench --allow-missing-paths --json"
E=$WT/eval
run() { $B --index "$IDX/$1.db" --questions "$E/$2.json" --out "$OUT/$1" ${PCONF:+--pipeline-config "$PCONF"} > "$OUT/$1.json" 2>"$OUT/$1.err"; }
run rc rocketchat-dev & run hop hoppscotch; wait
run exc excalidraw & run pz postiz; wait
python3 "$(dirname "$0")/lead.py" "$OUT" --eval "$E"
