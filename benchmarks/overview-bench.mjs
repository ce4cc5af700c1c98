// Timing of the overview (whole repository and one package) and of the package-graph PNG,
// in one process with the index already open: `node benchmarks/overview-bench.mjs INDEX [PACKAGE] [RUNS]`.
// Needs `npm run build` first. Prints JSON: per-run and median milliseconds.
import { packageGraphPng } from "../sidecar/dist/diagram/index.js";
import { IndexReader } from "../sidecar/dist/index/reader.js";
import { overview } from "../sidecar/dist/overview/index.js";

const [indexPath, pkg = "apps/meteor", runsArg = "5"] = process.argv.slice(2);
if (!indexPath) {
	process.stderr.write("usage: node benchmarks/overview-bench.mjs INDEX [PACKAGE] [RUNS]\n");
	process.exit(2);
}
const t0 = performance.now();
const index = IndexReader.open(indexPath);
const openMs = performance.now() - t0;
const runs = { repository: [], package: [], packageGraphPng: [] };
const time = async (list, fn) => {
	const start = performance.now();
	const value = await fn();
	list.push(Math.round(performance.now() - start));
	return value;
};
for (let i = 0; i < Number(runsArg); i++) {
	const whole = await time(runs.repository, () => overview(index));
	await time(runs.package, () => overview(index, { package: pkg }));
	await time(runs.packageGraphPng, () => packageGraphPng(whole.data));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const counts = index.counts();
index.close();
process.stdout.write(
	`${JSON.stringify(
		{
			index: counts,
			package: pkg,
			openMs: Math.round(openMs),
			runs,
			median: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)])),
		},
		null,
		2,
	)}\n`,
);
