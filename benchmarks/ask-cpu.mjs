// CPU and wall time of `ask()` per question, in one process with the index open (what a served
// question costs, without start-up): `node benchmarks/ask-cpu.mjs <build> INDEX QUESTIONS.json [RUNS]`,
// <build> a checkout with `npm run build` done (so two builds can be compared back to back).
// Prints one line per question (abstained, CPU ms, wall ms, material tokens) and the means.
import { readFileSync } from "node:fs";

const [build, indexPath, setPath, runsArg = "1"] = process.argv.slice(2);
if (!build || !indexPath || !setPath) {
	process.stderr.write("usage: node benchmarks/ask-cpu.mjs <build> INDEX QUESTIONS.json [RUNS]\n");
	process.exit(2);
}
const { IndexReader } = await import(`${build}/sidecar/dist/index/reader.js`);
const { ask } = await import(`${build}/sidecar/dist/pipeline/ask.js`);
const set = JSON.parse(readFileSync(setPath, "utf8"));
const index = IndexReader.open(indexPath);
const runs = Number(runsArg);
await ask(index, "how is a message sent?"); // warm the statement and outline caches
let cpuSum = 0;
let wallSum = 0;
let abstained = 0;
for (const q of set.questions) {
	let cpu = 0;
	let wall = 0;
	let r;
	for (let i = 0; i < runs; i++) {
		const c0 = process.cpuUsage();
		const t0 = performance.now();
		r = await ask(index, q.question);
		wall += performance.now() - t0;
		const c = process.cpuUsage(c0);
		cpu += (c.user + c.system) / 1000;
	}
	cpuSum += cpu / runs;
	wallSum += wall / runs;
	if (r.abstained) abstained++;
	console.log(
		[
			q.id.padEnd(36),
			String(r.abstained).padEnd(6),
			`cpu ${Math.round(cpu / runs)}`,
			`wall ${Math.round(wall / runs)}`,
			`material ${r.trace.material?.tokens ?? 0}`,
		].join("  "),
	);
}
const n = set.questions.length;
console.log(
	`abstained ${abstained}/${n}; mean cpu ${Math.round(cpuSum / n)} ms; mean wall ${Math.round(wallSum / n)} ms`,
);
index.close();
