import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import { isFeatureHook } from "../../src/pipeline/path/entries.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import type { Concept } from "../../src/pipeline/query.js";
import { defRow, edgeGraph } from "../support/defs.js";

/** The hook's edges; no file text is read. */
const graph = (...args: Parameters<typeof edgeGraph>): PathIndex => ({
	...edgeGraph(...args),
	fileLines: () => [],
});

describe("a feature's callback on a shared hook", () => {
	const words = conceptVector({
		concepts: [
			{ word: "translate", stems: ["translat"], related: [], weight: 2 },
			{ word: "note", stems: ["note"], related: [], weight: 1 },
		] satisfies Concept[],
	});
	const hook = defRow(null, "afterSaveNote", "dispatch-key");
	const callback = (file: string) =>
		defRow(file, "Registry.register.callbacks.add(afterSaveNote)", "function");

	it("is a way in when the hook's key and its own file name different words of the question", () => {
		const own = callback("app/translator/server/registry.ts");
		const index = graph([hook, own], [[hook, own, "handler"]]);
		expect(isFeatureHook(index, own, words)).toBe(true);
	});

	it("is none in a file naming only the hook's own word, nor without the hook's handler edge", () => {
		const plain = callback("app/lib/server/notes.ts");
		expect(isFeatureHook(graph([hook, plain], [[hook, plain, "handler"]]), plain, words)).toBe(false);
		const unlinked: DefRow = callback("app/translator/server/registry.ts");
		expect(isFeatureHook(graph([hook, unlinked], []), unlinked, words)).toBe(false);
	});
});
