import { describe, expect, it } from "vitest";
import type { DefRow, FileRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { MODEL_PLACES, NO_FLOW_FILES, WHERE_TO_LOOK } from "../../src/pipeline/short/places.js";
import { defRow, edgeGraph } from "../support/defs.js";

const concept = (word: string) => ({ word, stems: [word], related: [], weight: 1 });
const words = conceptVector({ concepts: ["invoice", "export"].map(concept) });

/** The files the answer lists as places (under either heading), in order. */
const placeFiles = (body: string) =>
	[
		...(body.split(/\*\*(?:Where to look|Other places that match)\*\*/)[1] ?? "").matchAll(
			/^- .* in `([^`]+)`/gm,
		),
	].map((m) => m[1]);

describe("the short answer's places when no flow is found", () => {
	// Fourteen definitions in fourteen files, ranked in this order; only the first two may be linked.
	const defs = Array.from({ length: 14 }, (_, i) =>
		defRow(`src/mod${i}/invoice${i}.ts`, `exportInvoice${i}`),
	);
	const handMade = { order: defs, fileScore: new Map<string, number>() };
	const ask = (
		edges: Parameters<typeof edgeGraph>[1],
		ranking: typeof handMade & { placesOrder?: DefRow[] } = handMade,
	) => {
		const g = edgeGraph(defs, edges, (s) => ({ file: s.file, line: s.startLine }));
		const rows: FileRow[] = defs.map((d, id) => ({
			id,
			path: d.file as string,
			packageName: "p",
			lineCount: 10,
		}));
		const index: PathIndex & { files: () => FileRow[] } = {
			...g,
			fileLines: () => ["await exportInvoice1(x);"],
			files: () => rows,
		};
		return shortAnswer(index, "How are invoices exported?", [], ranking, words).body;
	};

	it("cites the first NO_FLOW_FILES ranked files: the places are the answer", () => {
		const body = ask([]);
		// The best match and the runner-up ("Also close") in In short, the rest as places.
		expect(placeFiles(body)).toEqual(defs.slice(2, NO_FLOW_FILES).map((d) => d.file));
		expect(body).not.toContain((defs[NO_FLOW_FILES] as DefRow).file);
	});

	it("keeps WHERE_TO_LOOK places beside a flow through two files", () => {
		const [entry, callee] = defs as [DefRow, DefRow];
		const places = placeFiles(ask([[entry, callee, "call"]]));
		expect(places).toHaveLength(WHERE_TO_LOOK);
		expect(places).not.toContain(callee.file);
	});

	it("adds the places model's best file the hand-made places left out, beside a flow only", () => {
		// The model's order puts the last ranked file first.
		const placesOrder = [...defs].reverse();
		const [entry, callee] = defs as [DefRow, DefRow];
		const withFlow = placeFiles(ask([[entry, callee, "call"]], { ...handMade, placesOrder }));
		const without = placeFiles(ask([[entry, callee, "call"]]));
		expect(withFlow).toHaveLength(WHERE_TO_LOOK + MODEL_PLACES);
		expect(withFlow.slice(0, WHERE_TO_LOOK)).toEqual(without);
		expect(withFlow.at(-1)).toBe((defs.at(-1) as DefRow).file);
		// No flow: the places are the answer, as many as before.
		expect(placeFiles(ask([], { ...handMade, placesOrder }))).toEqual(placeFiles(ask([])));
	});
});
