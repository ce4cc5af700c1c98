/**
 * Select and read: choose the skeleton nodes whose bodies go to the answer stage, round-robin
 * across chains (so no topic starves), roots first, until the token budget is spent; then read
 * each body by line range from the index.
 */
import type { IndexReader } from "../index/reader.js";
import type { PipelineConfig } from "./config.js";
import type { Skeleton, SkeletonNode } from "./skeleton.js";
import type { ReadRange } from "./types.js";

export interface ReadItem {
	range: ReadRange & { defId: string };
	chain: string;
	node: SkeletonNode;
	/** The lines read (possibly cut to `maxLinesPerNode`). */
	text: string;
	tokens: number;
}

export type ReadIndex = Pick<IndexReader, "fileLines"> &
	Partial<Pick<IndexReader, "edgesFrom" | "dispatchSitesInFile" | "def" | "packages">>;

/** Rough token count for code when no provider count is at hand: about four characters per token. */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

/** Order in which a chain's nodes are worth reading: roots, then by depth, then by relevance. */
export function readingOrder(sk: Skeleton): SkeletonNode[] {
	return sk.nodes
		.filter((n) => n.def.file && n.def.startLine !== null && n.def.endLine !== null)
		.sort((a, b) => a.depth - b.depth || b.relevance - a.relevance);
}

export function readNodes(
	index: ReadIndex,
	skeletons: readonly Skeleton[],
	config: PipelineConfig,
	count: (text: string) => number = estimateTokens,
): ReadItem[] {
	const queues = skeletons.map((sk) => ({ chain: sk.chain.id, nodes: readingOrder(sk) }));
	const items: ReadItem[] = [];
	const covered = new Map<string, [number, number][]>();
	let spent = 0;
	let progress = true;
	while (progress && spent < config.tokenBudget) {
		progress = false;
		for (const q of queues) {
			const node = q.nodes.shift();
			if (!node) continue;
			progress = true;
			const file = node.def.file as string;
			const start = node.def.startLine as number;
			const end = Math.min(node.def.endLine as number, start + config.maxLinesPerNode - 1);
			const ranges = covered.get(file) ?? [];
			if (ranges.some(([s, e]) => s <= start && end <= e)) continue; // already inside a read range
			const lines = index.fileLines(file, start, end);
			if (!lines) continue;
			const text = lines.join("\n");
			const tokens = count(text);
			if (spent + tokens > config.tokenBudget) continue; // a smaller node further on may still fit
			spent += tokens;
			ranges.push([start, end]);
			covered.set(file, ranges);
			items.push({
				range: { file, startLine: start, endLine: start + lines.length - 1, defId: node.def.defId },
				chain: q.chain,
				node,
				text,
				tokens,
			});
		}
	}
	if (index.def && index.packages && config.entryFiles > 0) {
		spent = readEntries(index as Required<ReadIndex>, items, skeletons, covered, spent, config, count);
	}
	if (index.edgesFrom && index.dispatchSitesInFile) {
		spent = readWindows(index as Required<ReadIndex>, items, skeletons, covered, spent, config, count);
	}
	return items;
}

const ENTRY_NAMES = ["index.ts", "index.tsx", "index.js", "main.ts", "main.js"];

/**
 * The entry files (index/main) of the chains' folders and of the packages read: they wire a
 * feature together (registrations, exports, start-up), so their head is worth reading.
 */
function readEntries(
	index: Required<ReadIndex>,
	items: ReadItem[],
	skeletons: readonly Skeleton[],
	covered: Map<string, [number, number][]>,
	spent: number,
	config: PipelineConfig,
	count: (text: string) => number,
): number {
	const dirs: string[] = [];
	const addDir = (d: string) => {
		if (!dirs.includes(d)) dirs.push(d);
	};
	for (const sk of skeletons) for (const p of sk.chain.paths) if (p) addDir(p);
	const packageDirs = new Map(index.packages().map((p) => [p.name, p.dir]));
	for (const item of items) {
		const dir = item.node.def.packageName ? packageDirs.get(item.node.def.packageName) : undefined;
		if (dir !== undefined) {
			addDir(dir ? `${dir}/src` : "src");
			addDir(dir);
		}
	}
	let taken = 0;
	for (const dir of dirs) {
		if (taken >= config.entryFiles || spent >= config.tokenBudget) break;
		for (const name of ENTRY_NAMES) {
			const file = dir ? `${dir}/${name}` : name;
			if (covered.has(file)) break;
			const module = index.def(`${file}#(module)`);
			if (!module) continue;
			const lines = index.fileLines(file, 1, config.maxLinesPerNode);
			if (!lines?.length) break;
			const text = lines.join("\n");
			const tokens = count(text);
			if (spent + tokens > config.tokenBudget) break;
			spent += tokens;
			taken++;
			covered.set(file, [[1, lines.length]]);
			const node: SkeletonNode = {
				def: module,
				depth: 0,
				via: "entry",
				from: null,
				nodeClass: "major",
				relevance: 0,
			};
			items.push({
				range: { file, startLine: 1, endLine: lines.length, defId: module.defId },
				chain: "entry",
				node,
				text,
				tokens,
			});
			break;
		}
	}
	return spent;
}

/**
 * Second pass, with what is left of the budget: the lines around the call sites a cut body makes
 * to other skeleton nodes (the hops themselves), and around the register/dispatch sites of every
 * file read (top-level `register('key', handler)` calls belong to no function).
 */
function readWindows(
	index: Required<ReadIndex>,
	items: ReadItem[],
	skeletons: readonly Skeleton[],
	covered: Map<string, [number, number][]>,
	spent: number,
	config: PipelineConfig,
	count: (text: string) => number,
): number {
	if (config.windowsPerNode === 0) return spent;
	const inSkeleton = new Set(skeletons.flatMap((sk) => sk.nodes.map((n) => n.def.id)));
	const wanted: { item: ReadItem; line: number; rank: number }[] = [];
	for (const item of [...items]) {
		const def = item.node.def;
		if ((def.endLine ?? 0) <= item.range.endLine) continue; // read whole
		const lines = index
			.edgesFrom(def.id)
			.filter(
				(e) =>
					e.line !== null &&
					e.file === def.file &&
					e.line > item.range.endLine &&
					e.line <= (def.endLine ?? 0),
			)
			.map((e) => ({
				line: e.line as number,
				rank: inSkeleton.has(e.dst) ? 0 : e.kind === "dispatch" || e.kind === "register" ? 1 : 2,
			}))
			.sort((a, b) => a.rank - b.rank || a.line - b.line);
		const seen = new Set<number>();
		for (const l of lines) {
			if (seen.has(l.line) || seen.size >= config.windowsPerNode) continue;
			seen.add(l.line);
			wanted.push({ item, line: l.line, rank: l.rank });
		}
	}
	const files = [...new Set(items.map((i) => i.range.file))];
	for (const file of files) {
		const owner = items.find((i) => i.range.file === file) as ReadItem;
		const sites = index.dispatchSitesInFile(file).slice(0, config.windowsPerNode);
		for (const site of sites) wanted.push({ item: owner, line: site.line, rank: 1 });
	}
	wanted.sort((a, b) => a.rank - b.rank);
	for (const w of wanted) {
		if (spent >= config.tokenBudget) break;
		const file = w.item.range.file;
		const ranges = covered.get(file) ?? [];
		if (ranges.some(([s, e]) => s <= w.line && w.line <= e)) continue;
		const start = Math.max(1, w.line - 1);
		const lines = index.fileLines(file, start, w.line + 1);
		if (!lines?.length) continue;
		const text = lines.join("\n");
		const tokens = count(text);
		if (spent + tokens > config.tokenBudget) continue;
		spent += tokens;
		ranges.push([start, start + lines.length - 1]);
		covered.set(file, ranges);
		items.push({
			range: { file, startLine: start, endLine: start + lines.length - 1, defId: w.item.node.def.defId },
			chain: w.item.chain,
			node: w.item.node,
			text,
			tokens,
		});
	}
	return spent;
}
