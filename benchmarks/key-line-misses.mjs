// Where the gold chain lines the offline material misses are, per line and bucketed (Session 25):
//   node benchmarks/key-line-misses.mjs <build>/sidecar/dist IDX eval/<set>.json OUT.json
// Each chain entry of a question with a chain is asked offline and put in one bucket: `in` (a
// range of trace.read holds its line), its file never in the material (`file: …`: in the
// skeleton only, seeded, in the seeding's fused first 40, or never), or its file held and the
// line missed: `module-level` (no definition holds the line), the innermost definition holding
// it listed only as a signature (`line deeper`), read in slices that leave the line out, only an
// enclosing or inner definition read, or not named at all. OUT.json gets one row per entry.
import { readFileSync, writeFileSync } from "node:fs";

const [, , dist, idx, setPath, out] = process.argv;
const { IndexReader } = await import(`${dist}/index/reader.js`);
const { ask } = await import(`${dist}/pipeline/ask.js`);
const index = IndexReader.open(idx);
const set = JSON.parse(readFileSync(setPath, "utf8"));
const rows = [];
const counts = {};
for (const q of set.questions) {
	if (!q.chain?.length) continue;
	const r = await ask(index, q.question, {});
	const read = r.trace.read;
	const skel = new Set(r.trace.skeleton.flatMap((s) => s.defIds));
	const seeds = new Set(r.trace.seeds.map((s) => s.file));
	const fused = (r.trace.ranking?.fused ?? []).slice(0, 40);
	const readFiles = new Set(read.map((x) => x.file));
	for (const e of q.chain) {
		let bucket = "in";
		let def = null;
		if (!read.some((x) => x.file === e.file && x.startLine <= e.line && e.line <= x.endLine)) {
			const defs = index
				.defsInFile(e.file)
				.filter(
					(d) => d.startLine !== null && d.startLine <= e.line && e.line <= d.endLine && d.kind !== "module",
				);
			def = defs.sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0] ?? null;
			if (!index.file(e.file)) bucket = "not indexed";
			else if (!readFiles.has(e.file)) {
				bucket = index.defsInFile(e.file).some((d) => skel.has(d.defId))
					? "file: skeleton only"
					: seeds.has(e.file)
						? "file: seeded"
						: fused.includes(e.file)
							? "file: in fused40"
							: "file: never";
			} else if (!def) bucket = "held: module-level";
			else {
				const within = read.filter(
					(x) => x.file === e.file && x.startLine <= def.endLine && x.endLine >= def.startLine,
				);
				const own = within.filter((x) => x.defId === def.defId);
				const span = own.reduce((n, x) => n + x.endLine - x.startLine + 1, 0);
				bucket = own.length
					? span <= 3
						? "held: def as signature, line deeper"
						: "held: def sliced, line cut"
					: within.length
						? "held: enclosing/inner read, def not"
						: "held: def not named";
			}
		}
		counts[bucket] = (counts[bucket] ?? 0) + 1;
		rows.push({
			q: q.id,
			...e,
			bucket,
			def: def && { defId: def.defId, kind: def.kind, start: def.startLine, end: def.endLine },
		});
	}
}
writeFileSync(out, JSON.stringify(rows, null, 1));
console.log(setPath, counts);
