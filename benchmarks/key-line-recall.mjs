// keyLineRecall of any build's material, for builds older than the metric (bench reports it since
// issue 11): the mean share of gold chain lines inside trace.read.
//   IDX=rc.index.db node benchmarks/key-line-recall.mjs <build>/sidecar/dist eval/rocketchat-dev.json ['{"tokenBudget":16000}']
import { readFileSync } from "node:fs";

const [, , dist, setPath, cfg] = process.argv;
const { IndexReader } = await import(`${dist}/index/reader.js`);
const { ask } = await import(`${dist}/pipeline/ask.js`);
const index = IndexReader.open(process.env.IDX);
const set = JSON.parse(readFileSync(setPath, "utf8"));
const shares = [];
for (const q of set.questions) {
	if (!q.chain?.length) continue;
	const r = await ask(index, q.question, { config: cfg ? JSON.parse(cfg) : {} });
	const inside = q.chain.filter((e) =>
		r.trace.read.some((x) => x.file === e.file && x.startLine <= e.line && e.line <= x.endLine),
	).length;
	shares.push(inside / q.chain.length);
}
console.log(
	JSON.stringify({ keyLineRecall: shares.reduce((a, b) => a + b, 0) / shares.length, n: shares.length }),
);
