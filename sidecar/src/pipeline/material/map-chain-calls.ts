/**
 * The first chain call of a head held only as a signature: a seed, a seed's caller, a call hop or a
 * key's dispatcher that the material lists by its declaration line alone still hides the line where
 * the flow leaves it for the next chain node (`await afterSaveMessage(message)` deep in a long
 * update). That line, and the `if`/`switch` deciding it, are listed beside the signature, in the
 * room of the map's least yielding lines (with the model's picks only: the readers of session 52
 * asked for the central bodies the material held as signatures).
 */
import type { DefRow } from "../../index/types.js";
import { callHead, lineSpan } from "./call-heads.js";
import type { Candidate } from "./candidate.js";
import { named } from "./candidate.js";
import { addMakingRoom, joinEdgesInside } from "./map-join-lines.js";
import type { SignatureMap } from "./signature-map.js";
import { enclosingHeaders } from "./slices.js";
import type { MaterialSource } from "./types.js";

/** How a node was reached for its first chain call to be listed: a flow's head or a step it calls. */
export function leadsOn(via: string): boolean {
	return via === "seed" || via === "caller" || via === "call" || via.startsWith("dispatch:");
}

/** A branch header that decides a call: an `if`/`else if`/`else`, a `switch` or its `case`. */
const DECIDES = /^\s*(?:\}\s*)?(?:if\b|else\b|switch\b|case\b|default\s*:)/;

/** One chain call to list: the step, the call's head and line, the header deciding it (or null). */
export interface ChainCallLine {
	c: Candidate;
	from: number;
	line: number;
	header: number | null;
	label: string;
	/** Its place among its step's lines (0 = the first). */
	rank: number;
}

/**
 * For each of the first `maxSteps` steps of `steps` reached as `leadsOn` says and held only as a
 * signature, its first `perStep` lines calling a chain node: those calling a node next to it in the
 * skeleton (the seed a caller calls, a node it was the step to) first, then top to bottom; not a
 * definition nested in it (its own code), not a line a source holds.
 */
export function chainCallLinesOf(
	m: SignatureMap,
	steps: readonly Candidate[],
	onChain: ReadonlySet<number>,
	maxSteps: number,
	perStep = 1,
): ChainCallLine[] {
	if (maxSteps <= 0) return [];
	const { a } = m;
	// The skeleton's edges: which node each chain node was reached from.
	const children = new Map<number, Set<number>>();
	for (const sk of m.input.skeletons)
		for (const n of sk.nodes) {
			if (n.from === null) continue;
			const set = children.get(n.from) ?? new Set<number>();
			set.add(n.def.id);
			children.set(n.from, set);
		}
	const out: ChainCallLine[] = [];
	let taken = 0;
	for (const c of steps) {
		if (taken >= maxSteps) break;
		const d = c.node.def;
		if (!leadsOn(c.node.via) || !signatureOnly(a.sources, d) || a.bodies.has(d.id)) continue;
		if (!d.file || d.startLine === null || d.endLine === null) continue;
		const { file, startLine, endLine } = d;
		const nested = (id: number) => {
			const t = a.index.defById(id);
			return t?.file === file && t.startLine !== null && t.startLine > startLine && t.startLine <= endLine;
		};
		const next = (id: number) =>
			(c.node.via === "caller" && id === c.node.from) || !!children.get(d.id)?.has(id);
		const calls = joinEdgesInside(
			a.index,
			{ id: d.id, file, startLine, endLine },
			(e) => onChain.has(e.dst) && !nested(e.dst),
		).sort((x, y) => Number(next(y.dst)) - Number(next(x.dst)) || (x.line as number) - (y.line as number));
		const lines = [...new Set(calls.map((e) => e.line as number))]
			.filter((l) => !a.isCovered(file, l, l))
			.slice(0, perStep);
		if (lines.length > 0) taken++;
		for (const [rank, line] of lines.entries()) {
			const e = calls.find((x) => x.line === line);
			const callee = e ? a.index.defById(e.dst) : undefined;
			const from = callHead(a.index, file, line, startLine);
			out.push({
				c,
				from,
				line,
				header: decidingHeader(m, d, from),
				label: `${named(d)} (line ${lineSpan(from, line)}: calls ${callee ? named(callee) : "a chain step"})`,
				rank,
			});
		}
	}
	return out;
}

/** Is every source of `d` a map line (no body, slice or block holds any of it)? */
function signatureOnly(sources: readonly MaterialSource[], d: DefRow): boolean {
	let listed = false;
	for (const s of sources) {
		if (s.node.def.id !== d.id) continue;
		if (s.unit !== "signature") return false;
		listed = true;
	}
	return listed;
}

/** The innermost branch header above `line` inside `d` that encloses it, if it is an if/switch/case. */
function decidingHeader(m: SignatureMap, d: DefRow, line: number): number | null {
	const start = d.startLine as number;
	const lines = m.a.index.fileLines(d.file as string, start, line) ?? [];
	const [inner] = enclosingHeaders(lines, line - start, 1);
	if (!inner || inner[0] <= 0) return null;
	return DECIDES.test(lines[inner[0]] ?? "") ? start + inner[0] : null;
}

/**
 * List `lines` — every step's first, then every step's second, … (each header, then its call) —
 * each as a map line beside its step; a line that does not fit takes the room `room` frees, if any.
 * The number of lines listed.
 */
export function addChainCallLines(
	m: SignatureMap,
	lines: readonly ChainCallLine[],
	room: () => boolean,
): number {
	const { a } = m;
	let n = 0;
	for (const j of [...lines].sort((x, y) => x.rank - y.rank)) {
		const d = j.c.node.def;
		const file = d.file as string;
		const add = (from: number, to: number, label: string) => () =>
			a.add({ ...j.c, role: "neighbour" }, from, to, "signature", label, m.budget);
		if (!addMakingRoom(add(j.from, j.line, j.label), room)) continue;
		n++;
		if (j.header === null || a.isCovered(file, j.header, j.header)) continue;
		const label = `${named(d)} (line ${j.header}: decides the call at ${j.line})`;
		if (addMakingRoom(add(j.header, j.header, label), room)) n++;
	}
	return n;
}

/** Map lines kept whatever their rating: where a value the material calls through comes from and is made. */
const KEPT_VIAS = new Set(["value", "maker"]);

/**
 * Room for a chain call line that does not fit: each call takes back the map's least rated line —
 * the last listed of the lines on no chain, no pick, that the question's words do not rate, and not
 * a value's or its maker's — while fewer than `max` were taken; false when none is left to take.
 */
export function leastRatedRoom(m: SignatureMap, onChain: ReadonlySet<number>, max: number): () => boolean {
	const { a } = m;
	let taken = 0;
	return () => {
		if (taken >= max) return false;
		for (let i = a.sources.length - 1; i >= 0; i--) {
			const s = a.sources[i] as MaterialSource;
			if (s.unit !== "signature" || s.role === "pick" || onChain.has(s.node.def.id)) continue;
			if (KEPT_VIAS.has(s.node.via) || m.input.relevance(s.node.def) > 0) continue;
			if (a.dropSource(s)) {
				taken++;
				return true;
			}
		}
		return false;
	};
}
