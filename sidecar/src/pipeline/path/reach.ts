/** What the graph reaches beyond the candidates: the far sides of keys the best candidates dispatch, and what the question's named code calls. */
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { type ConceptVector, questionShare } from "../concept-vector.js";
import { hopsFrom, STEP_KINDS, trunkEndsFrom } from "./graph.js";
import { lineHop } from "./hops.js";
import type { Edge, PathIndex } from "./types.js";

/**
 * Far ends: the best FAR_FROM candidates' dispatches to a key with at most FAR_HANDLERS handler are
 * followed FAR_DEPTH keys deep (FAR_MAX far ends at most). Run 14 — the path: on Postiz (a service
 * → Temporal workflow → activity) a notification email's flow crosses both keys; from all 24
 * candidates a dev-set question loses a core file, with keys of 3 handlers (event hooks,
 * any of which is a side effect) another question loses precision; depth 3 and 2 handlers alike.
 */
export const FAR_FROM = 8;

const FAR_DEPTH = 2;

const FAR_MAX = 12;

/**
 * Follow the point-to-point keys the best candidates dispatch (and those their far ends dispatch,
 * FAR_DEPTH keys deep, FAR_MAX far ends at most): each far end is added to the graph with its hops
 * to the graph's definitions, then every far end that leads on to no candidate or bridge (directly
 * or through another far end) is taken out again, unless `kept` holds it (background work a question
 * asks for; returned with the definition dispatching it). Far ends carry no worth here: what they add
 * is the hop across the key and the concepts of what they link to.
 */
export function joinFarEnds(
	index: PathIndex,
	from: readonly DefRow[],
	graph: Map<number, Edge[]>,
	byId: Map<number, DefRow>,
	kept: (key: DefRow, handler: DefRow) => boolean = () => false,
): Map<number, number> {
	const far = new Set<number>();
	// Far ends kept though they lead on to nothing (the question asks for them), each with the definition dispatching it.
	const held = new Map<number, number>();
	let frontier = [...from];
	for (let depth = 0; depth < FAR_DEPTH && frontier.length > 0; depth++) {
		const next: DefRow[] = [];
		for (const d of frontier)
			for (const { def: x, edge, key } of trunkEndsFrom(index, d)) {
				if (x.id === d.id || (graph.get(d.id) ?? []).some((e) => e.to === x.id)) continue;
				if (!byId.has(x.id)) {
					if (far.size >= FAR_MAX) continue;
					far.add(x.id);
					if (kept(key, x)) held.set(x.id, d.id);
					byId.set(x.id, x);
					graph.set(x.id, hopsFrom(index, x, byId));
					next.push(x);
				}
				graph.get(d.id)?.push({ to: x.id, hop: lineHop(index, edge, d, x, key) });
			}
		frontier = next;
	}
	const leads = new Set<number>();
	for (let grew = true; grew; ) {
		grew = false;
		for (const id of far)
			if (
				!leads.has(id) &&
				(held.has(id) || (graph.get(id) ?? []).some((e) => !far.has(e.to) || leads.has(e.to)))
			) {
				leads.add(id);
				grew = true;
			}
	}
	const gone = new Set([...far].filter((id) => !leads.has(id)));
	if (gone.size === 0) return held;
	for (const id of gone) {
		graph.delete(id);
		byId.delete(id);
	}
	for (const [id, edges] of graph)
		graph.set(
			id,
			edges.filter((e) => !gone.has(e.to)),
		);
	return held;
}

/** Calls followed on from a definition the question names, and definitions so added at most. */
const NAMED_DEPTH = 4;

const NAMED_MAX = 12;

/**
 * The candidates the question names literally; of same-named ones, those whose names and paths match
 * most of the question's other words (the `proxify` in the package the question names).
 */
export function namedDefs(cands: readonly DefRow[], concepts: ConceptVector): DefRow[] {
	const named = cands.filter((d) => concepts.names(d));
	const best = new Map<string, number>();
	for (const d of named) best.set(d.name, Math.max(best.get(d.name) ?? 0, questionShare(concepts, d)));
	return named.filter((d) => questionShare(concepts, d) >= (best.get(d.name) ?? 0) - 1e-9);
}

/** Handlers a named key may have for each to be what the question names (more: a hook any plug-in adds to). */
const NAMED_KEY_HANDLERS = 3;

/**
 * The handlers of the dispatch keys the question names literally (`GET /api/items/:id` as the index
 * keys it), each key of at most NAMED_KEY_HANDLERS handlers: code with a body in a source file; a
 * file-routed handler is the file's top-level code (`(module)`), whose calls are the route's flow.
 */
export function namedKeyHandlers(index: PathIndex, concepts: ConceptVector): DefRow[] {
	const out = new Map<number, DefRow>();
	if (!index.defsByName) return [];
	for (const id of concepts.identifiers) {
		for (const key of index.defsByName(id, 5)) {
			if (key.kind !== "dispatch-key") continue;
			const handlers = index.edgesFrom(key.id).filter((e) => e.kind === "handler");
			if (handlers.length === 0 || handlers.length > NAMED_KEY_HANDLERS) continue;
			for (const e of handlers) {
				const h = index.defById(e.dst);
				if (!h?.file || h.startLine === null || isAuxiliaryPath(h.file)) continue;
				if (h.kind === "type" || h.kind === "interface" || h.kind === "dispatch-key") continue;
				out.set(h.id, h);
			}
		}
	}
	return [...out.values()];
}

/**
 * What the named definitions call, NAMED_DEPTH steps on (NAMED_MAX definitions at most), joins the
 * graph at no worth of its own, shared helpers included: a named function's own calls are how it works.
 */
export function reachFromNamed(
	index: PathIndex,
	named: readonly DefRow[],
	graph: Map<number, Edge[]>,
	byId: Map<number, DefRow>,
): void {
	let added = 0;
	let frontier = [...named];
	for (let depth = 0; depth < NAMED_DEPTH && frontier.length > 0; depth++) {
		const next: DefRow[] = [];
		for (const d of frontier) {
			const edges = index.edgesFrom(d.id);
			const dispatchLines = new Set(edges.filter((e) => e.kind === "dispatch").map((e) => e.line));
			for (const e of edges) {
				if (!STEP_KINDS.has(e.kind) || e.dst === d.id || (e.kind === "call" && dispatchLines.has(e.line)))
					continue;
				if ((graph.get(d.id) ?? []).some((h) => h.to === e.dst)) continue;
				let x = byId.get(e.dst);
				if (!x) {
					const found = index.defById(e.dst);
					if (!found?.file || found.startLine === null || isAuxiliaryPath(found.file) || added >= NAMED_MAX)
						continue;
					if (found.kind === "module" || found.kind === "type") continue;
					x = found;
					added++;
					byId.set(x.id, x);
					graph.set(x.id, hopsFrom(index, x, byId));
					next.push(x);
				}
				graph.get(d.id)?.push({ to: x.id, hop: lineHop(index, e, d, x, null) });
			}
		}
		frontier = next;
	}
}
