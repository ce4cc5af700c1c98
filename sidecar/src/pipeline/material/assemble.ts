/**
 * The context assembler: between select and answer, in both modes. It ranks definitions along
 * the selected chains (the graph neighbourhood of each chain's seeds: a seed, then the hops it
 * makes, then the next seed), puts a definition of up to `wholeDefLines` lines in whole and a
 * longer one as slices (signature, the hops on the chain with the conditions around them, the
 * question's words), adds the far end of every key hop a chosen definition makes, the
 * module-level blocks of the files read, and, with what is left, one-line signatures of the
 * chain steps and direct neighbours that did not fit. The LLM's select picks lead.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { signatureLines } from "../../prompts/answer.js";
import type { PipelineConfig } from "../config.js";
import { BASE_IMPLEMENTATIONS, implementationsOf } from "../families.js";
import { isAuxiliaryPath } from "../match.js";
import { estimateTokens } from "../read.js";
import type { Skeleton, SkeletonNode } from "../skeleton.js";
import { keyHopEnds } from "./hops.js";
import { MAX_BLOCK_LINES, type ModuleBlock, moduleBlocks } from "./modules.js";
import { declarationStart, sliceDefinition } from "./slices.js";
import type { ImpactListing, Material, MaterialSource, SourceRole } from "./types.js";

export type MaterialIndex = Pick<
	IndexReader,
	| "fileLines"
	| "fileContent"
	| "edgesFrom"
	| "edgesTo"
	| "defById"
	| "def"
	| "dispatchSitesInFile"
	| "defsInFile"
	| "packages"
> &
	// Full-text search, for the definitions the question's words find that no stage reached.
	Partial<Pick<IndexReader, "searchDefs">>;

export interface AssembleInput {
	skeletons: readonly Skeleton[];
	/** defIds the LLM's select stage asked to read first, in its order. */
	picks?: readonly string[];
	/** Lower-case words (stems) of the question. */
	words: readonly string[];
	relevance: (def: DefRow) => number;
	/** For an impact question: every use of its subject (its tokens come off the budget first). */
	impact?: ImpactListing | null;
}

type Config = Pick<PipelineConfig, "tokenBudget" | "wholeDefLines" | "sliceLines"> &
	Partial<Pick<PipelineConfig, "pickWholeLines" | "pickSliceLines">>;

/**
 * How far the signature map reaches. The citation pool of the offline answer and the material
 * the answer stage reads are assembled alike but for the map: the material's map is counted
 * (and printed) grouped by folder, and the room that saves lists more of the files whose chain
 * steps are only signatures. The citation pool keeps the narrower map, so what the short answer
 * cites does not move with the material (benchmarks/answers.md, run 12 — material).
 */
export interface MapReach {
	/** Signatures listed under their folder, then file name (each printed once), not the whole path per file. */
	foldersInMap: boolean;
	/** Files whose chain steps are only signatures, outlined with what the rest leaves, and definitions each. */
	stepOutlineFiles: number;
	stepOutlineDefs: number;
	/**
	 * A top-level handler written into a module-level register call is listed (or read) from the
	 * call's head, which holds its key: `API.v1.addRoute('chat.sendMessage', …, { async post() {`,
	 * not `async post() {`.
	 */
	registerHeads: boolean;
	/** After the map's outlines: the lines where a signature-only chain step dispatches or registers a key. */
	keyHopLines: boolean;
	/**
	 * A decorated definition is named by its declaration line, not its first decorator's: its
	 * signature is that line, and a slice's signature runs down to it.
	 */
	declarationLines: boolean;
	/**
	 * Before the read files' outline: this many definitions of the files the material holds that
	 * no entry names, the best rated by the question's words and their edges to the material.
	 */
	heldFileDefs: number;
	/**
	 * After the chain steps: at most this many module-level register calls that plug in a handler
	 * the material names by its own definition (`callbacks.add('x', onX)` below `function onX`).
	 * 20 and 40 gave the same key lines on the four dev sets (run 15 — material): few questions
	 * have more such handlers in their material, and each line displaces a tail entry.
	 */
	registerLines: number;
	/**
	 * A long definition's slices go in by importance (its head, then the slice holding the most
	 * important hop, …), not top to bottom: when the budget runs out inside it, what is cut is the
	 * least important slice, not everything below the cut (run 17: `createRoom` held to line 163,
	 * its after-create callbacks lost). They are printed in line order all the same.
	 */
	slicesByImportance: boolean;
	/**
	 * The direct neighbours of the bodies read (what they call, who calls them) are listed before
	 * the read files' outline, not after it: a model file's outline (20 of its methods) otherwise
	 * takes the room of the function the body read calls (run 17: `loadMessageHistory`).
	 */
	neighboursBeforeOutline: boolean;
	/**
	 * After the bodies' neighbours: at most this many implementations of each interface (or stub)
	 * member the material names. A call into a model or service lands on its interface, whose line
	 * holds no code; the class that implements it is the hop's far end (run 17: `loadMessageHistory`
	 * calls `IMessagesModel.find…`, the answer needs `MessagesRaw.find…`).
	 */
	implementations: number;
	/**
	 * With them: at most this many module-level values each body read calls through, on the lines
	 * it shows (`Team.create(…)` → `export const Team = proxify<ITeamService>('team')`): where the
	 * object a flow calls comes from (a service proxy, a registered model, an app manager).
	 */
	valuesCalledThrough: number;
	/**
	 * A long definition the model asked for (a select pick) that the bodies' share held only in
	 * part gets the slices it had no room for back after the neighbours, planned at this many lines
	 * (0: none come back): the deciding hops deep in it. Run 17's `createRoom`, read as the callee
	 * of an earlier pick, kept lines 112, 184–188 and 200–201 and lost its app events and callbacks
	 * at 212–266. Not for a definition no pick names: offline, a long callee's rest took the room
	 * of the seeds' bodies and the key-hop lines at the map's tail (Excalidraw, Postiz).
	 */
	restOfSlices: number;
	/**
	 * For a question about how the repository is built or packaged, the sections of its root
	 * manifests (workspaces, scripts, build tasks, tsconfig bases), one line each, before the chain
	 * steps' signatures: no stage reaches a manifest by the question's words.
	 */
	rootManifests: boolean;
	/**
	 * A signature is printed without its return type and opening brace (`async nodeList()`, not
	 * `async nodeList(): Promise<IBrokerNode[]> {`), cut at `signatureChars`: a map line is a
	 * pointer to a definition, and the room the types took lists more definitions.
	 */
	compactSignatures: boolean;
	signatureChars: number;
	/**
	 * Before the bodies' neighbours: this many definitions the question's words find index-wide
	 * (full-text search) that no entry names yet, best rated first. The select stage names what the
	 * chains offer; a definition the question names outright may be on none of them.
	 */
	questionHits: number;
	/**
	 * Before the key-hop lines and the last bodies: the select picks of at most this many lines
	 * that no share had room for, read whole (what the model asked for, a few lines each).
	 */
	shortPicks: number;
	/**
	 * With select picks: a map entry the question's words rate below this that is neither a pick nor
	 * one hop from one (a pick's hop on a chain, a neighbour of a pick's body) waits for the map's
	 * tail (after the key-hop lines, which it then does not get), before the last bodies, best rated
	 * first (0: none waits). The model named what it wants read; the chain steps it passed over that
	 * the question's words barely rate took ~3,300 of the 16,000 tokens and held 1 key line in 60
	 * (llm-relay.md, Session 17), ahead of the outlines, short picks and the rest of the bodies.
	 * Offline there are no picks, and nothing waits.
	 */
	unpickedBelow: number;
}

/** The answer stage's material (and the LLM's prompt). */
export const MATERIAL_REACH: MapReach = {
	foldersInMap: true,
	stepOutlineFiles: 25,
	stepOutlineDefs: 12,
	registerHeads: true,
	keyHopLines: true,
	declarationLines: true,
	heldFileDefs: 20,
	registerLines: 20,
	slicesByImportance: true,
	neighboursBeforeOutline: true,
	implementations: 2,
	valuesCalledThrough: 3,
	restOfSlices: 90,
	rootManifests: true,
	compactSignatures: true,
	signatureChars: 40,
	questionHits: 10,
	shortPicks: 10,
	unpickedBelow: 2,
};
/**
 * The offline answer's citation pool: 15 files of 8 definitions, and paths per file (run 11 —
 * material: 30 files of 20 there gained Rocket.Chat a line and lost Hoppscotch's gain).
 */
export const CITATION_REACH: MapReach = {
	foldersInMap: false,
	stepOutlineFiles: 15,
	stepOutlineDefs: 8,
	registerHeads: false,
	keyHopLines: false,
	declarationLines: false,
	heldFileDefs: 0,
	registerLines: 0,
	slicesByImportance: false,
	neighboursBeforeOutline: false,
	implementations: 0,
	valuesCalledThrough: 0,
	restOfSlices: 0,
	rootManifests: false,
	compactSignatures: false,
	signatureChars: 44,
	questionHits: 0,
	shortPicks: 0,
	unpickedBelow: 0,
};

/**
 * Share of the budget the first pass of bodies may use; module-level blocks take the next share,
 * then the signature map of chain steps and neighbours (most chain steps are named at their
 * definition's first line, so the map is what lets a small budget span the whole flow); bodies
 * that did not fit come back with what is left.
 */
const BODY_SHARE = 0.25;
/**
 * The LLM's first `DEEP_PICKS` select picks (and a pick's wrapper) are read first, up to this share;
 * the later picks lead the other bodies within `BODY_SHARE`. Half the budget for every pick left
 * the signature map a third smaller than offline (benchmarks/answers.md, run 11 — material).
 */
const PICK_SHARE = 0.5;
/**
 * The select stage's first picks (what the model named first), which go in whole up to
 * `pickWholeLines` or as `pickSliceLines` of slices with the declarations their decisions read.
 */
const DEEP_PICKS = 3;
/**
 * Module-level blocks: this share of the budget on top of what the bodies took. 4% gained the
 * readers' run a line but lost the entry files' wiring blocks that come last (session 16).
 */
const MODULE_SHARE = 0.07;
/** Seed hops taken right after their seed in a chain's order (the rest follow after every seed). */
const HOPS_PER_SEED = 3;
/** Entry files whose wiring (side-effect imports, re-exports) and module-level blocks are read. */
const ENTRY_FILES = 12;
/** Lines of an entry file's wiring block read (its head: the rest is more of the same). */
const WIRING_LINES = 6;
/** Files whose module-level blocks are read, and blocks per file. */
const MODULE_FILES = 40;
const BLOCKS_PER_FILE = 4;
/** Direct neighbours listed as signatures per definition read. */
const NEIGHBOURS_PER_DEF = 4;
/** A class (or interface) longer than this gives its signature; its members are definitions of their own. */
const WHOLE_CLASS_LINES = 60;
/** Files whose other functions and methods are listed as signatures (an outline), and how many each. */
const OUTLINE_FILES = 30;
const OUTLINE_DEFS = 20;
/** Definitions past that cap the question's words rate, listed per file with what the neighbours leave. */
const OUTLINE_RELEVANT = 10;
const OUTLINE_KINDS = new Set(["function", "method", "class"]);
/** Containers whose head line comes with a member read. */
const CLASS_KINDS = new Set(["class", "interface", "variable", "object"]);
/**
 * Characters of a signature line shown at most (`MapReach.signatureChars`), after its leading
 * modifiers (`export default`, `public static`…): the map is where most chain steps are named, so
 * a shorter line lets it name more of them (56 with the modifiers: ~9% fewer lines,
 * benchmarks/answers.md run 11 — material).
 */
const MODIFIERS =
	/^(?:(?:export|default|declare|public|private|protected|static|readonly|abstract|override)\s+)+/;
/** Above this many users a definition's callers are not listed as its neighbours. */
const HOT_FAN_IN = 40;
const NEIGHBOUR_KINDS = new Set(["call", "new", "jsx", "implementation", "handler"]);
/** Chain hops out of a definition read whose bodies are read right after it (the path, depth first). */
const CALLEES_PER_DEF = 2;
const CALLEE_VIA = new Set(["call", "new", "jsx", "implementation"]);
/** Call sites shown per seed, lines either side, and the callers above which a seed is a helper. */
const CALLER_SITES = 1;
const CALLER_CONTEXT = 2;
const CALLER_FAN_IN = 5;
/** A wrapper applied at a definition is read when it is at most this long (a guard, not a framework). */
const WRAPPER_LINES = 40;
const WRAPPER_KINDS = new Set(["function", "method", "variable"]);
/** Module-level values a wrapper reads that come with it, and their length at most. */
const VALUES_PER_WRAPPER = 3;
const VALUE_LINES = 8;

/** The index with the lookups one assembly repeats (a file's lines, a definition's edges) memoised. */
export function memoIndex(index: MaterialIndex): MaterialIndex {
	const memo = <K, V>(fn: (k: K) => V) => {
		const cache = new Map<K, V>();
		return (k: K): V => {
			if (!cache.has(k)) cache.set(k, fn(k));
			return cache.get(k) as V;
		};
	};
	const content = memo((f: string) => index.fileContent(f));
	const lines = memo((f: string) => content(f)?.split("\n"));
	return {
		fileContent: content,
		fileLines: (f, s, e) => lines(f)?.slice(Math.max(0, s - 1), e),
		edgesFrom: memo((id: number) => index.edgesFrom(id)),
		edgesTo: memo((id: number) => index.edgesTo(id)),
		defById: memo((id: number) => index.defById(id)),
		def: (id) => index.def(id),
		dispatchSitesInFile: (f) => index.dispatchSitesInFile(f),
		defsInFile: memo((f: string) => index.defsInFile(f)),
		packages: () => index.packages(),
		...(index.searchDefs ? { searchDefs: index.searchDefs.bind(index) } : {}),
	};
}

/** A path's folder (with its trailing slash; "" at the root) and its file name. */
export function splitPath(file: string): { folder: string; name: string } {
	const i = file.lastIndexOf("/");
	return { folder: file.slice(0, i + 1), name: file.slice(i + 1) };
}

/**
 * Tokens a source costs in a prompt: its text and its header line. Signatures are listed one line
 * each under their file (the prompt prints the path once); `listed` says whether the map holds
 * the file already, or (grouped by folder) only its folder, which leaves the file name to print.
 */
export function sourceTokens(
	s: Pick<MaterialSource, "range" | "label" | "text" | "unit">,
	count = estimateTokens,
	listed: "file" | "folder" | false = false,
): number {
	if (s.unit === "signature") {
		const head =
			listed === "file" ? 0 : listed === "folder" ? count(splitPath(s.range.file).name) : count(s.range.file);
		return count(`[000] ${signatureLines(s.range)}: ${s.text.trim()}`) + head;
	}
	// The header also carries the role's note (`(other end of a key)`), and the code sits between fences.
	return (
		count(s.text) +
		count(
			`[00] ${s.range.file}:${s.range.startLine}-${s.range.endLine} — ${s.label} (${ROLE_NOTE_ALLOWANCE})`,
		) +
		count("\n```\n```\n")
	);
}

/** Characters allowed for the role note in a source's header (the longest note in prompts/answer.ts). */
const ROLE_NOTE_ALLOWANCE = "x".repeat(34);

interface Candidate {
	node: SkeletonNode;
	chain: string;
	role: SourceRole;
	/** Read within the picks' share: the wrapper of a pick (what the model asked for). */
	lead?: boolean;
	/** A pick's place in the select stage's order (0 = first). */
	pickRank?: number;
}

/** A chain's definitions in the order worth reading: each seed followed by its best hops, then the rest by depth. */
export function chainOrder(sk: Skeleton): SkeletonNode[] {
	const nodes = sk.nodes.filter((n) => n.def.kind !== "dispatch-key");
	const children = new Map<number, SkeletonNode[]>();
	for (const n of nodes) {
		if (n.from === null) continue;
		const list = children.get(n.from) ?? [];
		list.push(n);
		children.set(n.from, list);
	}
	// A key pseudo-node between a seed and its handlers: the handlers count as the seed's hops.
	for (const key of sk.nodes.filter((n) => n.def.kind === "dispatch-key" && n.from !== null)) {
		const list = children.get(key.from as number) ?? [];
		list.push(...(children.get(key.def.id) ?? []));
		children.set(key.from as number, list);
	}
	const out: SkeletonNode[] = [];
	const taken = new Set<number>();
	const take = (n: SkeletonNode) => {
		if (taken.has(n.def.id)) return;
		taken.add(n.def.id);
		out.push(n);
	};
	for (const s of nodes.filter((n) => n.depth === 0)) {
		take(s);
		const hops = (children.get(s.def.id) ?? []).sort((a, b) => b.relevance - a.relevance);
		for (const h of hops.slice(0, HOPS_PER_SEED)) take(h);
	}
	for (const n of [...nodes].sort((a, b) => a.depth - b.depth || b.relevance - a.relevance)) take(n);
	return out;
}

/** Definitions in reading order: the LLM's picks, then the chains in turn. */
function candidates(skeletons: readonly Skeleton[], picks: readonly string[]): Candidate[] {
	const out: Candidate[] = [];
	const seen = new Set<number>();
	const byDefId = new Map<string, Candidate>();
	for (const sk of skeletons) {
		for (const node of sk.nodes) {
			if (!byDefId.has(node.def.defId)) {
				byDefId.set(node.def.defId, {
					node,
					chain: sk.chain.id,
					role: node.via === "seed" ? "seed" : "chain",
				});
			}
		}
	}
	for (const id of picks) {
		const c = byDefId.get(id);
		if (!c || seen.has(c.node.def.id) || c.node.def.kind === "dispatch-key") continue;
		seen.add(c.node.def.id);
		out.push({ ...c, role: "pick", pickRank: out.length });
	}
	const queues = skeletons.map((sk) => ({ chain: sk.chain.id, nodes: chainOrder(sk) }));
	for (let progress = true; progress; ) {
		progress = false;
		for (const q of queues) {
			const node = q.nodes.shift();
			if (!node) continue;
			progress = true;
			if (seen.has(node.def.id)) continue;
			seen.add(node.def.id);
			out.push({ node, chain: q.chain, role: node.via === "seed" ? "seed" : "chain" });
		}
	}
	return out;
}

class Assembly {
	readonly sources: MaterialSource[] = [];
	spent = 0;
	private readonly covered = new Map<string, [number, number][]>();
	/** Signatures in the map per file and per folder (a folder's key ends in "/", or is "" at the root). */
	private readonly mapped = new Map<string, number>();
	readonly bodies = new Set<number>();
	/** Per long definition read in part: the slices to try again, most important first. */
	readonly slicesLeft = new Map<number, { c: Candidate; slices: [number, number][] }>();

	constructor(
		readonly index: MaterialIndex,
		readonly count: (text: string) => number,
		readonly reach: MapReach,
	) {}

	/** Does the map hold a signature's file already, or (grouped by folder) its folder? */
	private listed(unit: MaterialSource["unit"], file: string): "file" | "folder" | false {
		if (unit !== "signature") return false;
		if (this.mapped.get(file)) return "file";
		return this.reach.foldersInMap && this.mapped.get(splitPath(file).folder) ? "folder" : false;
	}

	/** Count a signature into (or out of) the map's files and folders. */
	private map(file: string, by: 1 | -1): void {
		for (const key of [file, splitPath(file).folder]) this.mapped.set(key, (this.mapped.get(key) ?? 0) + by);
	}

	/** The runs of lines within [start, end] that no source covers yet. */
	uncovered(file: string, start: number, end: number): [number, number][] {
		const out: [number, number][] = [];
		let from: number | null = null;
		for (let l = start; l <= end + 1; l++) {
			const free = l <= end && !this.isCovered(file, l, l);
			if (free && from === null) from = l;
			if (!free && from !== null) {
				out.push([from, l - 1]);
				from = null;
			}
		}
		return out;
	}

	isCovered(file: string, start: number, end: number): boolean {
		return (this.covered.get(file) ?? []).some(([s, e]) => s <= start && end <= e);
	}

	/** Does a body, slice or block of `def` hold its first line? */
	holdsHead(def: DefRow): boolean {
		return this.sources.some(
			(s) =>
				s.node.def.id === def.id &&
				s.unit !== "signature" &&
				s.range.startLine <= (def.startLine ?? 0) &&
				(def.startLine ?? 0) <= s.range.endLine,
		);
	}

	/** Take back a definition's signature line (its body has been read). */
	dropSignature(defId: number): void {
		const i = this.sources.findIndex((s) => s.unit === "signature" && s.node.def.id === defId);
		if (i < 0) return;
		const [s] = this.sources.splice(i, 1) as [MaterialSource];
		this.spent -= s.tokens;
		this.map(s.range.file, -1);
		const list = this.covered.get(s.range.file) ?? [];
		this.covered.set(
			s.range.file,
			list.filter(([a, b]) => a !== s.range.startLine || b !== s.range.endLine),
		);
	}

	/** Add one range as a source if it fits `limit`; false when it does not (or adds nothing). */
	add(
		c: Candidate,
		start: number,
		end: number,
		unit: MaterialSource["unit"],
		label: string,
		limit: number,
	): boolean {
		const file = c.node.def.file as string;
		// A definition's one-line signature is its declaration line, not the first of its decorators.
		if (
			this.reach.declarationLines &&
			unit === "signature" &&
			start === end &&
			start === c.node.def.startLine &&
			c.node.def.endLine !== null
		) {
			const head = this.index.fileLines(file, start, Math.min(c.node.def.endLine, start + DECLARATION_LINES));
			start = start + declarationStart(head ?? []);
			end = start;
		}
		if (this.isCovered(file, start, end)) return false;
		// A handler written into a module-level register call starts at the call's head (its key).
		let headed = false;
		if (
			this.reach.registerHeads &&
			(unit === "signature" || unit === "whole") &&
			start === c.node.def.startLine
		) {
			const head = registerHead(this.index, c.node.def);
			if (head !== null) {
				start = head;
				headed = true;
			}
		}
		const lines = this.index.fileLines(file, start, end);
		if (!lines?.length) return false;
		// A signature is a pointer, not the code: its modifiers go and a long first line is cut; a
		// headed one is the call's lines joined, up to the handler's own first line.
		const joined =
			unit !== "signature"
				? lines.join("\n")
				: headed
					? lines
							.map((l) => l.trim())
							.join(" ")
							.replace(/([([{]) /g, "$1")
					: lines
							.map((l) => l.trim())
							.join(" ")
							.replace(MODIFIERS, "");
		const cut = headed ? HEAD_CHARS : this.reach.signatureChars;
		const shown =
			unit === "signature" && !headed && this.reach.compactSignatures ? compactSignature(joined) : joined;
		const text = unit === "signature" && shown.length > cut ? `${shown.slice(0, cut - 1)}…` : shown;
		const range = { file, startLine: start, endLine: start + lines.length - 1, defId: c.node.def.defId };
		// The label says where the range starts when it is not the definition's own first line.
		if (headed) label = `${label} (from its register call at line ${start})`;
		const tokens = sourceTokens({ range, label, text, unit }, this.count, this.listed(unit, file));
		if (this.spent + tokens > limit) return false;
		this.spent += tokens;
		// A caller's call lines are a glimpse: they do not stand in for that definition read later.
		if (c.role !== "caller") {
			const list = this.covered.get(file) ?? [];
			list.push([range.startLine, range.endLine]);
			this.covered.set(file, list);
		}
		this.sources.push({ range, chain: c.chain, node: c.node, text, tokens, role: c.role, unit, label });
		if (unit === "signature") this.map(file, 1);
		return true;
	}
}

const named = (d: DefRow) => d.qualifiedName || d.name;

/**
 * A signature line without its opening brace and, after its parameter list, its return type
 * (an arrow keeps its `=>`): `async nodeList(): Promise<IBrokerNode[]> {` → `async nodeList()`.
 */
export function compactSignature(line: string): string {
	let text = line.replace(/\s*\{\s*$/, "");
	const open = text.indexOf("(");
	if (open < 0) return text;
	let depth = 0;
	for (let i = open; i < text.length; i++) {
		const ch = text[i];
		if (ch === "(") depth++;
		else if (ch === ")" && --depth === 0) {
			const rest = text.slice(i + 1);
			if (/^\s*:/.test(rest)) text = `${text.slice(0, i + 1)}${/=>\s*$/.test(rest) ? " =>" : ""}`;
			break;
		}
	}
	return text;
}

/** Put one definition in: whole when short, slices when long; false when nothing of it fitted. */
function addDefinition(
	a: Assembly,
	c: Candidate,
	input: AssembleInput,
	config: Config,
	onChain: ReadonlySet<number>,
	limit: number,
): boolean {
	const def = c.node.def;
	if (!def.file || def.startLine === null || def.endLine === null || def.kind === "dispatch-key")
		return false;
	const start = def.startLine;
	const end = def.endLine;
	const length = end - start + 1;
	const isType = def.kind === "class" || def.kind === "interface";
	// The model's first picks go in whole up to a longer length: a long handler's deciding branch is
	// often hundreds of lines in, and the picks' share of the budget is there to hold it.
	const deep = c.role === "pick" && (c.pickRank ?? DEEP_PICKS) < DEEP_PICKS;
	const wholeLines = isType
		? WHOLE_CLASS_LINES
		: deep
			? Math.max(config.wholeDefLines, config.pickWholeLines ?? config.wholeDefLines)
			: config.wholeDefLines;
	if (length <= wholeLines) {
		if (a.add(c, start, end, "whole", named(def), limit)) return true;
	}
	if (isType) return a.add(c, start, start, "signature", `${named(def)} (signature; ${start}-${end})`, limit);
	const lines = a.index.fileLines(def.file, start, end) ?? [];
	// The hops that matter: calls and dispatches to what the chain holds, then every dispatch or register.
	const edges = a.index
		.edgesFrom(def.id)
		.filter((e) => e.line !== null && e.file === def.file && e.line >= start && e.line <= end);
	const rank = (kind: string, dst: number) =>
		onChain.has(dst) ? 0 : kind === "dispatch" || kind === "register" ? 1 : kind === "call" ? 2 : 3;
	// A hop to what the question is about first, then by rank, the most relevant first within one
	// (a long handler makes dozens of calls on the chain; the one named like the question decides).
	const dstRelevance = new Map<number, { named: number; r: number }>();
	const words = input.words.filter((w) => w.length >= 4);
	const scoreOf = (dst: number) => {
		let r = dstRelevance.get(dst);
		if (r === undefined) {
			const d = a.index.defById(dst);
			// The question's words in the callee's own name (not its file's) say the hop is what it asks.
			const name = (d?.name ?? "").toLowerCase();
			r = { named: words.filter((w) => name.includes(w)).length, r: d ? input.relevance(d) : 0 };
			dstRelevance.set(dst, r);
		}
		return r;
	};
	const relevanceOf = (dst: number) => scoreOf(dst).r;
	const sites = [
		...new Set(
			edges
				.filter((e) => e.kind !== "reference" || onChain.has(e.dst))
				.sort(
					(x, y) =>
						scoreOf(y.dst).named - scoreOf(x.dst).named ||
						Number(relevanceOf(y.dst) > 0) - Number(relevanceOf(x.dst) > 0) ||
						rank(x.kind, x.dst) - rank(y.kind, y.dst) ||
						relevanceOf(y.dst) - relevanceOf(x.dst) ||
						(x.line as number) - (y.line as number),
				)
				.map((e) => e.line as number),
		),
	];
	const slices = sliceDefinition({
		lines,
		startLine: start,
		sites,
		words: input.words,
		maxLines: deep ? Math.max(config.sliceLines, config.pickSliceLines ?? 0) : config.sliceLines,
		inputs: deep,
		decorated: a.reach.declarationLines,
		...(a.reach.declarationLines && (def.kind === "function" || def.kind === "method")
			? { overloadsOf: def.name }
			: {}),
	});
	// By importance: the head first, then by the most important hop a slice holds, then the rest.
	const importance = ([s, e]: [number, number]) => {
		if (s <= start) return -1;
		const i = sites.findIndex((l) => s <= l && l <= e);
		return i < 0 ? sites.length : i;
	};
	const order = a.reach.slicesByImportance
		? [...slices].sort((x, y) => importance(x) - importance(y) || x[0] - y[0])
		: slices;
	const first = a.sources.length;
	let any = false;
	let cut = false;
	for (const [s, e] of order) {
		const label = `${named(def)} (lines ${s}-${e} of ${start}-${end})`;
		if (a.add(c, s, e, "slice", label, limit)) any = true;
		else if (!a.isCovered(def.file, s, e)) cut = true;
	}
	// A pick read in part: the slices it had no room for come back later, planned a little longer.
	if (any && cut && a.reach.restOfSlices > 0 && input.picks?.includes(def.defId)) {
		const fuller = sliceDefinition({
			lines,
			startLine: start,
			sites,
			words: input.words,
			maxLines: a.reach.restOfSlices,
			inputs: deep,
			decorated: a.reach.declarationLines,
		});
		a.slicesLeft.set(def.id, {
			c,
			slices: fuller.sort((x, y) => importance(x) - importance(y) || x[0] - y[0]),
		});
	}
	// The slices that went in read top to bottom.
	if (a.reach.slicesByImportance) {
		const added = a.sources.splice(first).sort((x, y) => x.range.startLine - y.range.startLine);
		a.sources.push(...added);
	}
	return any;
}

/**
 * The module-level blocks worth reading in a file, best first: the head of a register call whose
 * handler the material reads (`API.v1.addRoute('chat.sendMessage', …, { post() … })`: the route
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
): string[] {
	const dirs: string[] = [];
	const addDir = (d: string) => {
		if (!dirs.includes(d)) dirs.push(d);
	};
	for (const sk of skeletons) for (const p of sk.chain.paths) if (p) addDir(p);
	const packageDirs = new Map(index.packages().map((p) => [p.name, p.dir]));
	for (const s of sources) {
		const dir = s.node.def.packageName ? packageDirs.get(s.node.def.packageName) : undefined;
		if (dir === undefined) continue;
		addDir(dir ? `${dir}/src` : "src");
		addDir(dir);
	}
	const out: string[] = [];
	for (const dir of dirs) {
		if (out.length >= ENTRY_FILES) break;
		const file = ENTRY_NAMES.map((n) => (dir ? `${dir}/${n}` : n)).find((f) => index.def(`${f}#(module)`));
		if (file && !out.includes(file)) out.push(file);
	}
	return out;
}

/**
 * The wrappers a definition is wrapped in where it is defined (`export const f = wrap(async () =>
 * …)`): functions called on its first line, short enough to be a guard. Their lines decide whether
 * and how the body runs, which its own text never says.
 */
export function wrappersOf(
	index: Pick<MaterialIndex, "edgesFrom" | "defById" | "fileLines">,
	def: DefRow,
): DefRow[] {
	if (!def.file || def.startLine === null || def.kind === "class" || def.kind === "interface") return [];
	// Only a function written into the call is wrapped (`wrap(async () => …)`), not a value built by it.
	const first = index.fileLines(def.file, def.startLine, def.startLine)?.[0] ?? "";
	if (!/=>|\bfunction\b/.test(first)) return [];
	const out: DefRow[] = [];
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "call" || e.line !== def.startLine || e.file !== def.file) continue;
		const w = index.defById(e.dst);
		if (!w?.file || w.startLine === null || w.endLine === null || !WRAPPER_KINDS.has(w.kind)) continue;
		if (w.endLine - w.startLine + 1 > WRAPPER_LINES || isAuxiliaryPath(w.file)) continue;
		if (!out.some((x) => x.id === w.id)) out.push(w);
	}
	return out;
}

/**
 * Kinds of definition of a held file the map may name, the edges that tie one to a body read,
 * and what those edges weigh beside the question's words.
 */
const HELD_KINDS = new Set(["function", "method", "class", "variable", "interface", "type", "object"]);
const ADJACENT_KINDS = new Set(["call", "new", "jsx", "dispatch", "handler", "implementation"]);
const ADJACENT_WEIGHT = 0.5;
const ADJACENT_CAP = 4;
/** The first files of the material (bodies first) whose definitions are rated so. */
const HELD_FILES = 40;
/** Words of a question about how the repository is built and packaged (its manifests answer it). */
const BUILD_WORDS = new Set([
	"package",
	"packages",
	"monorepo",
	"workspace",
	"workspaces",
	"build",
	"builds",
	"dependency",
	"dependencies",
	"tsconfig",
]);
/** Workspace and build manifests a repository's root may hold (index/documents.ts indexes them). */
const ROOT_MANIFESTS = [
	"package.json",
	"pnpm-workspace.yaml",
	"turbo.json",
	"nx.json",
	"lerna.json",
	"tsconfig.json",
	"tsconfig.base.json",
];
/** Full-text hits the question's words get, of which `MapReach.questionHits` are listed. */
const QUESTION_HIT_POOL = 100;
/** Lines of a definition's head read to find its declaration line past its decorators. */
const DECLARATION_LINES = 16;
/** Key-hop lines listed per signature-only chain step (its first ones in the index's order). */
const HOP_LINES_PER_STEP = 2;
/** Lines above a handler its register call's head may start at, and the characters of a headed signature. */
const HEAD_LINES = 5;
const HEAD_CHARS = 64;
const HEAD_CALL = /^(?:await\s+|void\s+)?[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*(?:<[^>]*>)?\(/;

/**
 * The first line of the module-level call a top-level definition is written into (a route,
 * method or callback registration: a statement at column 0 that is a call, the definition
 * indented inside it), when it starts at most `HEAD_LINES` above the definition; else null.
 */
export function registerHead(
	index: Pick<MaterialIndex, "fileLines" | "defById">,
	def: DefRow,
): number | null {
	if (!def.file || def.startLine === null || def.startLine <= 1) return null;
	if (def.parentId !== null && index.defById(def.parentId)?.kind !== "module") return null;
	// Written into a call, the definition is indented; one at column 0 is a statement of its own.
	const own = index.fileLines(def.file, def.startLine, def.startLine)?.[0] ?? "";
	if (!/^\s/.test(own)) return null;
	const from = Math.max(1, def.startLine - HEAD_LINES);
	const lines = index.fileLines(def.file, from, def.startLine - 1) ?? [];
	for (let i = lines.length - 1; i >= 0; i--) {
		const line = lines[i] ?? "";
		if (!line.trim() || /^\s/.test(line)) continue;
		return HEAD_CALL.test(line) ? from + i : null;
	}
	return null;
}

/** Lines above a key argument its call's head may start at. */
const CALL_HEAD_LINES = 2;

/**
 * The line a call written over several lines starts at, for a key written on a line of its own
 * (`this.pubsub.publish(` above `` `team/${id}/added`, ``): the lines above `line` that leave a
 * call open (ending in `(` or `,`), at most CALL_HEAD_LINES and not above the definition's first
 * line; `line` itself when the key sits on the call's line.
 */
export function callHead(
	index: Pick<MaterialIndex, "fileLines">,
	file: string,
	line: number,
	floor: number,
): number {
	let from = line;
	while (from - 1 >= floor && line - (from - 1) <= CALL_HEAD_LINES) {
		const above = index.fileLines(file, from - 1, from - 1)?.[0]?.trimEnd() ?? "";
		if (!/[(,]$/.test(above)) break;
		from--;
	}
	return from;
}

/** Does `line` call a member of `name` (`Team.create(`, `Apps.self?.trigger`), not just mention it? */
export function calledThrough(line: string, name: string): boolean {
	const escaped = name.replace(/[$]/g, "\\$");
	return new RegExp(`(?:^|[^\\w$.])${escaped}\\s*\\??\\.\\s*[A-Za-z_$]`).test(line);
}

/** Short module-level values (flags, config) a definition reads: what a guard decides on. */
function valuesRead(index: Pick<MaterialIndex, "edgesFrom" | "defById">, def: DefRow): DefRow[] {
	const out: DefRow[] = [];
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "reference" || out.length >= VALUES_PER_WRAPPER) continue;
		const v = index.defById(e.dst);
		if (!v?.file || v.kind !== "variable" || v.startLine === null || v.endLine === null) continue;
		if (v.endLine - v.startLine + 1 > VALUE_LINES || out.some((x) => x.id === v.id)) continue;
		if (v.parentId !== null && index.defById(v.parentId)?.kind !== "module") continue;
		out.push(v);
	}
	return out;
}

/**
 * A file's functions, methods and classes past the outline's first `OUTLINE_DEFS` that the
 * question's words rate, most relevant first, at most `OUTLINE_RELEVANT`, not yet in the material.
 */
export function pastOutline(
	defs: readonly DefRow[],
	known: ReadonlySet<number>,
	relevance: (d: DefRow) => number,
): DefRow[] {
	return defs
		.filter((d) => OUTLINE_KINDS.has(d.kind))
		.slice(OUTLINE_DEFS)
		.filter((d) => !known.has(d.id))
		.map((d) => ({ d, r: relevance(d) }))
		.filter((x) => x.r > 0)
		.sort((x, y) => y.r - x.r)
		.slice(0, OUTLINE_RELEVANT)
		.map((x) => x.d);
}

/** Callers of a definition with few of them (an entry, not a helper): the call line in each, best first. */
function callerSites(
	index: Pick<MaterialIndex, "edgesTo" | "defById">,
	def: DefRow,
	relevance: (d: DefRow) => number,
): { def: DefRow; line: number }[] {
	if (def.fanIn > CALLER_FAN_IN) return [];
	const out: { def: DefRow; line: number; r: number }[] = [];
	for (const e of index.edgesTo(def.id)) {
		if ((e.kind !== "call" && e.kind !== "jsx" && e.kind !== "new") || e.line === null) continue;
		const d = index.defById(e.src);
		if (!d?.file || d.file !== e.file || d.kind === "module" || isAuxiliaryPath(d.file)) continue;
		if (out.some((x) => x.def.id === d.id)) continue;
		out.push({ def: d, line: e.line, r: relevance(d) });
	}
	return out.sort((a, b) => b.r - a.r);
}

/** The chain hops out of `def` (calls, constructions, implementations), best first. */
function calleesOnChain(skeletons: readonly Skeleton[], def: DefRow): SkeletonNode[] {
	const out = new Map<number, SkeletonNode>();
	for (const sk of skeletons) {
		for (const n of sk.nodes) {
			if (n.from !== def.id || !CALLEE_VIA.has(n.via) || n.def.id === def.id || out.has(n.def.id)) continue;
			if (!n.def.file || isAuxiliaryPath(n.def.file)) continue;
			// A shared helper (a logger, a settings getter, a base model's update) is no step of this
			// path, and a declaration without a body (an interface member) has nothing to read.
			if (n.def.fanIn > HOT_FAN_IN || n.def.kind === "interface" || n.def.kind === "type") continue;
			if (n.def.endLine === n.def.startLine) continue;
			out.set(n.def.id, n);
		}
	}
	return [...out.values()].sort((a, b) => b.relevance - a.relevance);
}

export function assembleMaterial(
	index: MaterialIndex,
	input: AssembleInput,
	config: Config,
	count: (text: string) => number = estimateTokens,
	reach: MapReach = MATERIAL_REACH,
): Material {
	const budget = config.tokenBudget;
	index = memoIndex(index);
	const a = new Assembly(index, count, reach);
	a.spent = input.impact?.tokens ?? 0;
	const list = candidates(input.skeletons, input.picks ?? []);
	const onChain = new Set(input.skeletons.flatMap((sk) => sk.nodes.map((n) => n.def.id)));
	const known = new Set(list.map((c) => c.node.def.id));

	// Pass 1: bodies, each followed by the far ends of its key hops.
	const deferred: Candidate[] = [];
	const queue = [...list];
	while (queue.length) {
		const c = queue.shift() as Candidate;
		if (a.bodies.has(c.node.def.id)) continue;
		const deep = c.role === "pick" && (c.pickRank ?? DEEP_PICKS) < DEEP_PICKS;
		const share = deep || c.lead ? PICK_SHARE : BODY_SHARE;
		if (!addDefinition(a, c, input, config, onChain, budget * share)) {
			deferred.push(c);
			continue;
		}
		a.bodies.add(c.node.def.id);
		if (c.role === "wrapper") {
			// A guard decides on a flag: the short module-level values it reads (and they read) come with it.
			const hops = c.node.via === "wrapper" ? 2 : c.node.via === "wrapper-value" ? 1 : 0;
			if (hops > 0) {
				const values = valuesRead(index, c.node.def)
					.filter((v) => !a.bodies.has(v.id))
					.map((v) => ({
						node: {
							def: v,
							depth: c.node.depth + 1,
							via: hops === 2 ? "wrapper-value" : "wrapper-value-2",
							from: c.node.def.id,
							nodeClass: "major" as const,
							relevance: input.relevance(v),
						},
						chain: c.chain,
						role: "wrapper" as const,
						lead: c.lead === true,
					}));
				queue.unshift(...values);
				for (const v of values) known.add(v.node.def.id);
			}
			continue;
		}
		if (c.role === "key-hop") continue;
		const hops = keyHopEnds(index, c.node.def, input.relevance).filter((h) => !a.bodies.has(h.def.id));
		const next: Candidate[] = hops.map((h) => {
			const node: SkeletonNode = {
				def: h.def,
				depth: c.node.depth + 1,
				via: h.via,
				from: c.node.def.id,
				nodeClass: "major",
				relevance: input.relevance(h.def),
			};
			return { node, chain: c.chain, role: "key-hop" };
		});
		for (const h of hops.filter((x) => x.line !== null)) {
			// An inline handler: the register site and the lines after it, labelled as such.
			const n = next.find((x) => x.node.def.id === h.def.id) as Candidate;
			const end = Math.min(h.def.endLine ?? (h.line as number), (h.line as number) + MAX_BLOCK_LINES - 1);
			a.add(
				n,
				h.line as number,
				end,
				"block",
				`inline handler of ${h.key.name} (${h.via})`,
				budget * BODY_SHARE,
			);
		}
		// The wrapper a definition is wrapped in, and the path's next steps (depth first): the
		// far end of a call hop is read right after its caller, not when its chain's turn comes.
		const follow: Candidate[] = wrappersOf(index, c.node.def)
			.filter((w) => !a.bodies.has(w.id))
			.map((w) => ({
				node: {
					def: w,
					depth: c.node.depth + 1,
					via: "wrapper",
					from: c.node.def.id,
					nodeClass: "major",
					relevance: input.relevance(w),
				},
				chain: c.chain,
				role: "wrapper",
				// A pick's wrapper is part of what the model asked for (a few lines, deciding ones).
				lead: c.role === "pick" || c.lead === true,
			}));
		if (c.role !== "module") {
			for (const n of calleesOnChain(input.skeletons, c.node.def)
				.filter((x) => !a.bodies.has(x.def.id))
				.slice(0, CALLEES_PER_DEF)) {
				follow.push({ node: n, chain: c.chain, role: "callee" });
			}
		}
		// Who starts it: where a seed (or pick) is called from, a few lines around the call in its
		// caller (a UI handler wiring, a command, a route) — not the caller's whole body.
		if (c.role === "seed" || c.role === "pick") {
			const sites = callerSites(index, c.node.def, input.relevance);
			for (const site of sites.slice(0, CALLER_SITES)) {
				const cand: Candidate = {
					node: {
						def: site.def,
						depth: c.node.depth,
						via: "caller",
						from: null,
						nodeClass: "major",
						relevance: 0,
					},
					chain: c.chain,
					role: "caller",
				};
				const from = Math.max(site.def.startLine ?? 1, site.line - CALLER_CONTEXT);
				const to = Math.min(site.def.endLine ?? site.line, site.line + CALLER_CONTEXT);
				const label = `${named(site.def)} (lines ${from}-${to}: calls ${named(c.node.def)})`;
				a.add(cand, from, to, "slice", label, budget * BODY_SHARE);
			}
		}
		queue.unshift(...next.filter((n) => n.node.def.kind !== "module"), ...follow);
		for (const n of [...next, ...follow]) known.add(n.node.def.id);
	}

	// Pass 2: module-level blocks of the files read, best files first, then of the entry files
	// (index, main) of the chains' folders and of the packages read: they wire a feature together.
	const entries = entryFiles(index, input.skeletons, a.sources).filter(
		(f) => !a.sources.some((s) => s.range.file === f),
	);
	const files = [...[...new Set(a.sources.map((s) => s.range.file))].slice(0, MODULE_FILES), ...entries];
	const moduleLimit = Math.min(budget, a.spent + budget * MODULE_SHARE);
	for (const file of files) {
		const module = index.def(`${file}#(module)`);
		if (!module) continue;
		const owner = a.sources.find((s) => s.range.file === file);
		const c: Candidate = {
			node: {
				def: module,
				depth: owner?.node.depth ?? 0,
				via: "module",
				from: null,
				nodeClass: "major",
				relevance: 0,
			},
			chain: owner?.chain ?? "entry",
			role: "module",
		};
		const readStarts = a.sources
			.filter((s) => s.range.file === file && s.unit !== "block")
			.map((s) => s.node.def.startLine ?? 0);
		for (const b of pickBlocks(index, file, input.words, readStarts, entries.includes(file))) {
			const end = Math.min(
				b.endLine,
				b.startLine + (b.kind === "wiring" ? WIRING_LINES : MAX_BLOCK_LINES) - 1,
			);
			const label = `module-level ${b.kind}: ${b.label}${end < b.endLine ? ` (head of ${b.startLine}-${b.endLine})` : ""}`;
			a.add(c, b.startLine, end, "block", label, moduleLimit);
		}
	}

	// Pass 3: signatures of the chain steps that did not fit, then of the direct neighbours of what was read.
	// With select picks, the entries the model passed over that the question's words barely rate wait.
	const picked = new Set<number>();
	const pickDefIds = new Set(input.picks ?? []);
	for (const sk of input.skeletons)
		for (const n of sk.nodes) if (pickDefIds.has(n.def.defId)) picked.add(n.def.id);
	const waiting: Candidate[] = [];
	let waitingListed = false;
	const waits = (c: Candidate) =>
		reach.unpickedBelow > 0 &&
		picked.size > 0 &&
		!waitingListed &&
		!picked.has(c.node.def.id) &&
		!(c.node.from !== null && picked.has(c.node.from)) &&
		input.relevance(c.node.def) < reach.unpickedBelow;
	const signature = (c: Candidate, limit: number) => {
		const d = c.node.def;
		if (!d.file || d.startLine === null || d.endLine === null) return;
		if (waits(c)) {
			waiting.push(c);
			return;
		}
		a.add(
			{ ...c, role: "neighbour" },
			d.startLine,
			d.startLine,
			"signature",
			`${named(d)} (signature; ${d.startLine}-${d.endLine})`,
			limit,
		);
	};
	// For a question about builds and packages: the root manifests' sections.
	if (reach.rootManifests && input.words.some((w) => BUILD_WORDS.has(w))) {
		for (const file of ROOT_MANIFESTS) {
			const defs = index.defsInFile(file).filter((d) => d.kind === "manifest" && d.startLine !== null);
			for (const d of defs) {
				// The whole file's definition starts at its opening brace: its sections name it.
				if (known.has(d.id) || (d.parentId === null && defs.length > 1)) continue;
				known.add(d.id);
				signature(
					{
						node: { def: d, depth: 0, via: "manifest", from: null, nodeClass: "major", relevance: 0 },
						chain: a.sources[0]?.chain ?? "manifest",
						role: "neighbour",
					},
					budget,
				);
			}
		}
	}
	// The class (or object) a member read belongs to: its head line says what the member is part of.
	for (const s of a.sources.filter((x) => x.unit !== "signature" && x.node.def.parentId !== null)) {
		const p = index.defById(s.node.def.parentId as number);
		if (!p || p.kind === "module" || known.has(p.id) || !CLASS_KINDS.has(p.kind)) continue;
		known.add(p.id);
		signature(
			{ node: { ...s.node, def: p, via: "parent", from: null }, chain: s.chain, role: "neighbour" },
			budget,
		);
	}
	for (const c of deferred) if (!a.bodies.has(c.node.def.id)) signature(c, budget);
	/**
	 * The module-level register calls that plug in a handler the material names by its own
	 * definition (`callbacks.add('x', onX)` below `function onX`): the key it runs under.
	 */
	const registerLines = (cap: number) => {
		if (cap <= 0) return;
		let n = 0;
		for (const file of [...new Set(a.sources.map((s) => s.range.file))]) {
			for (const site of index.dispatchSitesInFile(file)) {
				if (n >= cap) return;
				if (site.side !== "register" || !site.handlerDefId || !site.enclosingDefId?.endsWith("#(module)"))
					continue;
				const owner = a.sources.find((s) => s.node.def.defId === site.handlerDefId);
				const d = owner?.node.def;
				if (!owner || !d || d.startLine === null || d.endLine === null) continue;
				// An inline handler's register call is its head, listed with it already.
				if (d.startLine <= site.line && site.line <= d.endLine) continue;
				if (a.isCovered(file, site.line, site.line)) continue;
				const from = callHead(index, file, site.line, 1);
				const label = `${named(d)} (registered at line ${from < site.line ? `${from}-` : ""}${site.line})`;
				if (
					a.add(
						{ node: owner.node, chain: owner.chain, role: "neighbour" },
						from,
						site.line,
						"signature",
						label,
						budget,
					)
				)
					n++;
			}
		}
	};
	registerLines(reach.registerLines);
	/** The lines of each chain step listed only as a signature where it dispatches or registers a key. */
	const keyHopLines = () => {
		for (const c of deferred) {
			const d = c.node.def;
			if (a.bodies.has(d.id) || !d.file || d.startLine === null || d.endLine === null) continue;
			if (!a.sources.some((x) => x.unit === "signature" && x.node.def.id === d.id)) continue;
			const { startLine, endLine } = d;
			const lines = [
				...new Set(
					index
						.edgesFrom(d.id)
						.filter(
							(e) =>
								(e.kind === "dispatch" || e.kind === "register") &&
								e.file === d.file &&
								e.line !== null &&
								e.line > startLine &&
								e.line <= endLine,
						)
						.map((e) => e.line as number),
				),
			].slice(0, HOP_LINES_PER_STEP);
			for (const l of lines) {
				const from = callHead(index, d.file, l, startLine);
				const label = `${named(d)} (line ${from < l ? `${from}-` : ""}${l}: its key hop)`;
				a.add({ ...c, role: "neighbour" }, from, l, "signature", label, budget);
			}
		}
	};
	/** A definition reached from an entry of the material, as a one-line neighbour of that entry. */
	const neighbourOf = (d: DefRow, from: MaterialSource, via: string): Candidate => ({
		node: {
			def: d,
			depth: from.node.depth + 1,
			via,
			from: from.node.def.id,
			nodeClass: "major",
			relevance: input.relevance(d),
		},
		chain: from.chain,
		role: "neighbour",
	});
	/** Up to `per` implementations of each member the material names (none of a base many classes implement). */
	const implementations = (per: number) => {
		if (per <= 0) return;
		for (const s of [...a.sources]) {
			const impls = implementationsOf(index, s.node.def).filter(
				(d) => d.startLine !== null && !isAuxiliaryPath(d.file ?? ""),
			);
			if (impls.length > BASE_IMPLEMENTATIONS) continue;
			for (const d of impls.filter((x) => !known.has(x.id)).slice(0, per)) {
				known.add(d.id);
				signature(neighbourOf(d, s, "implementation"), budget);
			}
		}
	};
	/** Up to `per` module-level values each body read calls a member of (`Team.create(…)`), on its shown lines. */
	const valuesCalledThrough = (per: number) => {
		if (per <= 0) return;
		for (const s of a.sources.filter((x) => x.unit !== "signature" && x.node.def.kind !== "module")) {
			let n = 0;
			for (const e of index.edgesFrom(s.node.def.id)) {
				if (n >= per) break;
				if (e.kind !== "reference" || e.line === null || e.file !== s.range.file) continue;
				if (e.line < s.range.startLine || e.line > s.range.endLine) continue;
				const v = index.defById(e.dst);
				if (!v?.file || v.kind !== "variable" || known.has(v.id) || v.startLine === null) continue;
				if (v.parentId !== null && index.defById(v.parentId)?.kind !== "module") continue;
				const line = index.fileLines(s.range.file, e.line, e.line)?.[0] ?? "";
				if (!calledThrough(line, v.name)) continue;
				known.add(v.id);
				n++;
				signature(neighbourOf(v, s, "value"), budget);
			}
		}
	};
	/**
	 * Up to `n` definitions the question's words find index-wide that no entry names yet, best rated
	 * first, as one-line entries beside the material's first source.
	 */
	const questionHits = (n: number) => {
		const owner = a.sources[0];
		if (n <= 0 || !index.searchDefs || !owner) return;
		const hits = index
			.searchDefs(input.words, QUESTION_HIT_POOL)
			.map((h) => h.def)
			.filter(
				(d) =>
					d.file &&
					d.startLine !== null &&
					!known.has(d.id) &&
					d.kind !== "module" &&
					d.kind !== "dispatch-key" &&
					!isAuxiliaryPath(d.file),
			)
			.map((d) => ({ d, r: input.relevance(d) }))
			.sort((x, y) => y.r - x.r)
			.slice(0, n);
		for (const { d, r } of hits) {
			known.add(d.id);
			signature(
				{
					node: { def: d, depth: 1, via: "question-words", from: null, nodeClass: "major", relevance: r },
					chain: owner.chain,
					role: "neighbour",
				},
				budget,
			);
		}
	};
	/** The select picks of at most `lines` lines that no share had room for, read whole. */
	const shortPicks = (lines: number) => {
		if (lines <= 0) return;
		for (const c of deferred) {
			const d = c.node.def;
			if (c.role !== "pick" || a.bodies.has(d.id) || d.startLine === null || d.endLine === null) continue;
			if (d.endLine - d.startLine + 1 > lines) continue;
			if (!addDefinition(a, c, input, config, onChain, budget)) continue;
			a.bodies.add(d.id);
			if (a.holdsHead(d)) a.dropSignature(d.id);
		}
	};
	/**
	 * The slices of the long definitions read in part that the bodies' share had no room for, each
	 * printed beside the definition's other slices (in line order).
	 */
	const restOfSlices = () => {
		for (const [id, { c, slices }] of a.slicesLeft) {
			const d = c.node.def;
			const file = d.file as string;
			for (const [s, e] of slices.flatMap(([s0, e0]) => a.uncovered(file, s0, e0))) {
				const at = a.sources.length;
				if (!a.add(c, s, e, "slice", `${named(d)} (lines ${s}-${e} of ${d.startLine}-${d.endLine})`, budget))
					continue;
				const [added] = a.sources.splice(at, 1) as [MaterialSource];
				let i = a.sources.findLastIndex((x) => x.node.def.id === id && x.unit !== "signature");
				while (i >= 0 && a.sources[i]?.node.def.id === id && (a.sources[i]?.range.startLine ?? 0) > s) i--;
				a.sources.splice(i + 1, 0, added);
			}
		}
		a.slicesLeft.clear();
	};
	/**
	 * The definitions of the files the material holds that no entry names yet, ranked by the
	 * question's words and by their edges to what the material holds (a body counts twice a
	 * signature): the best `n` as one-line entries.
	 */
	const heldFileDefs = (n: number) => {
		if (n <= 0) return;
		// Edges walked from the material's side: what a definition calls into a body read, and what
		// calls it from one (unless it is widely used); what a chain step listed as a signature calls.
		const near = new Map<number, number>();
		const bump = (id: number) => near.set(id, (near.get(id) ?? 0) + 1);
		const bodies = new Set(a.sources.filter((x) => x.unit !== "signature").map((x) => x.node.def.id));
		for (const id of bodies) {
			const d = index.defById(id);
			if (!d) continue;
			for (const e of index.edgesFrom(id)) if (ADJACENT_KINDS.has(e.kind)) bump(e.dst);
			if (d.fanIn <= HOT_FAN_IN)
				for (const e of index.edgesTo(id)) if (ADJACENT_KINDS.has(e.kind)) bump(e.src);
		}
		for (const x of a.sources) {
			if (x.unit !== "signature" || bodies.has(x.node.def.id) || !onChain.has(x.node.def.id)) continue;
			for (const e of index.edgesFrom(x.node.def.id)) if (ADJACENT_KINDS.has(e.kind)) bump(e.dst);
		}
		const scored: { d: DefRow; owner: MaterialSource; score: number }[] = [];
		const files = [...new Set(a.sources.map((x) => x.range.file))].slice(0, HELD_FILES);
		for (const file of files) {
			const owner = a.sources.find((x) => x.range.file === file) as MaterialSource;
			for (const d of index.defsInFile(file)) {
				if (known.has(d.id) || !HELD_KINDS.has(d.kind) || d.startLine === null) continue;
				const adj = d.fanIn > HOT_FAN_IN ? 0 : (near.get(d.id) ?? 0);
				const score = input.relevance(d) + ADJACENT_WEIGHT * Math.min(adj, ADJACENT_CAP);
				if (score > 0) scored.push({ d, owner, score });
			}
		}
		scored.sort((x, y) => y.score - x.score);
		for (const { d, owner } of scored.slice(0, n)) {
			known.add(d.id);
			signature(outlineNeighbour(d, owner), budget);
		}
	};
	// The outline of the best files read: their other functions and methods, one line each (a
	// flow often runs through several methods of one class, not all of them in the skeleton).
	const outlineFiles = [...new Set(a.sources.filter((s) => s.unit !== "signature").map((s) => s.range.file))];
	/** Another definition of a read file, listed as a one-line neighbour of the file's first source. */
	const outlineNeighbour = (d: DefRow, owner: MaterialSource) => ({
		node: {
			def: d,
			depth: owner.node.depth,
			via: "outline" as const,
			from: null,
			nodeClass: "major" as const,
			relevance: input.relevance(d),
		},
		chain: owner.chain,
		role: "neighbour" as const,
	});
	/** Up to `perFile` further functions, methods and classes of each file, as one-line neighbours. */
	const outlineOf = (files: readonly string[], perFile: number) => {
		for (const file of files) {
			const owner = a.sources.find((s) => s.range.file === file) as MaterialSource;
			let n = 0;
			for (const d of index.defsInFile(file)) {
				if (n >= perFile || !OUTLINE_KINDS.has(d.kind) || known.has(d.id)) continue;
				known.add(d.id);
				n++;
				signature(outlineNeighbour(d, owner), budget);
			}
		}
	};
	// First, the definitions of the held files the question's words and the material's edges rate
	// best (a class's methods past the outline's first twenty, the function a read body calls).
	heldFileDefs(reach.heldFileDefs);
	/** Up to `NEIGHBOURS_PER_DEF` direct neighbours of each body read, as one-line entries. */
	const neighbours = () => {
		const read = a.sources.filter((s) => s.unit !== "signature" && s.node.def.kind !== "module");
		for (const s of read) {
			// A widely used definition's callers are no map of where to look: its callees are.
			const d0 = s.node.def;
			const edges = [
				...index.edgesFrom(d0.id).map((e) => ({ id: e.dst, kind: e.kind, via: "callee" })),
				...(d0.fanIn <= HOT_FAN_IN ? index.edgesTo(d0.id) : []).map((e) => ({
					id: e.src,
					kind: e.kind,
					via: "caller",
				})),
			].filter((e) => NEIGHBOUR_KINDS.has(e.kind) && !known.has(e.id));
			let n = 0;
			for (const e of edges) {
				if (n >= NEIGHBOURS_PER_DEF) break;
				const d = index.defById(e.id);
				if (!d?.file || d.kind === "module" || d.kind === "dispatch-key" || isAuxiliaryPath(d.file)) continue;
				known.add(d.id);
				n++;
				signature(
					{
						node: {
							def: d,
							depth: s.node.depth + 1,
							via: e.via,
							from: s.node.def.id,
							nodeClass: "major",
							relevance: input.relevance(d),
						},
						chain: s.chain,
						role: "neighbour",
					},
					budget,
				);
			}
		}
	};
	questionHits(reach.questionHits);
	if (reach.neighboursBeforeOutline) neighbours();
	implementations(reach.implementations);
	valuesCalledThrough(reach.valuesCalledThrough);
	restOfSlices();
	outlineOf(outlineFiles.slice(0, OUTLINE_FILES), OUTLINE_DEFS);
	if (!reach.neighboursBeforeOutline) neighbours();

	// With what the neighbours left: the functions and methods past a file's outline cap that the
	// question's words rate (in a long class the method the question names is often past the first
	// twenty), most relevant first.
	for (const file of outlineFiles.slice(0, OUTLINE_FILES)) {
		const owner = a.sources.find((s) => s.range.file === file) as MaterialSource;
		for (const d of pastOutline(index.defsInFile(file), known, input.relevance)) {
			known.add(d.id);
			signature(outlineNeighbour(d, owner), budget);
		}
	}

	// Then the outline of the files whose chain steps are listed only as signatures (a flow's other
	// methods in a class no body was read from), fewer files and definitions than a read file's.
	const stepFiles = [
		...new Set(
			a.sources
				.filter((s) => s.unit === "signature" && s.node.via !== "outline" && s.node.via !== "parent")
				.map((s) => s.range.file),
		),
	].filter((f) => !outlineFiles.includes(f));
	outlineOf(stepFiles.slice(0, reach.stepOutlineFiles), reach.stepOutlineDefs);
	// Then, beside a signature-only step's first line, the lines where it fires a key (an event, a
	// method call, a route): the hop a flow makes is often deep in a step no body was read of.
	shortPicks(reach.shortPicks);
	if (reach.keyHopLines) keyHopLines();
	// The entries that waited, best rated first (a stable sort keeps each rating's order).
	waitingListed = true;
	for (const c of waiting.sort((x, y) => input.relevance(y.node.def) - input.relevance(x.node.def)))
		if (!a.bodies.has(c.node.def.id)) signature(c, budget);

	// Pass 4: with what is left, the bodies that did not fit the first pass.
	for (const c of deferred) {
		const d = c.node.def;
		if (a.bodies.has(d.id)) continue;
		// The signature line goes only once the body holds the head line: a long definition whose
		// first slice no longer fits would otherwise lose the one line that names it.
		if (!addDefinition(a, c, input, config, onChain, budget)) {
			signature(c, budget);
			continue;
		}
		a.bodies.add(d.id);
		if (a.holdsHead(d)) a.dropSignature(d.id);
	}
	// Bodies, slices and blocks in the order they were chosen; the signature map after them.
	const sources = [
		...a.sources.filter((s) => s.unit !== "signature"),
		...a.sources.filter((s) => s.unit === "signature"),
	];
	return { sources, impact: input.impact ?? null, tokens: a.spent, budget };
}
