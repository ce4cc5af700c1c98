#!/usr/bin/env bash
# lay-trees.sh MIRRORS DEST — lay out the benchmark trees (the thirteen, Ghostfolio's, openstatus', Dub's and Karakeep's), each at its set's pinned commit (eval/<set>.json),
# from git directories MIRRORS/<owner>+<name>/repo (as the search tool's fetch writes them), into DEST/<set>; prints
# the `export <SET>_TREE=…` lines index.sh reads. Blobs a mirror lacks are skipped and counted
# (shared/scripts/checkout-snapshot.py); Vendure's docs/ is left out, as the set's labels assume. A laid-out tree is reused.
set -u
MIRRORS=${1:?usage: lay-trees.sh MIRRORS DEST}; DEST=${2:?usage: lay-trees.sh MIRRORS DEST}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
SNAP=$HERE/../shared/scripts/checkout-snapshot.py
[ -f "$SNAP" ] || SNAP=$HERE/shared/scripts/checkout-snapshot.py
lay() { # VAR mirror set
	local var=$1 mirror=$2 set=$3 d=$DEST/$3 commit
	commit=$(node -e "console.log(require('$HERE/eval/$set.json').commit)")
	if [ ! -f "$d/.laid" ]; then
		mkdir -p "$d" && python3 "$SNAP" "$MIRRORS/$mirror/repo" "$d" "$commit" > "$d.log" 2>&1 || { echo "# $set: failed, see $d.log" >&2; return; }
		[ "$set" = vendure ] && rm -rf "$d/docs"
		touch "$d/.laid"
	fi
	echo "export $var=$d"
}
lay RC_TREE VenkataRohan+Rocket.Chat rocketchat-dev
lay HOP_TREE hoppscotch+hoppscotch hoppscotch
lay EXC_TREE excalidraw+excalidraw excalidraw
lay PZ_TREE gitroomhq+postiz-app postiz
lay NOVU_TREE novuhq+novu novu
lay TRIG_TREE triggerdotdev+trigger.dev trigger-dev
lay DEV32_TREE langfuse+langfuse langfuse
lay VENDURE_TREE vendure-ecommerce+vendure vendure
lay APOSTROPHE_TREE apostrophecms+apostrophe apostrophe
lay CAPGO_TREE Cap-go+capgo capgo
lay UNDB_TREE undb-io+undb undb
lay BRUNO_TREE usebruno+bruno bruno
lay GROWI_TREE weseek+growi growi
lay GHOSTFOLIO_TREE ghostfolio+ghostfolio ghostfolio
lay OPENSTATUS_TREE openstatusHQ+openstatus openstatus
lay DUB_TREE dubinc+dub dub
lay KARAKEEP_TREE karakeep-app+karakeep karakeep
