#!/usr/bin/env bash
# index.sh BUILD OUT — index the thirteen benchmark trees with the build in BUILD (a checkout of this repository,
# built) into OUT/{rc,hop,exc,pz,novu,trig,lf,vd,ap,cg,ud,br,gw}.db, each at its set's pinned commit, with wall time and peak RSS
# in OUT/<set>.err. The trees come from env: RC_TREE, HOP_TREE, EXC_TREE, PZ_TREE, NOVU_TREE, TRIG_TREE,
# DEV32_TREE (Langfuse), VENDURE_TREE (Vendure), APOSTROPHE_TREE (ApostropheCMS) CAPGO_TREE (Capgo) UNDB_TREE (undb), BRUNO_TREE (Bruno) GROWI_TREE (GROWI) and GHOSTFOLIO_TREE (Ghostfolio, gf.db), OPENSTATUS_TREE (openstatus, os.db), DUB_TREE (Dub, dub.db), KARAKEEP_TREE (Karakeep, kk.db; lay them out as eval/README.md says, or all at once with lay-trees.sh); a set whose tree is unset is skipped, saying so.
set -u
BUILD=${1:?usage: index.sh BUILD OUT}; OUT=${2:?usage: index.sh BUILD OUT}; mkdir -p "$OUT"
CLI="node --max-old-space-size=8192 $BUILD/sidecar/dist/cli/main.js"
commit() { node -e "console.log(require('$BUILD/eval/$1.json').commit)"; }
run() {
	local name=$1 set=$2 tree=${!3:-}
	if [ -z "$tree" ]; then echo "$name: skipped ($3 not set)"; return; fi
	/usr/bin/time -f "$name wall %e s, peak RSS %M KB" $CLI index "$tree" --out "$OUT/$name.db" \
		--commit "$(commit "$set")" --full --json > "$OUT/$name.json" 2> "$OUT/$name.err"
	echo "$name: exit $? — $(tail -n1 "$OUT/$name.err")"
}
run rc rocketchat-dev RC_TREE
run hop hoppscotch HOP_TREE
run exc excalidraw EXC_TREE
run pz postiz PZ_TREE
run novu novu NOVU_TREE
run trig trigger-dev TRIG_TREE
run lf langfuse DEV32_TREE
run vd vendure VENDURE_TREE
run ap apostrophe APOSTROPHE_TREE
run cg capgo CAPGO_TREE
run ud undb UNDB_TREE
run br bruno BRUNO_TREE
run gw growi GROWI_TREE
run gf ghostfolio GHOSTFOLIO_TREE
run os openstatus OPENSTATUS_TREE
run dub dub DUB_TREE
run kk karakeep KARAKEEP_TREE
