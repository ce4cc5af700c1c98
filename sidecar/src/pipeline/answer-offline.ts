/**
 * The offline (no LLM) answer: a structured, extractive Markdown answer built from the skeleton
 * and the bodies read. Entry points, then each chain one line per hop with its citation, the
 * handlers on each dispatch key, and short code excerpts. The sources list is appended after
 * verification (see ask.ts), so it can only ever show verified citations.
 */

import { firstSentence } from "../index/doc-comment.js";
import type { DefRow } from "../index/types.js";
import type { PipelineConfig } from "./config.js";
import type { ReadItem } from "./read.js";
import type { Skeleton, SkeletonNode } from "./skeleton.js";
import type { CitationDraft } from "./verify.js";

export interface DraftAnswer {
	body: string;
	drafts: CitationDraft[];
}

/** Longest range cited for a definition that was not read (its head: where it starts). */
const MAX_CITED_LINES = 40;

/** Numbers citations in order of first use; one number per definition. */
export class CitationBook {
	readonly drafts: CitationDraft[] = [];
	private readonly byDef = new Map<string, number>();

	constructor(private readonly max: number) {}

	/** Marker `[n]` for a definition, or "" when it has no file or the book is full. */
	cite(def: DefRow, range?: { startLine: number; endLine: number }): string {
		const known = this.byDef.get(def.defId);
		if (known) return `[${known}]`;
		if (!def.file || def.startLine === null || def.endLine === null || this.drafts.length >= this.max)
			return "";
		const n = this.drafts.length + 1;
		this.byDef.set(def.defId, n);
		this.drafts.push({
			n,
			file: def.file,
			startLine: range?.startLine ?? def.startLine,
			endLine: range?.endLine ?? Math.min(def.endLine, def.startLine + MAX_CITED_LINES - 1),
			symbol: def.qualifiedName,
		});
		return `[${n}]`;
	}

	/** Marker for a range that is no definition of its own (an inline handler), cited for `symbol`. */
	citeRange(file: string, startLine: number, endLine: number, symbol: string): string {
		const id = `${file}:${startLine}`;
		const known = this.byDef.get(id);
		if (known) return `[${known}]`;
		if (this.drafts.length >= this.max) return "";
		const n = this.drafts.length + 1;
		this.byDef.set(id, n);
		this.drafts.push({ n, file, startLine, endLine, symbol });
		return `[${n}]`;
	}
}

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

function keyLabel(def: DefRow): string {
	const trunk = def.defId.startsWith("trunk:") ? def.defId.slice(6, def.defId.indexOf("#")) : "key";
	return `${trunk} key ${code(def.name)}`;
}

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

/** One chain as an indented hop list, in the order the skeleton walked it. */
function renderChain(sk: Skeleton, book: CitationBook, maxHops: number): string[] {
	const children = new Map<number | null, SkeletonNode[]>();
	for (const n of sk.nodes) {
		const list = children.get(n.from) ?? [];
		list.push(n);
		children.set(n.from, list);
	}
	const lines: string[] = [];
	const seen = new Set<number>();
	const walk = (n: SkeletonNode, indent: number) => {
		if (seen.has(n.def.id) || lines.length >= maxHops) return;
		seen.add(n.def.id);
		const pad = "  ".repeat(indent);
		if (n.nodeClass === "key") {
			const handlers = [
				...(n.handlers ?? []).map((h) => `${code(h.qualifiedName)} ${book.cite(h)}`.trim()),
				...(n.inlineHandlers ?? []).map((h) =>
					`inline in ${code(`${h.file}:${h.startLine}`)} ${h.keyInRange ? book.citeRange(h.file, h.startLine, h.endLine, n.def.qualifiedName) : ""}`.trim(),
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
				`${pad}- ${`${code(n.def.qualifiedName)}${where} ${book.cite(n.def)}${viaLabel(n.via)}${tag}`.replace(/ +/g, " ")}`,
			);
		}
		for (const c of children.get(n.def.id) ?? []) walk(c, Math.min(indent + 1, 6));
	};
	for (const root of children.get(null) ?? []) walk(root, 0);
	return lines;
}

export function offlineAnswer(
	question: string,
	skeletons: readonly Skeleton[],
	read: readonly ReadItem[],
	config: PipelineConfig,
): DraftAnswer {
	const book = new CitationBook(config.maxCitations);
	// Citations go first to one definition per file, taking chains in turn, roots first: with a
	// bounded number of citations the answer then points into as many files as possible.
	// A citation points at what was read of a definition (its head for a long body), not at a whole
	// 900-line class: the range must help a reader find the place.
	const readRange = new Map<string, { startLine: number; endLine: number }>();
	for (const r of read) if (!readRange.has(r.range.defId)) readRange.set(r.range.defId, r.range);
	for (const def of citationOrder(skeletons, read)) book.cite(def, readRange.get(def.defId));
	const out: string[] = [];
	out.push(`**Question:** ${question.trim()}`, "");
	if (skeletons.every((sk) => sk.nodes.length === 0)) {
		out.push(
			"Nothing in the index matches this question. Try the names used in the code (functions, files, folders).",
		);
		return { body: out.join("\n"), drafts: [] };
	}
	out.push(
		"_Offline answer, assembled from the index without an LLM: the definitions that match the question, followed along the call graph and string-dispatch keys._",
		"",
		"### Entry points",
	);
	// Two roots per chain, strongest chains first: where to start reading.
	const entries = skeletons.flatMap((sk) => sk.nodes.filter((x) => x.depth === 0).slice(0, 2)).slice(0, 10);
	for (const n of entries) {
		const doc = firstSentence(n.def.doc, 160);
		const label = n.nodeClass === "key" ? keyLabel(n.def) : `${code(n.def.qualifiedName)} (${n.def.kind})`;
		const where = n.def.file ? ` in ${code(n.def.file)}` : "";
		out.push(`- ${label}${where} ${book.cite(n.def)}${doc ? ` — ${doc}` : ""}`.replace(/ +/g, " "));
	}
	out.push("");
	const hopsPerChain = Math.max(8, Math.floor((config.maxCitations * 2) / Math.max(1, skeletons.length)));
	skeletons.forEach((sk, i) => {
		if (sk.nodes.length === 0) return;
		out.push(
			`### ${i + 1}. ${sk.chain.title} (${sk.direction === "downstream" ? "what it calls" : "who uses it"})`,
		);
		out.push(...renderChain(sk, book, hopsPerChain), "");
	});

	// Cited definitions the chains above did not show (cut for length): listed so nothing cited is hidden.
	const shown = out.join("\n");
	const unshown = book.drafts.filter((d) => !new RegExp(`\\[${d.n}\\]`).test(shown));
	if (unshown.length > 0) {
		out.push("### Also relevant");
		for (const d of unshown) out.push(`- ${code(d.symbol)} in ${code(d.file)} [${d.n}]`);
		out.push("");
	}

	const excerpts = read.filter((r) => r.node.nodeClass !== "type").slice(0, config.maxExcerpts);
	if (excerpts.length > 0 && config.excerptLines > 0) {
		out.push("### Code excerpts");
		for (const r of excerpts) {
			const lines = r.text.split("\n").slice(0, config.excerptLines);
			const end = r.range.startLine + lines.length - 1;
			const marker = book.cite(r.node.def);
			out.push(
				`${marker} ${code(r.node.def.qualifiedName)} — ${r.range.file}:${r.range.startLine}-${end}`.trim(),
				`\`\`\`${extOf(r.range.file)}`,
				...lines,
				"```",
			);
		}
		out.push("");
	}
	return { body: out.join("\n").trimEnd(), drafts: book.drafts };
}

/** The sources list `[n] path:start-end — symbol`, rendered from verified citations only. */
export function renderSources(
	citations: readonly { n: number; file: string; startLine: number; endLine: number; symbol: string }[],
): string {
	if (citations.length === 0) return "";
	return [
		"### Sources",
		...citations.map((c) => `[${c.n}] ${c.file}:${c.startLine}-${c.endLine} — ${c.symbol}`),
	].join("\n");
}

/** Definitions in the order they should receive citations: read ones, distinct files first. */
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
