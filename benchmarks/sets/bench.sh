#!/usr/bin/env bash
# bench.sh BUILD OUT IDX [set …] — offline `codeask bench` of the sets (default: rc hop exc pz novu trig lf vd ap cg ud br gw) with
# the build in BUILD (gf, Ghostfolio, os, openstatus, dub, Dub, and kk, Karakeep, run when named; they are not in the default list) on the indexes IDX/<set>.db (as index.sh writes them; a set without one is skipped, saying
# so), all sets at once, then the 10 off-topic questions on each index one set at a time (NO_OFF=1 skips them);
# prints the table of means.
# Each set's JSON goes to OUT/<set>.json (off-topic: OUT/off-<set>.json). Wall times are under the load of
# the parallel runs: for p50, bench one set at a time on a quiet machine.
set -u
BUILD=${1:?usage: bench.sh BUILD OUT IDX [set …]}; OUT=${2:?}; IDX=${3:?}; shift 3
SETS_ASKED=${*:-rc hop exc pz novu trig lf vd ap cg ud br gw}
SETS=""
for s in $SETS_ASKED; do
	if [ -f "$IDX/$s.db" ]; then SETS="$SETS $s"; else echo "$s: skipped (no $IDX/$s.db)"; fi
done
mkdir -p "$OUT"
CLI="node --max-old-space-size=8192 $BUILD/sidecar/dist/cli/main.js bench --allow-missing-paths --json --no-report"
declare -A Q=([rc]=rocketchat-dev [hop]=hoppscotch [exc]=excalidraw [pz]=postiz [novu]=novu [trig]=trigger-dev [lf]=langfuse [vd]=vendure [ap]=apostrophe [cg]=capgo [ud]=undb [br]=bruno [gw]=growi [gf]=ghostfolio [os]=openstatus [dub]=dub [kk]=karakeep)
for s in $SETS; do
	$CLI --index "$IDX/$s.db" --questions "$BUILD/eval/${Q[$s]}.json" > "$OUT/$s.json" 2> "$OUT/$s.err" &
done
wait
if [ -z "${NO_OFF:-}" ]; then
	for s in $SETS; do
		$CLI --index "$IDX/$s.db" --questions "$BUILD/eval/off-topic.json" > "$OUT/off-$s.json" 2> "$OUT/off-$s.err"
	done
fi
python3 "$(dirname "$0")/compare.py" "$OUT"
