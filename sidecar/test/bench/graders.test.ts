import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCitation, checkCitations } from "../../src/bench/citations.js";
import {
	chainCoverage,
	chainMisses,
	citationPrecision,
	citationValidity,
	coreRecallCited,
	coreRecallCitedTop10,
	coreRecallContext,
	type Evidence,
	keySymbolRecall,
} from "../../src/bench/graders.js";
import type { IndexReader } from "../../src/index/reader.js";
import { citation, label } from "./support/labels.js";
import { openTinyIndex } from "./support/tiny-index.js";

let index: IndexReader;
beforeAll(() => {
	index = openTinyIndex();
});
afterAll(() => index.close());

const evidence = (over: Partial<Evidence> = {}): Evidence => ({
	answer: "",
	read: [],
	citations: [],
	...over,
});

describe("citation check", () => {
	it("holds a private member's callback named by a dotted key, cited by its qualified name or defId", () => {
		const name = "Runner.#start.metrics.measure(jobs.v2/run)";
		for (const symbol of [name, `src/jobs/runner.ts#${name}`]) {
			const check = checkCitation(index, citation(1, "src/jobs/runner.ts", 5, 5, symbol));
			expect(check).toEqual({ valid: true, reason: "symbol's definition starts in range" });
		}
		expect(checkCitation(index, citation(1, "src/jobs/runner.ts", 2, 2, "Runner.#start")).valid).toBe(true);
		expect(checkCitation(index, citation(1, "src/jobs/runner.ts", 9, 10, name)).valid).toBe(false);
	});
	it("accepts a range that names the symbol, including a qualified or defId-style symbol", () => {
		expect(checkCitation(index, citation(1, "src/net/send.ts", 1, 3, "send")).valid).toBe(true);
		expect(
			checkCitation(index, citation(1, "src/push/push.ts", 4, 6, "PushSender.sendNativeNotification")).valid,
		).toBe(true);
		expect(
			checkCitation(index, citation(1, "src/push/push.ts", 3, 7, "src/push/push.ts#PushSender")).valid,
		).toBe(true);
	});

	it("rejects a range that misses the symbol", () => {
		const check = checkCitation(index, citation(1, "src/net/send.ts", 2, 3, "notify"));
		expect(check.valid).toBe(false);
		expect(check.reason).toContain("does not contain notify");
	});

	it("accepts a slice inside the cited definition, not one outside it", () => {
		const inside = checkCitation(index, citation(1, "src/net/send.ts", 2, 3, "send"));
		expect(inside.valid).toBe(true);
		expect(inside.reason).toContain("slice");
		expect(checkCitation(index, citation(1, "src/push/push.ts", 2, 2, "send")).valid).toBe(false);
	});

	it("does not accept a symbol that only appears inside a longer identifier", () => {
		// line 4 holds `sendNativeNotification`, which must not count as `send`
		expect(checkCitation(index, citation(1, "src/push/push.ts", 4, 4, "send")).valid).toBe(false);
	});

	it("rejects ranges outside the file, inverted ranges and files not in the index", () => {
		expect(checkCitation(index, citation(1, "src/net/send.ts", 1, 99, "send")).reason).toMatch(/outside/);
		expect(checkCitation(index, citation(1, "src/net/send.ts", 3, 1, "send")).valid).toBe(false);
		expect(checkCitation(index, citation(1, "src/net/send.ts", 0, 2, "send")).valid).toBe(false);
		expect(checkCitation(index, citation(1, "src/nope.ts", 1, 1, "send")).reason).toMatch(/not in the index/);
	});

	it("ignores the pipeline's own verified flag", () => {
		const [checked] = checkCitations(index, [
			{ ...citation(1, "src/net/send.ts", 2, 3, "notify"), verified: true },
		]);
		expect(checked?.check.valid).toBe(false);
	});
});

describe("core recall", () => {
	it("coreRecallContext counts a core file when any of its ranges was read", () => {
		const g = coreRecallContext(
			label(),
			evidence({ read: [{ file: "src/push/push.ts", startLine: 9, endLine: 9, defId: null }] }),
		);
		expect(g.score).toBe(0.5);
		expect(g.pass).toBe(false);
		expect(g.reason).toContain("src/net/send.ts");
	});

	it("coreRecallCited counts a file cited twice once, and only with a valid citation", () => {
		const citations = checkCitations(index, [
			citation(1, "src/push/push.ts", 3, 7, "PushSender"),
			citation(2, "src/push/push.ts", 4, 6, "sendNativeNotification"),
			citation(3, "src/net/send.ts", 2, 3, "notify"), // invalid: misses the symbol
		]);
		const g = coreRecallCited(label(), evidence({ citations }));
		expect(g.score).toBe(0.5);
		expect(g.reason).toMatch(/missing src\/net\/send\.ts/);
	});

	it("full marks pass", () => {
		const citations = checkCitations(index, [
			citation(1, "src/push/push.ts", 3, 7, "PushSender"),
			citation(2, "src/net/send.ts", 1, 3, "send"),
		]);
		expect(coreRecallCited(label(), evidence({ citations }))).toMatchObject({ pass: true, score: 1 });
	});
});

describe("answer focus", () => {
	it("coreRecallCitedTop10 only looks at the first ten citations by number", () => {
		const filler = Array.from({ length: 10 }, (_, i) =>
			citation(i + 1, "src/rooms/rooms.ts", 2, 2, "createRoom"),
		);
		const citations = checkCitations(index, [
			citation(12, "src/net/send.ts", 1, 3, "send"),
			...filler,
			citation(11, "src/push/push.ts", 3, 7, "PushSender"),
		]);
		expect(coreRecallCited(label(), evidence({ citations })).score).toBe(1);
		const top = coreRecallCitedTop10(label(), evidence({ citations }));
		expect(top.score).toBe(0);
		expect(top.reason).toMatch(/first 10 citations/);
		const early = checkCitations(index, [
			citation(1, "src/push/push.ts", 3, 7, "PushSender"),
			...filler.slice(1),
		]);
		expect(coreRecallCitedTop10(label(), evidence({ citations: early })).score).toBe(0.5);
	});

	it("citationPrecision is the share of valid citations in a labelled file (core, supporting or chain)", () => {
		const citations = checkCitations(index, [
			citation(1, "src/push/push.ts", 3, 7, "PushSender"),
			citation(2, "src/rooms/rooms.ts", 2, 2, "createRoom"),
			citation(3, "src/net/send.ts", 2, 3, "notify"), // invalid: left out
		]);
		expect(citationPrecision(label(), evidence({ citations })).score).toBe(0.5);
		const withSupporting = label({ supporting: ["src/rooms/rooms.ts"] });
		expect(citationPrecision(withSupporting, evidence({ citations }))).toMatchObject({
			pass: true,
			score: 1,
		});
		expect(citationPrecision(label(), evidence()).score).toBeNull();
	});
});

describe("chainCoverage", () => {
	const atCallSite = label({
		chain: [
			{ file: "src/push/push.ts", symbol: "callbacks.add", line: 9 },
			{ file: "src/net/send.ts", symbol: "send", line: 1 },
		],
	});

	it("covers a chain entry at a call site with any read range around its line", () => {
		const g = chainCoverage(
			atCallSite,
			evidence({
				read: [{ file: "src/push/push.ts", startLine: 8, endLine: 9, defId: "src/push/push.ts#(module)" }],
			}),
		);
		expect(g.score).toBe(0.5);
	});

	it("does not cover a call-site entry with a range in the same file that misses its line", () => {
		const g = chainCoverage(
			atCallSite,
			evidence({
				read: [{ file: "src/push/push.ts", startLine: 3, endLine: 7, defId: "src/push/push.ts#PushSender" }],
			}),
		);
		expect(g.score).toBe(0);
	});

	it("covers an entry by a read definition of the same last name segment elsewhere in its file", () => {
		const l = label({
			chain: [{ file: "src/push/push.ts", symbol: "Push.sendNativeNotification", line: 40 }],
		});
		const read = [
			{
				file: "src/push/push.ts",
				startLine: 4,
				endLine: 6,
				defId: "src/push/push.ts#PushSender.sendNativeNotification",
			},
		];
		expect(chainCoverage(l, evidence({ read })).score).toBe(1);
	});

	it("a same-named definition in another file does not count", () => {
		const l = label({ chain: [{ file: "src/other.ts", symbol: "send", line: 1 }] });
		const read = [{ file: "src/net/send.ts", startLine: 1, endLine: 3, defId: "src/net/send.ts#send" }];
		expect(chainCoverage(l, evidence({ read })).score).toBe(0);
	});

	it("covers entries through valid citations, but not through invalid ones", () => {
		const valid = checkCitations(index, [citation(1, "src/net/send.ts", 1, 3, "send")]);
		const invalid = checkCitations(index, [citation(1, "src/net/send.ts", 1, 99, "send")]);
		expect(chainCoverage(label(), evidence({ citations: valid })).score).toBe(0.5);
		expect(chainCoverage(label(), evidence({ citations: invalid })).score).toBe(0);
	});

	it("lists missed entries, telling a file never reached from a file reached at other lines", () => {
		const read = [
			{ file: "src/push/push.ts", startLine: 3, endLine: 7, defId: "src/push/push.ts#PushSender" },
		];
		expect(chainMisses(atCallSite, evidence({ read }))).toEqual([
			{ file: "src/push/push.ts", symbol: "callbacks.add", line: 9, fileReached: true },
			{ file: "src/net/send.ts", symbol: "send", line: 1, fileReached: false },
		]);
	});

	it("is null (not applicable) for a label without a chain", () => {
		expect(chainCoverage(label({ chain: [] }), evidence())).toMatchObject({ score: null, pass: true });
	});
});

describe("keySymbolRecall", () => {
	it("matches whole identifiers and dotted paths, case-sensitively", () => {
		const l = label({ keySymbols: ["send", "PushSender", "callbacks.add", "notify"] });
		const g = keySymbolRecall(
			l,
			evidence({ answer: "sendMessage calls `callbacks.add` from pushclass; notify()" }),
		);
		// `send` is only inside sendMessage, `PushSender` only in the wrong case
		expect(g.score).toBe(0.5);
		expect(g.reason).toContain("missing send, PushSender");
	});
});

describe("citationValidity", () => {
	it("is the share of valid citations, with reasons for the invalid ones", () => {
		const citations = checkCitations(index, [
			citation(1, "src/net/send.ts", 1, 3, "send"),
			citation(2, "src/net/send.ts", 2, 3, "notify"),
		]);
		const g = citationValidity(label(), evidence({ citations }));
		expect(g.score).toBe(0.5);
		expect(g.reason).toContain("[2]");
	});

	it("is null for an answer without citations", () => {
		expect(citationValidity(label(), evidence()).score).toBeNull();
	});
});
