/**
 * The incremental thread's result is checked where it enters the calling thread: a well-formed
 * result passes unchanged, anything else is one error naming the field.
 */
import { describe, expect, it } from "vitest";
import { checkIncrementalResult } from "../../src/indexer/incremental-result.js";

const result = {
	type: "done",
	dependents: [],
	globalFiles: ["src/globals.d.ts"],
	resolverProblems: [{ file: "/repo/tsconfig.json", reason: "cannot read", missingExtends: true }],
	extracted: {
		files: [
			{
				path: "src/a.ts",
				defs: [
					{
						defId: "src/a.ts#f",
						name: "f",
						qualifiedName: "f",
						kind: "function",
						startLine: 1,
						endLine: 3,
						signature: "f(): number",
						doc: null,
						description: null,
						exported: true,
						parentDefId: null,
					},
				],
				edges: [{ src: "src/a.ts#f", dst: "src/b.ts#g", kind: "call", line: 2 }],
				sites: null,
				savedSites: null,
				counts: { sites: [1, 0, 0, { "not-installed": 2 }], imports: [1, 1] },
				problems: [],
				unresolvedImports: [],
				bodies: "a,1k",
				imports: '[["./b",null]]',
			},
		],
		timings: { program: 10, defs: 1, edges: 2 },
	},
	cpu: 120,
	warmCpu: 80,
};

describe("the incremental thread's result", () => {
	it("passes as sent when well formed", () => {
		expect(checkIncrementalResult(structuredClone(result))).toEqual(result);
	});

	it("is refused with the field named when it is not", () => {
		const bad = structuredClone(result);
		(bad.extracted.files[0]?.edges[0] as { kind: string }).kind = "calls";
		expect(() => checkIncrementalResult(bad)).toThrow(
			/malformed result \(extracted\.files\.0\.edges\.0\.kind/,
		);
		expect(() => checkIncrementalResult({ type: "done" })).toThrow(/malformed result \(dependents/);
	});
});
