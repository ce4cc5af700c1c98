/**
 * The offline (no LLM) answer: a structured, extractive Markdown answer built from the skeleton
 * and the bodies read. Entry points, then each chain one line per hop with its citation, the
 * handlers on each dispatch key, and short code excerpts. The sources list is appended after
 * verification (see ask.ts), so it can only ever show verified citations.
 */

import { firstSentence } from "../index/doc-comment.js";
import type { DefRow } from "../index/types.js";
import { CitationBook, type DraftAnswer } from "./citation-book.js";
import type { PipelineConfig } from "./config.js";
import { inShort } from "./in-short.js";
import type { Labels } from "./labels.js";
import { code, keyLabel } from "./markdown.js";
import type { Neighbours } from "./neighbours.js";
import type { CitationRanking } from "./rank.js";
import type { ReadItem } from "./read.js";
import type { Direction, Skeleton, SkeletonNode } from "./skeleton.js";

function viaLabel(via: string): string {
	if (via === "seed") return "";
	if (via === "caller") return " — calls it";
	if (via.startsWith("handler:")) return " — handler";
	if (via.startsWith("dispatch:")) return " — dispatches";
	if (via.startsWith("register:")) return " — registers";
	return ` — ${via}`;
}

function extOf(path: string): string {
	const ext = path.split(".").pop() ?? "";
	return ["ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts"].includes(ext) ? ext.replace(/^[mc]/, "") : "";
}

/** Sentences of the "In short" paragraph at most. */
const IN_SHORT_SENTENCES = 6;
/** Uncited hops of a node named on its "also" line. */
const OTHER_HOPS = 10;
/** Uncited nodes of a chain named on its closing "also in this chain" line. */
const REST_OF_CHAIN = 15;
/** Definitions listed under "Key places" (one per file, best first). */
const KEY_PLACES = 8;
/** Direct callers or callees named under a key place or a chain's starting point. */
const NEIGHBOURS = 6;

/**
 * "calls: `a` [3], `b`, and 2 more" (or "used by: …" upstream): a definition's direct neighbours
 * from the index, cited ones first (by their existing marker: a back-reference, never a new
 * citation), then those the skeleton reached, then the rest; `skip` are shown right there already.
 * With `markable`, only markers already printed above are repeated: citations are numbered in
 * order of appearance, so a back-reference to a later one would renumber the best sources.
 */
function neighbourLine(
	def: DefRow,
	direction: Direction,
	neighbours: Neighbours,
	book: CitationBook,
	skip: ReadonlySet<number>,
	inSkeleton: ReadonlySet<number>,
	markable?: (marker: string) => boolean,
): string | null {
	const list = neighbours(def, direction).filter((n) => !skip.has(n.def.id));
	if (list.length === 0) return null;
	const marker = (d: DefRow) => {
		const m = book.marker(d);
		return m && (!markable || markable(m)) ? m : "";
	};
	const number = (d: DefRow) => Number(marker(d).slice(1, -1)) || Number.MAX_SAFE_INTEGER;
	const sorted = [...list].sort(
		(a, b) =>
			number(a.def) - number(b.def) || Number(inSkeleton.has(b.def.id)) - Number(inSkeleton.has(a.def.id)),
	);
	const shown = sorted.slice(0, NEIGHBOURS);
	const names = (implementation: boolean) =>
		shown
			.filter((n) => n.implementation === implementation)
			.map((n) => `${book.name(n.def)} ${marker(n.def)}`.trim());
	const more = sorted.length > NEIGHBOURS ? `, and ${sorted.length - NEIGHBOURS} more` : "";
	const groups = [
		[direction === "downstream" ? "calls" : "used by", names(false)],
		[direction === "downstream" ? "implemented by" : "implements", names(true)],
	] as const;
	return `${groups
		.filter(([, list]) => list.length > 0)
		.map(([verb, list]) => `${verb}: ${list.join(", ")}`)
		.join("; ")}${more}`;
}

/** What the answer knows of the whole skeleton: where each node sits, for the neighbour lines. */
interface NeighbourContext {
	neighbours: Neighbours;
	inSkeleton: ReadonlySet<number>;
	/** Key places: their neighbours are named there already, not again under their chain. */
	named: ReadonlySet<number>;
}

/**
 * One chain as an indented hop list, in the order the skeleton walked it, keeping only the hops
 * that are cited or lead to a cited hop (and the dispatch keys between them): the chain shows
 * the path to what the answer cites, not every node the walk visited.
 */
function renderChain(
	sk: Skeleton,
	book: CitationBook,
	maxHops: number,
	near: NeighbourContext | null = null,
): string[] {
	const children = new Map<number | null, SkeletonNode[]>();
	for (const n of sk.nodes) {
		const list = children.get(n.from) ?? [];
		list.push(n);
		children.set(n.from, list);
	}
	const cited = (n: SkeletonNode) =>
		n.nodeClass === "key"
			? (n.handlers ?? []).some((h) => book.marker(h)) ||
				(n.inlineHandlers ?? []).some((h) => h.keyInRange && book.rangeMarker(h.file, h.startLine))
			: book.marker(n.def) !== "";
	const kept = new Map<number, boolean>();
	const keep = (n: SkeletonNode, path: Set<number>): boolean => {
		const known = kept.get(n.def.id);
		if (known !== undefined) return known;
		if (path.has(n.def.id)) return false;
		path.add(n.def.id);
		let k = cited(n);
		for (const c of children.get(n.def.id) ?? []) if (keep(c, path)) k = true;
		path.delete(n.def.id);
		kept.set(n.def.id, k);
		return k;
	};
	const lines: string[] = [];
	const seen = new Set<number>();
	const walk = (n: SkeletonNode, indent: number, shownParent: boolean) => {
		if (seen.has(n.def.id) || lines.length >= maxHops) return;
		// A key right under a shown hop is one informative line (its handlers), even when none is cited.
		if (!keep(n, new Set()) && !(shownParent && n.nodeClass === "key")) return;
		seen.add(n.def.id);
		const pad = "  ".repeat(indent);
		if (n.nodeClass === "key") {
			const handlers = [
				...(n.handlers ?? []).map((h) => `${book.name(h)} ${book.marker(h)}`.trim()),
				...(n.inlineHandlers ?? []).map((h) =>
					`inline in ${code(`${h.file}:${h.startLine}`)} ${h.keyInRange ? book.rangeMarker(h.file, h.startLine) : ""}`.trim(),
				),
			];
			lines.push(
				`${pad}- ${keyLabel(n.def)}${viaLabel(n.via)}${handlers.length ? `; handlers: ${handlers.join(", ")}` : "; no registered handler in the index"}`,
			);
			for (const h of n.handlers ?? []) seen.add(h.id);
		} else {
			const where = n.def.file ? ` in ${code(n.def.file)}` : "";
			const tag =
				n.nodeClass === "hot" ? " (widely used)" : n.nodeClass === "boundary" ? " (other package)" : "";
			lines.push(
				`${pad}- ${`${book.name(n.def)}${where} ${book.marker(n.def)}${viaLabel(n.via)}${tag}`.replace(/ +/g, " ")}`,
			);
		}
		const next = children.get(n.def.id) ?? [];
		for (const c of next) walk(c, Math.min(indent + 1, 6), true);
		// The other hops of this node, named on one line without citations: the reader sees the
		// whole neighbourhood the walk found, at the cost of one line.
		const others = next.filter((c) => !seen.has(c.def.id) && c.nodeClass !== "key");
		if (others.length > 0 && lines.length < maxHops) {
			const names = others.slice(0, OTHER_HOPS).map((c) => book.name(c.def));
			const more = others.length > OTHER_HOPS ? `, and ${others.length - OTHER_HOPS} more` : "";
			lines.push(`${"  ".repeat(Math.min(indent + 1, 6))}- also: ${names.join(", ")}${more}`);
		}
		// A cited starting point also names its direct callers/callees that the walk printed
		// elsewhere or cut (it shows each node once, under whichever node reached it first).
		if (
			near &&
			indent === 0 &&
			n.nodeClass !== "key" &&
			!near.named.has(n.def.id) &&
			book.marker(n.def) &&
			lines.length < maxHops
		) {
			const skip = new Set(next.map((c) => c.def.id));
			const line = neighbourLine(n.def, sk.direction, near.neighbours, book, skip, near.inSkeleton);
			if (line) lines.push(`  - directly ${line}`);
		}
	};
	const roots = children.get(null) ?? [];
	for (const root of roots) walk(root, 0, false);
	// The rest of the chain (starting points first, then by depth): named on one line, so the
	// reader still sees what the walk found without a line per node.
	const unshown = sk.nodes
		.filter((n) => !seen.has(n.def.id) && n.nodeClass !== "key" && n.nodeClass !== "hot")
		.filter((n, i, all) => all.findIndex((m) => m.def.id === n.def.id) === i)
		.sort((a, b) => a.depth - b.depth || b.relevance - a.relevance);
	if (lines.length > 0 && unshown.length > 0) {
		const names = unshown
			.slice(0, REST_OF_CHAIN)
			.map((r) => `${book.name(r.def)} ${book.marker(r.def)}`.trim());
		const more = unshown.length > REST_OF_CHAIN ? `, and ${unshown.length - REST_OF_CHAIN} more` : "";
		lines.push(`- also in this flow: ${names.join(", ")}${more}`);
	}
	return lines;
}

/** Inline handlers written at their register site get a citation when the book has room left. */
function citeInlineHandlers(skeletons: readonly Skeleton[], book: CitationBook): void {
	for (const sk of skeletons) {
		for (const n of sk.nodes) {
			if (n.nodeClass !== "key") continue;
			for (const h of n.inlineHandlers ?? []) {
				if (h.keyInRange) book.citeRange(h.file, h.startLine, h.endLine, n.def.qualifiedName);
			}
		}
	}
}

export function offlineAnswer(
	question: string,
	skeletons: readonly Skeleton[],
	read: readonly ReadItem[],
	config: PipelineConfig,
	ranking: CitationRanking = { order: citationOrder(skeletons, read), fileScore: new Map() },
	neighbours: Neighbours | null = null,
	labels?: Labels,
): DraftAnswer {
	const book = new CitationBook(config.maxCitations, labels);
	// Citations go to the definitions read in order of relevance (rank.ts), so a small number of
	// citations still points at the files that answer the question. A citation points at what was
	// read of a definition (its head for a long body), never at a whole 900-line class.
	const readRange = new Map<string, { startLine: number; endLine: number }>();
	for (const r of read) if (!readRange.has(r.range.defId)) readRange.set(r.range.defId, r.range);
	for (const def of ranking.order) book.cite(def, readRange.get(def.defId));
	citeInlineHandlers(skeletons, book);
	const out: string[] = [];
	out.push(`**Question:** ${question.trim()}`, "");
	if (skeletons.every((sk) => sk.nodes.length === 0)) {
		out.push(
			"Nothing in the index matches this question. Try the names used in the code (functions, files, folders).",
		);
		return { body: out.join("\n"), drafts: [] };
	}
	const summary = inShort(skeletons, ranking, book, IN_SHORT_SENTENCES);
	if (summary.length > 0) out.push("### In short", "", summary.join(" "), "");
	out.push(
		"_Offline answer, assembled from the index without an LLM: the definitions that best match the question, followed along the call graph and string-dispatch keys._",
		"",
	);

	// Where to start reading: the best definition of each of the best files.
	const places: DefRow[] = [];
	const placeFiles = new Set<string>();
	for (const def of ranking.order) {
		if (places.length >= KEY_PLACES) break;
		if (!def.file || placeFiles.has(def.file) || !book.marker(def)) continue;
		placeFiles.add(def.file);
		places.push(def);
	}
	// Each node's direction is that of the first chain holding it (impact questions: all upstream).
	const directionOf = new Map<number, Direction>();
	for (const sk of skeletons)
		for (const n of sk.nodes) if (!directionOf.has(n.def.id)) directionOf.set(n.def.id, sk.direction);
	const near: NeighbourContext | null = neighbours
		? { neighbours, inSkeleton: new Set(directionOf.keys()), named: new Set(places.map((d) => d.id)) }
		: null;
	if (places.length > 0) {
		out.push("### Key places");
		for (const def of places) {
			const doc = firstSentence(def.description, 160);
			out.push(
				`- ${book.name(def)} (${def.kind}) in ${code(def.file ?? "")} ${book.marker(def)}${doc ? ` — ${doc}` : ""}`,
			);
			const direction = directionOf.get(def.id) ?? skeletons[0]?.direction ?? "downstream";
			const printed = out.join("\n");
			const line = near
				? neighbourLine(def, direction, near.neighbours, book, new Set(), near.inSkeleton, (m) =>
						printed.includes(m),
					)
				: null;
			if (line) out.push(`  - ${line}`);
		}
		out.push("");
	}

	const hopsPerChain = Math.max(6, Math.floor(config.maxCitations / Math.max(1, skeletons.length)));
	const chains = skeletons
		.map((sk) => ({ sk, lines: renderChain(sk, book, hopsPerChain, near) }))
		.filter((c) => c.lines.length > 0);
	if (chains.length > 0) out.push("### How it connects", "");
	chains.forEach(({ sk, lines }, i) => {
		out.push(
			`#### ${i + 1}. ${sk.chain.title} (${sk.direction === "downstream" ? "what it calls" : "who uses it"})`,
			...lines,
			"",
		);
	});

	// Cited definitions the parts above did not show (cut for length): listed so nothing cited is hidden.
	const shown = out.join("\n");
	const unshown = book.drafts.filter((d) => !new RegExp(`\\[${d.n}\\]`).test(shown));
	if (unshown.length > 0) {
		out.push("### Also relevant");
		for (const d of unshown) out.push(`- ${code(d.symbol)} in ${code(d.file)} [${d.n}]`);
		out.push("");
	}

	// Excerpts of the best-ranked definitions read (not types: their shape is in the signature).
	const readByDef = new Map<number, ReadItem>();
	for (const r of read) if (!readByDef.has(r.node.def.id)) readByDef.set(r.node.def.id, r);
	const excerpts = ranking.order
		.map((def) => readByDef.get(def.id))
		.filter((r): r is ReadItem => !!r && r.node.nodeClass !== "type" && !!book.marker(r.node.def))
		.slice(0, config.maxExcerpts);
	if (excerpts.length > 0 && config.excerptLines > 0) {
		out.push("### Code excerpts");
		for (const r of excerpts) {
			const lines = r.text.split("\n").slice(0, config.excerptLines);
			const end = r.range.startLine + lines.length - 1;
			out.push(
				`${book.marker(r.node.def)} ${book.name(r.node.def)} — ${r.range.file}:${r.range.startLine}-${end}`.trim(),
				`\`\`\`${extOf(r.range.file)}`,
				...lines,
				"```",
			);
		}
		out.push("");
	}
	return { body: out.join("\n").trimEnd(), drafts: book.drafts, ...(labels ? { labels } : {}) };
}

type SourceCitation = { n: number; file: string; startLine: number; endLine: number; symbol: string };

/**
 * The sources list `[n] path:start-end — name`, rendered from verified citations only; `name` says how
 * a citation's symbol is shown (a handler's label, labels.ts sourceLabel), the symbol itself by default.
 */
export function renderSources(
	citations: readonly SourceCitation[],
	label = "### Sources",
	name: (c: SourceCitation) => string = (c) => c.symbol,
): string {
	if (citations.length === 0) return "";
	return [label, ...citations.map((c) => `[${c.n}] ${c.file}:${c.startLine}-${c.endLine} — ${name(c)}`)].join(
		"\n",
	);
}

/**
 * The order used before citations were ranked by relevance (and still when no ranking is given):
 * read definitions, chains in turn, roots first, distinct files first.
 */
export function citationOrder(skeletons: readonly Skeleton[], read: readonly ReadItem[]): DefRow[] {
	const readIds = new Set(read.map((r) => r.node.def.id));
	const queues = skeletons.map((sk) =>
		sk.nodes
			.filter((n) => n.def.file && readIds.has(n.def.id))
			.sort((a, b) => a.depth - b.depth || b.relevance - a.relevance),
	);
	const firstPass: DefRow[] = [];
	const rest: DefRow[] = [];
	const files = new Set<string>();
	const seen = new Set<number>();
	for (let i = 0; queues.some((q) => i < q.length); i++) {
		for (const q of queues) {
			const n = q[i];
			if (!n || seen.has(n.def.id)) continue;
			seen.add(n.def.id);
			const file = n.def.file as string;
			if (files.has(file)) rest.push(n.def);
			else {
				files.add(file);
				firstPass.push(n.def);
			}
		}
	}
	return [...firstPass, ...rest];
}
