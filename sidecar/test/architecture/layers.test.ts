/**
 * The sidecar's layering (README), read from its resolved import graph: cli → server / mcp / bench → repos
 * → pipeline / overview (with prompts, diagram, export) → trunks / indexer / graph / outline → syntax /
 * workspace → index / llm / feedback / http → shared and src's top-level utilities. A module imports from
 * its own layer or the ones below; an arrow running back up (the index importing the pipeline) ties a low
 * layer to everything above it. Within a layer the folders' imports run one way too: two folders importing
 * each other (directly or round a ring) are one knot, neither usable without the other; so are two
 * files, in one folder or across.
 * Biome's per-layer `noRestrictedImports` refuses such a specifier as it is written; this reads where each
 * import lands (`import type`, re-exports and `import()` too) and fails on a folder no layer names, which
 * Biome's lists would let through.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(fileURLToPath(new URL("../../src", import.meta.url)));

/** Top folders of sidecar/src, highest layer first; "." is the modules at src's top (logger, config, errors). */
const LAYERS: readonly (readonly string[])[] = [
	["cli", "scripts"],
	["server", "mcp", "bench"],
	["repos"],
	["pipeline", "overview", "prompts", "diagram", "export"],
	["trunks", "indexer", "graph", "outline"],
	["syntax", "workspace"],
	["index", "llm", "feedback", "http"],
	["."],
];

interface Arrow {
	from: string;
	to: string;
}

const layerOf = (folder: string) => LAYERS.findIndex((l) => l.includes(folder));

/** The top folder of src a file sits in ("." for src's own modules). */
function topFolder(file: string): string {
	const parts = relative(SRC, file).split(sep);
	return parts.length === 1 ? "." : (parts[0] ?? ".");
}

/**
 * A module a file loads by its URL (`new Worker(new URL("./extract-worker.js", import.meta.url))`,
 * a bundled extractor's address): an import no import statement shows.
 */
const MODULE_URL = /new URL\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Every relative import of the files under `root` (type-only, re-exports and dynamic ones included,
 * and modules loaded by URL), as src files.
 */
function importArrows(root: string): Arrow[] {
	const arrows: Arrow[] = [];
	for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile() || !/\.ts$/.test(entry.name)) continue;
		const file = join(entry.parentPath, entry.name);
		const text = readFileSync(file, "utf8");
		const { importedFiles } = ts.preProcessFile(text, true, true);
		const loaded = [...text.matchAll(MODULE_URL)].map((m) => m[1] as string);
		for (const { fileName } of importedFiles)
			if (fileName.startsWith(".")) arrows.push({ from: file, to: resolve(dirname(file), fileName) });
		// A URL may name a file outside src (the built CLI a script spawns): no layer's business.
		for (const to of loaded.map((l) => resolve(dirname(file), l)))
			if (!relative(SRC, to).startsWith("..")) arrows.push({ from: file, to });
	}
	return arrows;
}

/** Arrows from a layer to a higher one, and folders no layer names (a new folder must be placed). */
function layerBreaks(arrows: readonly Arrow[]): { upward: string[]; unplaced: string[] } {
	const upward = new Set<string>();
	const unplaced = new Set<string>();
	for (const { from, to } of arrows) {
		const [a, b] = [topFolder(from), topFolder(to)];
		for (const folder of [a, b]) if (layerOf(folder) < 0) unplaced.add(folder);
		if (layerOf(a) >= 0 && layerOf(b) >= 0 && layerOf(b) < layerOf(a))
			upward.add(`${relative(SRC, from)} → ${relative(SRC, to)}`);
	}
	return { upward: [...upward].sort(), unplaced: [...unplaced].sort() };
}

/** Rings of top folders importing each other (each ring's folders sorted, rings sorted); none when one-way. */
function folderCycles(arrows: readonly Arrow[]): string[][] {
	const next = new Map<string, Set<string>>();
	for (const { from, to } of arrows) {
		const [a, b] = [topFolder(from), topFolder(to)];
		if (a === b) continue;
		const out = next.get(a) ?? new Set<string>();
		out.add(b);
		next.set(a, out);
	}
	const reaches = (from: string, to: string): boolean => {
		const seen = new Set([from]);
		const todo = [from];
		for (let at = todo.pop(); at !== undefined; at = todo.pop())
			for (const b of next.get(at) ?? []) {
				if (b === to) return true;
				if (seen.has(b)) continue;
				seen.add(b);
				todo.push(b);
			}
		return false;
	};
	// Two folders are in one ring when each reaches the other.
	const rings = new Map<string, string[]>();
	for (const a of next.keys()) {
		const ring = [...next.keys()].filter((b) => a === b || (reaches(a, b) && reaches(b, a))).sort();
		if (ring.length > 1) rings.set(ring.join(" "), ring);
	}
	return [...rings.values()].sort((x, y) => (x.join() < y.join() ? -1 : 1));
}

/**
 * Rings of files importing each other (each ring's files under src, sorted; rings sorted): Tarjan's
 * strongly connected components of the file graph, those of more than one file. A ring of modules
 * is one module in pieces: none loads, is tested or is read without the others.
 */
function fileCycles(arrows: readonly Arrow[]): string[][] {
	const source = (file: string) => relative(SRC, file).replace(/\.js$/, ".ts");
	const next = new Map<string, string[]>();
	for (const { from, to } of arrows) {
		const a = source(from);
		next.set(a, [...(next.get(a) ?? []), source(to)]);
	}
	const order = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const rings: string[][] = [];
	const visit = (v: string): void => {
		order.set(v, order.size);
		low.set(v, order.get(v) as number);
		stack.push(v);
		onStack.add(v);
		for (const w of next.get(v) ?? []) {
			if (!order.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
			} else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, order.get(w) as number));
		}
		if (low.get(v) !== order.get(v)) return;
		const ring: string[] = [];
		for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
			onStack.delete(w);
			ring.push(w);
			if (w === v) break;
		}
		if (ring.length > 1) rings.push(ring.sort());
	};
	for (const v of [...next.keys()].sort()) if (!order.has(v)) visit(v);
	return rings.sort((x, y) => (x.join() < y.join() ? -1 : 1));
}

/** A src file by its path under src (a test's made-up arrows). */
const at = (path: string) => join(SRC, path);

describe("sidecar layering", () => {
	it("has no import running from a lower layer up to a higher one, and places every folder", () => {
		const arrows = importArrows(SRC);
		// The walk reads the tree: a walk finding nothing would pass any graph.
		expect(arrows.length).toBeGreaterThan(500);
		expect(layerBreaks(arrows)).toEqual({ upward: [], unplaced: [] });
	});

	it("has no two folders importing each other, directly or round a ring", () => {
		expect(folderCycles(importArrows(SRC))).toEqual([]);
	});

	it("has no two files importing each other, directly or round a ring", () => {
		expect(fileCycles(importArrows(SRC))).toEqual([]);
	});

	it("reports files importing each other, and a ring of three, inside one folder or across", () => {
		const arrows: Arrow[] = [
			{ from: at("pipeline/answer.ts"), to: at("pipeline/in-short.js") },
			{ from: at("pipeline/in-short.ts"), to: at("pipeline/answer.js") },
			{ from: at("trunks/eval.ts"), to: at("trunks/families.js") },
			{ from: at("trunks/families.ts"), to: at("syntax/strip.js") },
			{ from: at("syntax/strip.ts"), to: at("trunks/eval.js") },
			{ from: at("pipeline/ask.ts"), to: at("pipeline/answer.js") },
			{ from: at("pipeline/ask.ts"), to: at("logger.js") },
		];
		expect(fileCycles(arrows)).toEqual([
			[`pipeline${sep}answer.ts`, `pipeline${sep}in-short.ts`],
			[`syntax${sep}strip.ts`, `trunks${sep}eval.ts`, `trunks${sep}families.ts`],
		]);
	});

	it("reports folders importing each other, and a ring of three", () => {
		const arrows: Arrow[] = [
			{ from: at("server/app.ts"), to: at("repos/view.js") },
			{ from: at("repos/view.ts"), to: at("server/index-holder.js") },
			{ from: at("pipeline/ask.ts"), to: at("overview/classify.js") },
			{ from: at("overview/index.ts"), to: at("diagram/mermaid.js") },
			{ from: at("diagram/dot.ts"), to: at("pipeline/types.js") },
			{ from: at("trunks/walk.ts"), to: at("syntax/unwrap.js") },
			{ from: at("indexer/defs.ts"), to: at("syntax/unwrap.js") },
			{ from: at("pipeline/ask.ts"), to: at("pipeline/rank.js") },
		];
		expect(folderCycles(arrows)).toEqual([
			["diagram", "overview", "pipeline"],
			["repos", "server"],
		]);
	});

	it("reports an arrow running back up, and a folder no layer names", () => {
		const arrows: Arrow[] = [
			{ from: at("pipeline/ask.ts"), to: at("index/reader.js") },
			{ from: at("index/reader.ts"), to: at("pipeline/rank.js") },
			{ from: at("pipeline/ask.ts"), to: at("logger.js") },
			{ from: at("cache/store.ts"), to: at("index/reader.js") },
		];
		expect(layerBreaks(arrows)).toEqual({
			upward: [`index${sep}reader.ts → pipeline${sep}rank.js`],
			unplaced: ["cache"],
		});
	});
});
