import { describe, expect, it } from "vitest";
import type { EdgeKind } from "../../src/index/schema.js";
import type { DefRow } from "../../src/index/types.js";
import { findPath } from "../../src/pipeline/path/find.js";
import { jointCallers } from "../../src/pipeline/path/joint-callers.js";
import { defRow, edgeGraphOverFiles } from "../support/defs.js";
import { plainConcepts } from "../support/path-fixture.js";

/**
 * Three ranked steps of an ingestion nothing ranked links (parse, write, enqueue), and the job body
 * running them unranked: one after another (`sequence`), or one of them by the event's kind (`switch`).
 * With `caller`, a ranked handler already calls parse and write.
 */
function ingestion(shape: "sequence" | "switch", opts: { caller?: boolean } = {}) {
	const body =
		shape === "sequence"
			? [
					"export async function runJob(job) {",
					"  const events = await parseEvents(job);",
					"  await writeEvents(events);",
					"  await enqueueScores(events);",
					"}",
				]
			: [
					"export async function runJob(job) {",
					"  switch (job.kind) {",
					"    case 'parse':",
					"      return parseEvents(job);",
					"    case 'write':",
					"      return writeEvents(job);",
					"    default:",
					"      return enqueueScores(job);",
					"  }",
					"}",
				];
	const job = defRow("worker/job.ts", "runJob", "function", { startLine: 1, endLine: body.length });
	const parse = defRow("lib/ingest/parse.ts", "parseEvents");
	const write = defRow("lib/ingest/write.ts", "writeEvents");
	const enqueue = defRow("lib/ingest/queue.ts", "enqueueScores");
	const handler = defRow("lib/ingest/handler.ts", "ingestHandler");
	const steps = [parse, write, enqueue];
	const edges: [DefRow, DefRow, EdgeKind][] = steps.map((d) => [job, d, "call"]);
	if (opts.caller) edges.push([handler, parse, "call"], [handler, write, "call"]);
	const lineOf =
		shape === "sequence"
			? { parseEvents: 2, writeEvents: 3, enqueueScores: 4 }
			: { parseEvents: 4, writeEvents: 6, enqueueScores: 8 };
	const index = edgeGraphOverFiles({ "worker/job.ts": body }, [job, handler, ...steps], edges, lineOf);
	const ranked = opts.caller ? [parse, write, enqueue, handler] : steps;
	return { index, ranked, job };
}

const words = plainConcepts("ingest", "events", "scores");
const names = (path: { def: DefRow }[]) => path.map((s) => s.def.name);

describe("a joint caller: code running several path candidates in sequence", () => {
	it("heads the path when it runs them one after another", () => {
		const { index, ranked } = ingestion("sequence");
		expect(names(findPath(index, ranked, {}, words))[0]).toBe("runJob");
	});

	it("is none when it picks one of them in a switch: dispatch, not a flow", () => {
		const { index, ranked } = ingestion("switch");
		expect(jointCallers(index, ranked, new Map(), () => false)).toEqual([]);
		expect(names(findPath(index, ranked, {}, words))).not.toContain("runJob");
	});

	it("counts only the candidates nothing in the graph steps into yet", () => {
		const { index, ranked, job } = ingestion("sequence");
		expect(jointCallers(index, ranked, new Map(), () => false).map((j) => j.def.id)).toEqual([job.id]);
		const called = new Set(ranked.slice(0, 2).map((d) => d.id));
		expect(jointCallers(index, ranked, new Map(), (id) => called.has(id))).toEqual([]);
		const withCaller = ingestion("sequence", { caller: true });
		expect(names(findPath(withCaller.index, withCaller.ranked, {}, words))).not.toContain("runJob");
	});
});
