#!/usr/bin/env bash
# stand-in.sh BUILD OUT IDX [set …] — the LLM path measured with benchmarks/stand-in-llm.mjs as the model (a lower
# bound that knows nothing of the labels; keyL = gold key lines in the answer material), two sets at a time, on the
# indexes IDX/<set>.db; OUT/<set>.json; prints key lines, input tokens and material size per set. PORT (default 18089).
set -u
BUILD=${1:?usage: stand-in.sh BUILD OUT IDX [set …]}; OUT=${2:?}; IDX=${3:?}; shift 3
SETS=${*:-rc hop exc pz novu trig lf vd ap cg ud br gw gf os}; PORT=${PORT:-18089}; mkdir -p "$OUT"
declare -A Q=([rc]=rocketchat-dev [hop]=hoppscotch [exc]=excalidraw [pz]=postiz [novu]=novu [trig]=trigger-dev [lf]=langfuse [vd]=vendure [ap]=apostrophe [cg]=capgo [ud]=undb [br]=bruno [gw]=growi [gf]=ghostfolio [os]=openstatus [dub]=dub [kk]=karakeep)
node "$BUILD/benchmarks/stand-in-llm.mjs" "$PORT" > "$OUT/stand-in.log" 2>&1 & SP=$!
trap 'kill $SP 2>/dev/null' EXIT; sleep 1
CLI="node --max-old-space-size=8192 $BUILD/sidecar/dist/cli/main.js bench --allow-missing-paths --json --no-report --llm openai --model stand-in --base-url http://127.0.0.1:$PORT/v1"
pids=()
for s in $SETS; do
	if [ ! -f "$IDX/$s.db" ]; then echo "$s: skipped (no $IDX/$s.db)"; continue; fi
	OPENAI_API_KEY=stand-in $CLI --index "$IDX/$s.db" --questions "$BUILD/eval/${Q[$s]}.json" > "$OUT/$s.json" 2> "$OUT/$s.err" & pids+=($!)
	if [ ${#pids[@]} -eq 2 ]; then wait "${pids[@]}"; pids=(); fi
done
[ ${#pids[@]} -gt 0 ] && wait "${pids[@]}"
python3 - "$OUT" $SETS <<'PY'
import json, sys
out = sys.argv[1]
for s in sys.argv[2:]:
    try: m = json.load(open(f"{out}/{s}.json"))["mean"]
    except Exception as e: print(f"{s:5} no result ({e.__class__.__name__})"); continue
    print(f"{s:5} keyL {m['keyLineRecall']:.3f}  tokensIn {m['tokensIn']:.0f}  material {m.get('materialTokens', 0):.0f}")
PY
