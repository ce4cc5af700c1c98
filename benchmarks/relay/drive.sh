#!/usr/bin/env bash
# The judged LLM runs of benchmarks/llm-relay.md: one relay (../shared/scripts/llm-relay.py) per question, all at once;
# a reader answers DIR/<id>/relay/req-NNN.txt by writing resp-NNN.txt, from the request text alone.
# Usage: benchmarks/relay/drive.sh QUESTIONS.tsv OUTDIR     (QUESTIONS.tsv: id<TAB>index<TAB>question; PORT_BASE=8800)
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
relay=${LLM_RELAY:-$here/../shared/scripts/llm-relay.py}
qs=$1; out=$2; port=${PORT_BASE:-8800}; pids=()
mkdir -p "$out"
while IFS=$'\t' read -r id index question; do
  [ -z "$id" ] && continue
  port=$((port+1)); d="$out/$id"; mkdir -p "$d/relay"
  printf '%s\n' "$question" > "$d/question.txt"
  python3 "$relay" "$d/relay" $port > "$d/relay.log" 2>&1 & rp=$!
  ( sleep 1; CODEASK_LLM_TIMEOUT_MS=3000000 node "$here/sidecar/dist/cli/main.js" ask "$question" --index "$index" \
      --llm openai --model relay --base-url http://127.0.0.1:$port/v1 --report "$d/report" --json > "$d/result.json" 2> "$d/stderr.txt"
    echo $? > "$d/exit"; kill $rp ) &
  pids+=($!)
done < "$qs"
wait "${pids[@]}"
