// keyLineRecall of any build's material, for builds older than the metric (bench reports it since
// issue 11): the mean share of gold chain lines inside trace.read.
//   IDX=rc.index.db node benchmarks/key-line-recall.mjs <build>/sidecar/dist eval/rocketchat-dev.json ['{"tokenBudget":16000}']
// Or of the answer prompts a relay run recorded (RUNDIR/<question id>/relay/req-NNN.txt, the last), for the
// questions of the set that have a gold chain: the share inside the sources read (`[n] path:a-b`
// headers) and the share inside the sources, the signature map (`path:` then `  [n] line: …`, or
// grouped by folder: `dir/`, `  file.ts:`, `    [n] line: …`) or an impact question's listing of
// every use (`  path:line [kind] …`),
// which is what bench's keyLineRecall counts (a signature is its definition's first line).
//   node benchmarks/key-line-recall.mjs --prompts RUNDIR eval/<set>.json
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The line ranges an answer prompt shows: its sources' headers, and the signature map's lines. */
export function promptRanges(prompt) {
	const bodies = [...prompt.matchAll(/^\[\d+\] (\S+):(\d+)-(\d+) /gm)].map((m) => ({
		file: m[1],
		startLine: Number(m[2]),
		endLine: Number(m[3]),
	}));
	const signatures = [];
	const at = prompt.indexOf("\nSignatures only:");
	// Two layouts: `path:` then `  [n] line: …` (answer/7 and older), or a folder `dir/`, then
	// `  file.ts:` under it, then `    [n] line: …` (answer/8: each folder printed once).
	// null outside a folder; "" under the repository's root, which answer/8 prints as `./`.
	let folder = null;
	let file = null;
	for (const line of at < 0
		? []
		: prompt
				.slice(at + 1)
				.split("\n")
				.slice(1)) {
		const dir = /^(\S+\/)$/.exec(line);
		if (dir) {
			folder = dir[1] === "./" ? "" : dir[1];
			file = null;
			continue;
		}
		const head = /^(\S+):$/.exec(line) ?? (folder !== null ? /^ {2}(\S+):$/.exec(line) : null);
		if (head) {
			file = line.startsWith(" ") ? (folder ?? "") + head[1] : head[1];
			continue;
		}
		// `[n] 124: …`, or `[n] 124-125: …` for an entry that spans lines (answer/9).
		const sig = /^ {2,4}(?:\[\d+\]|-) (\d+)(?:-(\d+))?: /.exec(line);
		if (sig && file) signatures.push({ file, startLine: Number(sig[1]), endLine: Number(sig[2] ?? sig[1]) });
		else if (!sig) {
			file = null;
			folder = null;
		}
	}
	// An impact question's listing of every use: `  path:line [kind] text` per site (bench counts
	// the sites it lists as material too).
	const listing = prompt.indexOf("\nEvery use the index knows");
	if (listing >= 0) {
		for (const line of prompt
			.slice(listing + 1)
			.split("\n")
			.slice(1)) {
			if (!line.trim()) break;
			const site = /^\s+(\S+):(\d+) \[/.exec(line);
			if (site) signatures.push({ file: site[1], startLine: Number(site[2]), endLine: Number(site[2]) });
		}
	}
	return { bodies, signatures };
}

const inside = (ranges, e) =>
	ranges.some((x) => x.file === e.file && x.startLine <= e.line && e.line <= x.endLine);
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

const USAGE = `usage:
  IDX=<index.db> node benchmarks/key-line-recall.mjs <build>/sidecar/dist eval/<set>.json ['{"tokenBudget":16000}']
  node benchmarks/key-line-recall.mjs --prompts <relay run dir> eval/<set>.json`;

if (!process.argv[2] || process.argv[2] === "--help" || process.argv[2] === "-h") {
	console.log(USAGE);
} else if (process.argv[2] === "--prompts") {
	const [, , , run, setPath] = process.argv;
	const gold = new Map(JSON.parse(readFileSync(setPath, "utf8")).questions.map((q) => [q.id, q]));
	const rows = [];
	for (const id of readdirSync(run).sort()) {
		const q = gold.get(id);
		// The answer prompt is the last request (req-003, or later when a request was sent again).
		const dir = join(run, id, "relay");
		const last = existsSync(dir)
			? readdirSync(dir)
					.filter((f) => /^req-\d+\.txt$/.test(f))
					.sort()
					.at(-1)
			: undefined;
		if (!q?.chain?.length || !last) continue;
		const file = join(dir, last);
		const { bodies, signatures } = promptRanges(readFileSync(file, "utf8"));
		const read = q.chain.filter((e) => inside(bodies, e)).length / q.chain.length;
		const all = q.chain.filter((e) => inside(bodies, e) || inside(signatures, e)).length / q.chain.length;
		rows.push({ id, read, withSignatures: all });
	}
	console.log(
		JSON.stringify({
			n: rows.length,
			read: mean(rows.map((r) => r.read)),
			withSignatures: mean(rows.map((r) => r.withSignatures)),
			questions: rows,
		}),
	);
} else {
	const [, , dist, setPath, cfg] = process.argv;
	const { IndexReader } = await import(`${dist}/index/reader.js`);
	const { ask } = await import(`${dist}/pipeline/ask.js`);
	const index = IndexReader.open(process.env.IDX);
	const set = JSON.parse(readFileSync(setPath, "utf8"));
	const shares = [];
	for (const q of set.questions) {
		if (!q.chain?.length) continue;
		const r = await ask(index, q.question, { config: cfg ? JSON.parse(cfg) : {} });
		shares.push(q.chain.filter((e) => inside(r.trace.read, e)).length / q.chain.length);
	}
	console.log(JSON.stringify({ keyLineRecall: mean(shares), n: shares.length }));
}
