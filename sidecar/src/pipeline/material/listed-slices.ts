/**
 * The room the map holds to no end, taken back at the end of the assembly and spent on the long
 * definitions it lists by their first line only. Two kinds of map line hold nothing the answer
 * reads (sessions 45–46, mat45 / mat46 censuses): an outline entry tied to nothing (the question's
 * words do not rate it, no edge joins it to a body read or a chain step listed) and a signature
 * line a body or slice of the material prints again. Meanwhile the gold lines the map misses sit
 * mostly inside the very long definition it names by one line (123 of 135 on six dev sets): the
 * room goes to that definition's deciding slices — the hops on the chain with what decides them,
 * the question's words (slices.ts) — in the order the map lists the definitions.
 */
import type { DefRow } from "../../index/types.js";
import type { Candidate } from "./candidate.js";
import { named } from "./candidate.js";
import type { AssembleInput } from "./input.js";
import { ADJACENT_KINDS } from "./map-outline.js";
import { hopLines } from "./read-definition.js";
import type { SignatureMap } from "./signature-map.js";
import { sliceDefinition } from "./slices.js";
import type { MaterialSource } from "./types.js";

/** Kinds whose slices say nothing their members' own entries do not. */
const NO_SLICE_KINDS = new Set(["class", "interface", "type", "dispatch-key"]);

/** What the room is spent on: per definition the map lists, at most `lines` lines of slices. */
export interface ListedSlices {
	lines: number;
	/** The definitions given slices so far (a second pass goes on past them). */
	done: Set<number>;
	/** Also drop the outline entries tied to nothing (else only the lines printed twice go). */
	dropUntied: boolean;
	/** Only the chain's own steps (no neighbour or outline entry) get slices. */
	chainOnly: boolean;
	/**
	 * The definitions the flow runs through first (a hop inside them reaches a body read or a chain
	 * step), then the question's words' rating, then the map's order — not the map's order alone.
	 */
	ranked: boolean;
	/** Only the definitions the flow runs through get slices. */
	throughOnly: boolean;
}

/**
 * Drop the map lines that hold nothing, then read slices of the definitions the map lists, first
 * listed first, within `budget`. Returns the tokens the dropped lines had cost.
 */
export function readListedSlices(
	m: SignatureMap,
	input: Pick<AssembleInput, "words" | "relevance">,
	onChain: ReadonlySet<number>,
	opts: ListedSlices,
	budget: number,
): number {
	if (opts.lines <= 0) return 0;
	const a = m.a;
	const before = a.spent;
	for (const s of printedTwice(a.sources)) a.dropListed(s);
	if (opts.dropUntied) for (const s of untiedOutline(m, input, onChain)) a.dropListed(s);
	const freed = before - a.spent;
	const seen = opts.done;
	const listed: MaterialSource[] = [];
	for (const s of a.sources.filter((x) => x.unit === "signature")) {
		const d = s.node.def;
		if (seen.has(d.id) || a.bodies.has(d.id) || listed.some((x) => x.node.def.id === d.id)) continue;
		if (opts.chainOnly && !onChain.has(d.id)) continue;
		// The entry of the definition itself (its declaration line), not a line listed inside it.
		if (!d.file || d.startLine === null || d.endLine === null || NO_SLICE_KINDS.has(d.kind)) continue;
		if (s.range.startLine < d.startLine || s.range.startLine > d.startLine + DECLARATION_REACH) continue;
		if (d.endLine <= s.range.endLine) continue;
		listed.push(s);
	}
	const through = throughDefs(m, listed, onChain);
	const order =
		opts.ranked || opts.throughOnly
			? listed
					.map((s, i) => ({ s, i, t: through.has(s.node.def.id) ? 1 : 0, r: input.relevance(s.node.def) }))
					.filter((x) => !opts.throughOnly || x.t > 0)
					.sort((x, y) => (opts.ranked ? y.t - x.t || y.r - x.r : 0) || x.i - y.i)
					.map((x) => x.s)
			: listed;
	for (const s of order) {
		if (a.spent >= budget) break;
		seen.add(s.node.def.id);
		readSlices(m, s, s.node.def, input, onChain, opts.lines, budget);
	}
	return freed;
}

/** Hops a flow runs on. */
const THROUGH_KINDS = new Set(["call", "new", "dispatch", "register", "handler"]);

/** The listed definitions a hop inside reaches a body read or a chain step from. */
function throughDefs(
	m: SignatureMap,
	listed: readonly MaterialSource[],
	onChain: ReadonlySet<number>,
): Set<number> {
	const a = m.a;
	const read = new Set(a.sources.filter((x) => x.unit !== "signature").map((x) => x.node.def.id));
	const out = new Set<number>();
	for (const s of listed) {
		const d = s.node.def;
		const inside = (line: number | null) =>
			line !== null && line > (d.startLine as number) && line <= (d.endLine as number);
		if (
			a.index
				.edgesFrom(d.id)
				.some(
					(e) =>
						THROUGH_KINDS.has(e.kind) &&
						e.file === d.file &&
						inside(e.line) &&
						e.dst !== d.id &&
						(read.has(e.dst) || onChain.has(e.dst)),
				)
		)
			out.add(d.id);
	}
	return out;
}

/** A declaration line sits this far below a definition's first line at most (its decorators). */
const DECLARATION_REACH = 40;

/** `d`'s slices (none above its listed line), at most `lines` lines, most important first. */
function readSlices(
	m: SignatureMap,
	s: MaterialSource,
	d: DefRow,
	input: Pick<AssembleInput, "words" | "relevance">,
	onChain: ReadonlySet<number>,
	lines: number,
	budget: number,
): void {
	const a = m.a;
	const file = d.file as string;
	const start = d.startLine as number;
	const end = d.endLine as number;
	const text = a.index.fileLines(file, start, end) ?? [];
	if (!text.length) return;
	const sites = hopLines(a.index, d, input, onChain);
	const slices = sliceDefinition({
		lines: text,
		startLine: start,
		sites,
		words: input.words,
		maxLines: lines,
		decorated: a.reach.declarationLines,
	});
	const importance = ([x, y]: [number, number]) => {
		const i = sites.findIndex((l) => x <= l && l <= y);
		return i < 0 ? sites.length : i;
	};
	const c: Candidate = { node: s.node, chain: s.chain, role: onChain.has(d.id) ? "chain" : "neighbour" };
	const listedLine = s.range.endLine;
	const runs = slices
		.sort((x, y) => importance(x) - importance(y) || x[0] - y[0])
		.flatMap(([x, y]) => a.uncovered(file, Math.max(x, listedLine + 1), y))
		.filter(([x, y]) => x <= y);
	for (const [x, y] of runs)
		a.add(c, x, y, "slice", `${named(d)} (lines ${x}-${y} of ${start}-${end})`, budget);
}

/** Signature lines a body, slice or block of the material prints as well. */
function printedTwice(sources: readonly MaterialSource[]): MaterialSource[] {
	const read = sources.filter((x) => x.unit !== "signature");
	return sources.filter(
		(s) =>
			s.unit === "signature" &&
			read.some(
				(x) =>
					x.range.file === s.range.file &&
					x.range.startLine <= s.range.startLine &&
					s.range.endLine <= x.range.endLine,
			),
	);
}

/**
 * Outline entries (another definition of a file read) the question's words do not rate and no
 * edge joins to a body read or a chain step listed.
 */
function untiedOutline(
	m: SignatureMap,
	input: Pick<AssembleInput, "relevance">,
	onChain: ReadonlySet<number>,
): MaterialSource[] {
	const a = m.a;
	const held = new Set<number>();
	for (const x of a.sources)
		if (x.unit !== "signature" || onChain.has(x.node.def.id)) held.add(x.node.def.id);
	const tied = (id: number) =>
		a.index.edgesFrom(id).some((e) => ADJACENT_KINDS.has(e.kind) && held.has(e.dst)) ||
		a.index.edgesTo(id).some((e) => ADJACENT_KINDS.has(e.kind) && held.has(e.src));
	return a.sources.filter(
		(s) =>
			s.unit === "signature" &&
			s.node.via === "outline" &&
			!onChain.has(s.node.def.id) &&
			input.relevance(s.node.def) === 0 &&
			!tied(s.node.def.id),
	);
}
