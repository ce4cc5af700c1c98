/**
 * The loss stages on a real pipeline run (the mini-chat example): the trace says how much of each
 * file the material holds and which files the seeding had as candidates, and the bench charges an
 * uncited core file read whole, one named by a signature only, one scored but never seeded, and one
 * never a candidate to their own stages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMisses } from "../../src/bench/loss.js";
import { scoreQuestion } from "../../src/bench/score.js";
import { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { candidateTrace, heldTrace } from "../../src/pipeline/trace-stages.js";
import type { AskResult } from "../../src/pipeline/types.js";
import { fixtureIndexPath } from "../support/fixture-index.js";
import { label } from "./support/labels.js";

describe("trace fields of the loss stages", () => {
	const source = (
		file: string,
		role: "pick" | "caller" | "neighbour" | "module",
		unit: "whole" | "slice" | "signature" | "block",
	) => ({
		range: { file, startLine: 1, endLine: 2, defId: `${file}#x` },
		role,
		unit,
	});

	it("holds each file at the most the material reads of it; a caller's lines and an impact site are sites", () => {
		const held = heldTrace(
			[
				source("a.ts", "neighbour", "signature"),
				source("b.ts", "caller", "slice"),
				source("a.ts", "pick", "slice"),
				source("c.ts", "module", "block"),
				source("a.ts", "pick", "whole"),
				source("d.ts", "neighbour", "signature"),
			],
			[{ file: "d.ts" }, { file: "e.ts" }],
		);
		expect(held).toEqual([
			{ file: "a.ts", unit: "whole" },
			{ file: "b.ts", unit: "site" },
			{ file: "c.ts", unit: "block" },
			{ file: "d.ts", unit: "site" },
			{ file: "e.ts", unit: "site" },
		]);
	});

	it("lists the whole fused ranking and every scored definition's row id", () => {
		const files = [
			{ file: "x.ts", score: 2 },
			{ file: "y.ts", score: 1 },
		];
		expect(
			candidateTrace({
				files,
				relevance: new Map([
					[4, 0.5],
					[9, 0],
				]),
			}),
		).toEqual({
			fused: ["x.ts", "y.ts"],
			scored: [4, 9],
		});
	});
});

describe("loss stages on the mini-chat example", () => {
	let index: IndexReader;
	let result: AskResult;
	const question = "How do push notifications work?";
	beforeAll(async () => {
		index = IndexReader.open(await fixtureIndexPath());
		result = await ask(index, question, {});
	});
	afterAll(() => index.close());

	const cited = () => new Set(result.citations.map((c) => c.file));
	const fused = () => result.trace.candidates?.fused ?? [];
	/** The first file the material holds as `unit` that is not cited (and, if asked, that the fusion ranked). */
	const heldAs = (unit: string, ranked = false) =>
		result.trace.held?.find(
			(h) => h.unit === unit && !cited().has(h.file) && (!ranked || fused().includes(h.file)),
		)?.file ?? "(none)";

	it("charges a file read whole, one named by its signature only, one scored but not seeded, one never a candidate", () => {
		const readWhole = heldAs("whole", true);
		const signatureOnly = heldAs("signature");
		// A ddp health check: a definition of it is scored (its words), no channel ranks it.
		const scoredOnly = "apps/server/src/ddp/healthcheck.ts";
		// A client composer: no word of the question, no link to the push flow.
		const neverCandidate = "apps/client/src/views/room/MessageComposer.tsx";
		const pushService = "apps/server/src/services/push/PushService.ts";
		expect(cited()).toContain(pushService);
		const scored = scoreQuestion(
			label({
				id: "q-stages",
				question,
				core: [pushService, readWhole, signatureOnly, scoredOnly, neverCandidate],
			}),
			result,
			{ index, wallMs: 1, baseline: null, judge: null },
		);
		expect(scored.missed.map((m) => [m.file, m.stage, m.held])).toEqual([
			[readWhole, "read but not cited", "whole"],
			[signatureOnly, "named only", "signature"],
			[scoredOnly, "not seeded", undefined],
			[neverCandidate, "never a candidate", undefined],
		]);
		// The file read whole came through the fused ranking; the other two were never in it.
		expect(scored.missed[0]?.fused).toBe(fused().indexOf(readWhole) + 1);
		expect(scored.missed[2]?.fused).toBeUndefined();
		// Without the index's row ids a scored definition cannot be told from none: never a candidate.
		expect(
			findMisses({ core: [scoredOnly], trace: result.trace, citedFiles: cited() }).map((m) => m.stage),
		).toEqual(["never a candidate"]);
	});
});
