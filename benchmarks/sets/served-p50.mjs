#!/usr/bin/env node
// served-p50.mjs BUILD INDEX QUESTIONS.json — wall time of each offline ask of a question set the way the
// service, the MCP server and `codeask ask` run it (no measured LLM material: `measureMaterial: false`),
// one after another in one process; prints the lower median, the max and every time (ms). `codeask bench`
// also assembles the LLM material to measure it, so its p50 is the higher figure.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const [build, indexPath, questionsPath] = process.argv.slice(2);
if (!build || !indexPath || !questionsPath) {
	console.error("usage: served-p50.mjs BUILD INDEX QUESTIONS.json");
	process.exit(2);
}
const { ask } = await import(resolve(build, "sidecar/dist/pipeline/ask.js"));
const { IndexReader } = await import(resolve(build, "sidecar/dist/index/reader.js"));
const questions = JSON.parse(readFileSync(questionsPath, "utf8")).questions.map((q) => q.question);
const index = IndexReader.open(indexPath);
const ms = [];
for (const q of questions) {
	const t0 = performance.now();
	await ask(index, q, { measureMaterial: false });
	ms.push(Math.round(performance.now() - t0));
}
ms.sort((a, b) => a - b);
console.log(`p50 ${ms[Math.floor((ms.length - 1) / 2)]} ms, max ${ms.at(-1)} ms: ${ms.join(" ")}`);
