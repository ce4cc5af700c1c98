#!/usr/bin/env bash
# Re-runs a judged relay run with its recorded replies: the relay finds each resp-NNN.txt already written, so a change
# after the model (verify, rendering, abstention) is measured on real answers. Valid while the prompts are unchanged:
# each question prints whether every request matched the recorded one.
# Usage: benchmarks/relay/replay.sh RUNDIR OUTDIR QUESTIONS.tsv        (PORT_BASE=9600)
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
relay=${LLM_RELAY:-$here/../shared/scripts/llm-relay.py}
run=$1; out=$2; tsv=$3; port=${PORT_BASE:-9600}
mkdir -p "$out"
while IFS=$'\t' read -r id index question; do
  [ -z "$id" ] && continue
  port=$((port+1)); d="$out/$id"; mkdir -p "$d/relay"; cp "$run/$id"/relay/resp-*.txt "$d/relay/"
  python3 "$relay" "$d/relay" $port > "$d/relay.log" 2>&1 & rp=$!
  sleep 0.5
  CODEASK_LLM_TIMEOUT_MS=20000 node "$here/sidecar/dist/cli/main.js" ask "$question" --index "$index" --llm openai \
    --model relay --base-url http://127.0.0.1:$port/v1 --report "$d/report" --json > "$d/result.json" 2> "$d/stderr.txt"
  kill $rp
  same=yes; for f in "$run/$id"/relay/req-*.txt; do cmp -s "$f" "$d/relay/$(basename "$f")" || same=no; done
  node -e '
    const [a, b] = [process.argv[1], process.argv[2]].map((f) => JSON.parse(require("node:fs").readFileSync(f, "utf8")));
    console.log(process.argv[3], "prompts-same=" + process.argv[4], "dropped", b.droppedCitations, "->", a.droppedCitations,
      "citations", b.citations.length, "->", a.citations.length, a.fallbackReason ?? "");
  ' "$d/result.json" "$run/$id/result.json" "$id" "$same"
done < "$tsv"
