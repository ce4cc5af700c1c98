/**
 * Where a place of "Where to look" is cited: a decorated definition's head holds its declaration
 * line (examples/discovery/nest-gateway), a place told as calling a step holds that call, and a head is
 * never a slice read further down its body.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { callCited } from "../../src/pipeline/short/place-links.js";
import { headRange, readHead, withDeclarationLine } from "../../src/pipeline/short/places.js";
import { citationHolds } from "../../src/pipeline/verify.js";
import { presetIndexForSuite } from "../support/preset-index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../examples/discovery/nest-gateway");
const FILE = "src/digest/digest.processor.ts";

describe("a decorated definition's cited head", () => {
	const index = presetIndexForSuite(REPO);

	it("runs from the decorator on to the line that names the definition", () => {
		const cls = index()
			.defsInFile(FILE)
			.find((d) => d.qualifiedName === "DigestProcessor");
		const method = index()
			.defsInFile(FILE)
			.find((d) => d.qualifiedName === "DigestProcessor.weekly");
		// `@Processor({ name: "digest" })` on line 5 over `export class DigestProcessor {` on line 6.
		expect(cls?.startLine).toBe(5);
		expect(method?.startLine).toBe(7);
		if (!cls || !method) return;
		const head = withDeclarationLine(index(), cls, { startLine: 5, endLine: 5 });
		expect(head).toEqual({ startLine: 5, endLine: 6 });
		expect(index().fileLines(FILE, head.endLine, head.endLine)?.[0]).toContain("class DigestProcessor");
		expect(withDeclarationLine(index(), method, { startLine: 7, endLine: 7 })).toEqual({
			startLine: 7,
			endLine: 8,
		});
		// A head that holds the name already, or starts elsewhere, is left as it is.
		expect(withDeclarationLine(index(), cls, { startLine: 5, endLine: 10 })).toEqual({
			startLine: 5,
			endLine: 10,
		});
		expect(withDeclarationLine(index(), method, { startLine: 8, endLine: 8 })).toEqual({
			startLine: 8,
			endLine: 8,
		});
		expect(citationHolds(index(), { n: 1, file: FILE, ...head, symbol: cls.qualifiedName })).toBe(true);
	});
});

describe("a place cited for its call to a step", () => {
	it("holds the call: the head run on to a call close below, the call's own line when it is far", () => {
		const head = { startLine: 18, endLine: 18 };
		expect(callCited(head, null)).toEqual(head);
		expect(callCited({ startLine: 18, endLine: 29 }, 25)).toEqual({ startLine: 18, endLine: 29 });
		expect(callCited(head, 30)).toEqual({ startLine: 18, endLine: 30 });
		expect(callCited(head, 108)).toEqual({ startLine: 108, endLine: 108 });
	});
});

describe("a place's head when its definition was read in slices", () => {
	it("is the read range holding the definition's first line, else the definition's own first lines", () => {
		const def = { startLine: 28, endLine: 300 };
		// The slice around a key hop (line 166) was read before the signature line: the head is still line 28.
		const slices = [
			{ startLine: 166, endLine: 166 },
			{ startLine: 28, endLine: 28 },
		];
		expect(readHead(def, slices)).toEqual({ startLine: 28, endLine: 28 });
		// Only a slice read: no read head, so the head is the definition's first twelve lines.
		expect(readHead(def, [{ startLine: 166, endLine: 170 }])).toBeUndefined();
		const whole = { file: "a.ts", startLine: 28, endLine: 300 } as Parameters<typeof headRange>[0];
		expect(headRange(whole, readHead(def, [{ startLine: 166, endLine: 170 }]))).toEqual({
			startLine: 28,
			endLine: 39,
		});
		expect(readHead({ startLine: null }, slices)).toBeUndefined();
	});
});
