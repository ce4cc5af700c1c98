/**
 * The enclosing definition around a nested one read: a long registering closure (`app.on('ready',
 * async () => { … })`, a CLI command's `handler`, a hook returning its listeners) whose nested
 * handler the material reads whole while its own lines — the window it makes, the register calls
 * it runs, the call that registers the nested handler — are never sliced, as the enclosing
 * definition is on no chain (Session 48, mat48's census: 19 gold lines in Bruno's and undb's
 * registering closures). Its slices around its own hops and the nested definition's head come
 * right after the bodies read, within a small share.
 */
import type { DefRow } from "../../index/types.js";
import type { Assembly } from "./assembly.js";
import { named, reachedCandidate } from "./candidate.js";
import type { AssembleInput } from "./input.js";
import { hopLines } from "./read-definition.js";
import { sliceDefinition } from "./slices.js";

/** What encloses a handler with lines of its own: a function or method (not a class or an object). */
const ENCLOSING_KINDS = new Set(["function", "method"]);

/** The innermost function or method of `def`'s file that strictly encloses it, if any. */
export function enclosingDefinition(a: Assembly, def: DefRow): DefRow | null {
	if (!def.file || def.startLine === null || def.endLine === null) return null;
	const { startLine: s, endLine: e } = def;
	let best: DefRow | null = null;
	for (const d of a.index.defsInFile(def.file)) {
		if (d.id === def.id || !ENCLOSING_KINDS.has(d.kind) || d.startLine === null || d.endLine === null)
			continue;
		if (d.startLine > s || d.endLine < e || (d.startLine === s && d.endLine === e)) continue;
		if (!best || d.endLine - d.startLine < (best.endLine as number) - (best.startLine as number)) best = d;
	}
	return best;
}

/**
 * For the bodies read so far (in the order read), at most `max` enclosing definitions no source reads,
 * each as up to `lines` lines of slices: its head, the lines registering the nested definition, its
 * own hops, the question's words — only the lines no source holds yet, within `limit`.
 */
export function readEnclosingSlices(
	a: Assembly,
	input: Pick<AssembleInput, "words" | "relevance">,
	onChain: ReadonlySet<number>,
	lines: number,
	max: number,
	limit: number,
	/** Only the enclosing definitions of at least this many lines. */
	minLines = 0,
	/** Only its head and the lines where it calls, makes or registers what the material holds or the chain has. */
	hopsOnly = false,
): void {
	if (lines <= 0 || max <= 0) return;
	const done = new Set<number>();
	const held = new Set(a.sources.map((x) => x.node.def.id));
	const read = a.sources.filter((x) => x.unit !== "signature" && x.role !== "caller" && x.role !== "module");
	for (const src of read) {
		if (done.size >= max) return;
		const inner = src.node.def;
		const outer = enclosingDefinition(a, inner);
		if (!outer || done.has(outer.id) || a.bodies.has(outer.id) || a.sliced.has(outer.id)) continue;
		const file = outer.file as string;
		const start = outer.startLine as number;
		const end = outer.endLine as number;
		if (end - start + 1 < minLines) continue;
		done.add(outer.id);
		// The line registering the nested definition (the call it is written into) first, then the hops.
		const nested = siblingRegisterLines(a, outer, inner);
		const sites = [
			...new Set([
				Math.max(start, (inner.startLine as number) - 1),
				...hopLines(a.index, outer, input, onChain).filter((l) => !nested.has(l)),
			]),
		];
		const slices = hopsOnly
			? heldHopLines(a, outer, held, onChain, lines)
			: sliceDefinition({
					lines: a.index.fileLines(file, start, end) ?? [],
					startLine: start,
					sites,
					words: input.words,
					maxLines: lines,
					decorated: a.reach.declarationLines,
				});
		const c = reachedCandidate(
			outer,
			{ depth: src.node.depth, via: "enclosing", from: inner.id, relevance: input.relevance(outer) },
			src.chain,
			"chain",
		);
		let any = false;
		for (const [s0, e0] of slices) {
			for (const [s, e] of a.uncovered(file, s0, e0)) {
				const label = `${named(outer)} (lines ${s}-${e} of ${start}-${end}, around ${named(inner)})`;
				if (a.add(c, s, e, "slice", label, limit)) any = true;
			}
		}
		if (any) a.markRead(outer);
	}
}

/**
 * The head line of `outer` and its own lines that call, make or register a definition the material
 * holds (a body or a map line) or the chain has, the bodies read first, at most `lines` lines, as
 * one-line ranges in line order.
 */
function heldHopLines(
	a: Assembly,
	outer: DefRow,
	held: ReadonlySet<number>,
	onChain: ReadonlySet<number>,
	lines: number,
): [number, number][] {
	const start = outer.startLine as number;
	const end = outer.endLine as number;
	const rank = (dst: number) => (a.bodies.has(dst) ? 0 : held.has(dst) ? 1 : onChain.has(dst) ? 2 : 3);
	const hops = a.index
		.edgesFrom(outer.id)
		.filter(
			(e) =>
				e.line !== null && e.file === outer.file && e.line > start && e.line <= end && e.kind !== "reference",
		)
		.map((e) => ({ line: e.line as number, r: rank(e.dst) }))
		.filter((x) => x.r < 3)
		.sort((x, y) => x.r - y.r || x.line - y.line);
	const picked = new Set<number>([start]);
	for (const h of hops) {
		if (picked.size >= lines) break;
		picked.add(h.line);
	}
	// Lines at most two apart read as one range (one label instead of two).
	const out: [number, number][] = [];
	for (const l of [...picked].sort((x, y) => x - y)) {
		const last = out.at(-1);
		if (last && l - last[1] <= 2) last[1] = l;
		else out.push([l, l]);
	}
	return out;
}

/**
 * The lines where `outer` registers a handler written inside itself other than `inner` (the sibling routes of
 * one `route()` closure): no hop out of the closure, and the question's words find what they hold.
 */
function siblingRegisterLines(a: Assembly, outer: DefRow, inner: DefRow): Set<number> {
	const out = new Set<number>();
	const s = outer.startLine as number;
	const e = outer.endLine as number;
	for (const r of a.index.edgesFrom(outer.id)) {
		if (r.kind !== "register" || r.line === null) continue;
		const hs = a.index
			.edgesFrom(r.dst)
			.filter((h) => h.kind === "handler")
			.map((h) => a.index.defById(h.dst));
		const inside =
			hs.length > 0 &&
			hs.every(
				(h) =>
					h && h.id !== inner.id && h.file === outer.file && (h.startLine ?? 0) > s && (h.endLine ?? 0) <= e,
			);
		if (inside) out.add(r.line);
	}
	return out;
}
