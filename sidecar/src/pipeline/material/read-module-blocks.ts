/**
 * The second pass: module-level blocks (register calls, start-up blocks, config from the
 * environment, header comments, an entry file's wiring) of the files read, best files first, then
 * of the entry files (index, main) of the chains' folders and of the packages read.
 */
import type { Skeleton } from "../skeleton.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, reachedCandidate } from "./candidate.js";
import type { MaterialIndex } from "./material-index.js";
import { type BlockKind, MAX_BLOCK_LINES, type ModuleBlock, moduleBlocks } from "./modules.js";
import type { MaterialSource } from "./types.js";

/**
 * Module-level blocks: this share of the budget on top of what the bodies took. 4% gained the
 * readers' run a line but lost the entry files' wiring blocks that come last (session 16).
 */
const MODULE_SHARE = 0.07;
/** Entry files whose wiring (side-effect imports, re-exports) and module-level blocks are read. */
const ENTRY_FILES = 12;
/** Lines of an entry file's wiring block read (its head: the rest is more of the same). */
const WIRING_LINES = 6;
/** Files whose module-level blocks are read, and blocks per file. */
const MODULE_FILES = 40;
const BLOCKS_PER_FILE = 4;

/** A module-level block chosen to be read: its owner candidate, its lines and its label. */
export interface PlannedBlock {
	c: Candidate;
	start: number;
	end: number;
	label: string;
}

/**
 * Does a block of `kind` name no key, so that it can wait for what the map leaves: a header comment,
 * config from the environment, the wiring of an entry file that is not a chain folder's (a package's
 * index read because one of its definitions is). Register and start-up blocks name the key or the
 * start a flow hangs on; a chain folder's entry wires the feature asked about. With the stand-in
 * model's picks the others held no line of a gold chain on the four dev sets (~480 of 16,000 tokens).
 */
export function namesNoKey(kind: BlockKind, chainEntry: boolean): boolean {
	return kind === "header" || kind === "env" || (kind === "wiring" && !chainEntry);
}

/**
 * Add the module-level blocks worth reading, within `MODULE_SHARE` of `budget` past what is spent.
 * With `contextLast`, the blocks that name no key (`namesNoKey`) are not read now: they are returned,
 * in reading order, for `readPlannedBlocks` to read when the map has had its room.
 */
export function readModuleBlocks(
	a: Assembly,
	skeletons: readonly Skeleton[],
	words: readonly string[],
	budget: number,
	contextLast = false,
): PlannedBlock[] {
	const deferred: PlannedBlock[] = [];
	const index = a.index;
	// The entry files wire a feature together: first those of the chains' folders, then of the packages read.
	const { entries: all, chainEntries } = entryFiles(index, skeletons, a.sources);
	const entries = all.filter((f) => !a.sources.some((s) => s.range.file === f));
	const files = [...a.files().slice(0, MODULE_FILES), ...entries];
	const moduleLimit = Math.min(budget, a.spent + budget * MODULE_SHARE);
	for (const file of files) {
		const module = index.def(`${file}#(module)`);
		if (!module) continue;
		const owner = a.firstSourceIn(file);
		const c = reachedCandidate(
			module,
			{ depth: owner?.node.depth ?? 0, via: "module", from: null, relevance: 0 },
			owner?.chain ?? "entry",
			"module",
		);
		const readStarts = a.sources
			.filter((s) => s.range.file === file && s.unit !== "block")
			.map((s) => s.node.def.startLine ?? 0);
		for (const b of pickBlocks(index, file, words, readStarts, entries.includes(file))) {
			const end = Math.min(
				b.endLine,
				b.startLine + (b.kind === "wiring" ? WIRING_LINES : MAX_BLOCK_LINES) - 1,
			);
			const label = `module-level ${b.kind}: ${b.label}${end < b.endLine ? ` (head of ${b.startLine}-${b.endLine})` : ""}`;
			if (contextLast && namesNoKey(b.kind, chainEntries.has(file)))
				deferred.push({ c, start: b.startLine, end, label });
			else a.add(c, b.startLine, end, "block", label, moduleLimit);
		}
	}
	return deferred;
}

/** Read the blocks `readModuleBlocks` left for later, in its order, each if it fits `limit`. */
export function readPlannedBlocks(a: Assembly, blocks: readonly PlannedBlock[], limit: number): void {
	for (const b of blocks) a.add(b.c, b.start, b.end, "block", b.label, limit);
}

/**
 * The module-level blocks worth reading in a file, best first: the head of a register call whose
 * handler the material reads (`api.addRoute('notes.create', …, { post() … })`: the route
 * string sits before the handler's definition), register calls naming the question's words (more
 * words first) or at a key site, start-up blocks, config from the environment, the header.
 */
function pickBlocks(
	index: MaterialIndex,
	file: string,
	words: readonly string[],
	readStarts: readonly number[],
	entry = false,
): ModuleBlock[] {
	const content = index.fileContent(file);
	if (!content) return [];
	const lines = content.split("\n");
	const blocks = moduleBlocks(lines, index.defsInFile(file));
	if (!blocks.length) return [];
	const siteLines = index
		.dispatchSitesInFile(file)
		.filter((s) => s.enclosingDefId?.endsWith("#(module)"))
		.map((s) => s.line);
	const long = words.filter((w) => w.length >= 4);
	const mentions = (b: ModuleBlock) => {
		const head = lines
			.slice(b.startLine - 1, Math.min(b.endLine, b.startLine + MAX_BLOCK_LINES - 1))
			.join(" ")
			.toLowerCase();
		return long.filter((w) => head.includes(w)).length;
	};
	const score = (b: ModuleBlock) => {
		const m = mentions(b);
		if (b.kind === "register") {
			const wraps = readStarts.some((l) => l > b.endLine && l <= b.endLine + 3);
			const atSite = siteLines.some((l) => b.startLine <= l && l <= b.endLine);
			return (wraps ? 6 : 0) + (m ? 3 + m / 10 : 0) + (atSite ? 1 : 0);
		}
		if (b.kind === "startup") return 3 + m / 10;
		// Wiring says how a feature is put together in an entry file; elsewhere it is imports.
		if (b.kind === "wiring") return entry ? 5 : 0;
		if (b.kind === "env") return (m ? 3 : 2) + m / 10;
		return 1; // header
	};
	return blocks
		.map((b) => ({ b, s: score(b) }))
		.filter((x) => x.s > 0)
		.sort((x, y) => y.s - x.s || x.b.startLine - y.b.startLine)
		.slice(0, BLOCKS_PER_FILE)
		.map((x) => x.b);
}

const ENTRY_NAMES = ["index.ts", "index.tsx", "index.js", "main.ts", "main.js"];

/** Entry files (index, main) of the chains' folders and of the packages whose definitions are read. */
function entryFiles(
	index: MaterialIndex,
	skeletons: readonly Skeleton[],
	sources: readonly MaterialSource[],
): { entries: string[]; chainEntries: Set<string> } {
	const dirs: string[] = [];
	const addDir = (d: string) => {
		if (!dirs.includes(d)) dirs.push(d);
	};
	for (const sk of skeletons) for (const p of sk.chain.paths) if (p) addDir(p);
	const chainDirs = dirs.length;
	const packageDirs = new Map(index.packages().map((p) => [p.name, p.dir]));
	for (const s of sources) {
		const dir = s.node.def.packageName ? packageDirs.get(s.node.def.packageName) : undefined;
		if (dir === undefined) continue;
		addDir(dir ? `${dir}/src` : "src");
		addDir(dir);
	}
	const out: string[] = [];
	const chainEntries = new Set<string>();
	for (const [i, dir] of dirs.entries()) {
		if (out.length >= ENTRY_FILES) break;
		const file = ENTRY_NAMES.map((n) => (dir ? `${dir}/${n}` : n)).find((f) => index.def(`${f}#(module)`));
		if (!file || out.includes(file)) continue;
		out.push(file);
		if (i < chainDirs) chainEntries.add(file);
	}
	return { entries: out, chainEntries };
}
