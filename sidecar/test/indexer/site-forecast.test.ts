/**
 * The forecast of what an edit does to a changed file's dispatch sites (site-forecast.ts): from the
 * previous text and the lines its saved records name, before the second thread's result.
 */
import { describe, expect, it } from "vitest";
import type { DispatchSiteRecord, SiteExtractor } from "../../src/index/types.js";
import { forecastSites, guessHolds, guessJoin, lineMap } from "../../src/indexer/site-forecast.js";

const site = (file: string, line: number, key: string): DispatchSiteRecord => ({
	trunk: "rpc",
	side: "register",
	key,
	rawKey: key,
	expression: `'${key}'`,
	file,
	line,
	enclosingDefId: null,
	handlerDefId: null,
	resolution: "checker",
	inScope: true,
});

/** A previous index holding these files' texts and saved sites. */
const previousOf = (files: Record<string, { text: string; sites: DispatchSiteRecord[] }>) => ({
	contentOf: (path: string) => files[path]?.text ?? null,
	savedSitesOf: (path: string) => {
		const sites = files[path]?.sites ?? [];
		return sites.length ? JSON.stringify(sites) : null;
	},
});

const lines = (n: number, tag = "l") => Array.from({ length: n }, (_, i) => `${tag}${i + 1}`).join("\n");

describe("site forecast", () => {
	it("maps the lines above and below an edit, and none inside it", () => {
		const before = lines(6);
		const after = before.replace("l3", "x\ny");
		const map = lineMap(before, after);
		expect(map.firstChanged).toBe(3);
		expect(map.moves).toBe(true);
		expect([1, 2, 3, 4, 5, 6].map(map.map)).toEqual([1, 2, undefined, 5, 6, 7]);
		// Lines only appended: nothing moves.
		const appended = lineMap(before, `${before}\nmore`);
		expect(appended.firstChanged).toBe(7);
		expect(appended.moves).toBe(false);
	});

	it("tells an edit below the sites, one moving them, and one among them", () => {
		const text = lines(10);
		const previous = previousOf({
			"a.ts": { text, sites: [site("a.ts", 4, "one"), site("a.ts", 6, "two")] },
		});
		const change = (content: string) => forecastSites([{ path: "a.ts", content }], previous, false).kind;
		expect(change(`${text}\nexport function more() {}`)).toBe("same");
		expect(change(`// a comment\n${text}`)).toBe("shift");
		// An edit between the sites that adds no line: they stay where they were.
		expect(change(text.replace("l5", "edited"))).toBe("same");
		expect(change(text.replace("l6", "edited"))).toBe("unknown");
		// A file the previous index did not hold, or files removed: no forecast.
		expect(forecastSites([{ path: "new.ts", content: text }], previous, false).kind).toBe("unknown");
		expect(forecastSites([{ path: "a.ts", content: `x\n${text}` }], previous, true).kind).toBe("unknown");
	});

	it("joins the moved sites and keeps the join only when the extracted sites are the guessed ones", () => {
		const text = lines(10);
		const files = {
			"a.ts": { text, sites: [site("a.ts", 4, "one")] },
			"b.ts": { text, sites: [site("b.ts", 2, "two")] },
		};
		const previous = previousOf(files);
		let joined: DispatchSiteRecord[] = [];
		const extractor: SiteExtractor = {
			extractFile: () => [],
			finalize: (sites) => {
				joined = sites.map((s) => ({ ...s }));
				return joined;
			},
		};
		const forecast = forecastSites([{ path: "a.ts", content: `x\ny\n${text}` }], previous, false);
		if (forecast.kind !== "shift") throw new Error(`forecast ${forecast.kind}`);
		const guess = guessJoin(extractor, [{ path: "a.ts" }, { path: "b.ts" }], forecast.maps, previous, "/r");
		expect(guess?.sites).toBe(joined);
		expect(joined.map((s) => `${s.file}:${s.line}`)).toEqual(["a.ts:6", "b.ts:2"]);
		const moved = JSON.stringify([site("a.ts", 6, "one")]);
		const changed = [{ path: "a.ts" }];
		if (!guess) throw new Error("no guess");
		expect(guessHolds(guess, changed, new Map([["a.ts", moved]]), previous)).toBe(true);
		// Another key, or a site more: the guess was not the input.
		const other = JSON.stringify([site("a.ts", 6, "three")]);
		expect(guessHolds(guess, changed, new Map([["a.ts", other]]), previous)).toBe(false);
		expect(guessHolds(guess, changed, new Map(), previous)).toBe(false);
		// A file re-extracted without being changed must have kept its sites.
		const both = [{ path: "a.ts" }, { path: "b.ts" }];
		const sitesOfB = previous.savedSitesOf("b.ts") as string;
		expect(
			guessHolds(
				guess,
				both,
				new Map([
					["a.ts", moved],
					["b.ts", sitesOfB],
				]),
				previous,
			),
		).toBe(true);
		expect(guessHolds(guess, both, new Map([["a.ts", moved]]), previous)).toBe(false);
	});
});
