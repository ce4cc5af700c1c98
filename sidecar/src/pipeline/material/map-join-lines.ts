/**
 * The map's join lines: where a chain step the material holds only as a signature (or in slices
 * that cut the line) calls another chain step the material holds. Both ends of that hop are in the
 * material, but not the line joining them, deep in a long step no body was read of (a route
 * handler's auth check, a queue consumer's call of the service that writes). Offline they come
 * last, best rated first, in what the rest left and the room of the least wanted map lines.
 */
import type { IndexReader } from "../../index/reader.js";
import type { EdgeRow } from "../../index/types.js";
import type { Assembly } from "./assembly.js";
import { callHead, lineSpan } from "./call-heads.js";
import type { Candidate } from "./candidate.js";
import { named } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";
import type { MaterialSource } from "./types.js";

/** The edges that hop into another definition's code at their line. */
export const JOIN_KINDS = new Set(["call", "new", "jsx"]);

/**
 * The call, `new` and JSX edges a definition writes inside its own lines (below its first) to another definition,
 * kept when `keep` accepts them: where a held step calls on, for the join lines and the chain-call lines alike.
 */
export function joinEdgesInside(
	index: Pick<IndexReader, "edgesFrom">,
	d: { id: number; file: string; startLine: number; endLine: number },
	keep: (e: EdgeRow & { line: number }) => boolean,
): (EdgeRow & { line: number })[] {
	return index
		.edgesFrom(d.id)
		.filter(
			(e): e is EdgeRow & { line: number } =>
				JOIN_KINDS.has(e.kind) &&
				e.file === d.file &&
				e.line !== null &&
				e.line > d.startLine &&
				e.line <= d.endLine &&
				e.dst !== d.id &&
				keep(e as EdgeRow & { line: number }),
		);
}

/** One join line to list: the step `c`, the call's head and line, and how the question rates both ends. */
export interface JoinLine {
	c: Candidate;
	from: number;
	line: number;
	label: string;
	rating: number;
}

/** The join line of `c`'s definition at `line`, calling `callee`, rated `rating`. */
export function joinLine(
	m: SignatureMap,
	c: Candidate,
	line: number,
	callee: string,
	rating: number,
): JoinLine {
	const d = c.node.def;
	const from = callHead(m.a.index, d.file as string, line, d.startLine ?? line);
	return { c, from, line, label: `${named(d)} (line ${lineSpan(from, line)}: calls ${callee})`, rating };
}

/**
 * For each step of `steps` the material holds (not whole), at most `perStep` lines inside it where
 * it calls a chain step (`onChain`) the material holds and no source covers that line: the callee
 * the question's words name, then the best rated, then top to bottom. A definition nested in the
 * step (a local function) is the step's own code, no join.
 */
export function joinLinesOf(
	m: SignatureMap,
	steps: readonly Candidate[],
	perStep: number,
	onChain: ReadonlySet<number>,
): JoinLine[] {
	if (perStep <= 0) return [];
	const { a } = m;
	const words = m.input.words.filter((w) => w.length >= 4);
	const ratings = new Map<number, { named: number; r: number }>();
	const rate = (id: number) => {
		let r = ratings.get(id);
		if (!r) {
			const t = a.index.defById(id);
			const name = (t?.name ?? "").toLowerCase();
			r = { named: words.filter((w) => name.includes(w)).length, r: t ? m.input.relevance(t) : 0 };
			ratings.set(id, r);
		}
		return r;
	};
	const held = new Set(a.sources.map((x) => x.node.def.id));
	const out: JoinLine[] = [];
	for (const c of steps) {
		const d = c.node.def;
		if (!held.has(d.id) || !d.file || d.startLine === null || d.endLine === null) continue;
		const { file, startLine, endLine } = d;
		const nested = (id: number) => {
			const t = a.index.defById(id);
			return t?.file === file && t.startLine !== null && t.startLine >= startLine && t.startLine <= endLine;
		};
		const joins = joinEdgesInside(
			a.index,
			{ id: d.id, file, startLine, endLine },
			(e) => onChain.has(e.dst) && held.has(e.dst) && !nested(e.dst) && !a.isCovered(file, e.line, e.line),
		).sort(
			(x, y) =>
				rate(y.dst).named - rate(x.dst).named ||
				rate(y.dst).r - rate(x.dst).r ||
				(x.line as number) - (y.line as number),
		);
		const seen = new Set<number>();
		for (const e of joins) {
			if (seen.size >= perStep) break;
			const l = e.line as number;
			if (seen.has(l)) continue;
			seen.add(l);
			const callee = a.index.defById(e.dst);
			out.push(joinLine(m, c, l, callee ? named(callee) : "a chain step", rate(d.id).r + rate(e.dst).r));
		}
	}
	return out;
}

/**
 * List `lines`, the best rated first (ties in the order given), each line once, each as a map line
 * beside its step; a line that does not fit takes the room `room` frees, if any.
 */
export function addJoinLines(m: SignatureMap, lines: readonly JoinLine[], room: () => boolean): number {
	const { a } = m;
	let n = 0;
	const seen = new Set<string>();
	for (const j of [...lines].sort((x, y) => y.rating - x.rating)) {
		const file = j.c.node.def.file as string;
		const key = `${file}:${j.line}`;
		if (seen.has(key) || a.isCovered(file, j.line, j.line)) continue;
		seen.add(key);
		const add = () => a.add({ ...j.c, role: "neighbour" }, j.from, j.line, "signature", j.label, m.budget);
		if (addMakingRoom(add, room)) n++;
	}
	return n;
}

/**
 * Add a line with `add`; when it does not fit, let `room` free some (true when it did) and try
 * again, a few times: a join line costs about as much as one or two map lines.
 */
export function addMakingRoom(add: () => boolean, room: () => boolean, tries = 3): boolean {
	for (let i = 0; ; i++) {
		if (add()) return true;
		if (i >= tries || !room()) return false;
	}
}

/**
 * Room for a line that does not fit: each call takes back the next of `spare` (signature lines,
 * least wanted first) while fewer than `max` were taken; false when none is left to take.
 */
export function spareRoom(a: Assembly, spare: MaterialSource[], max: number): () => boolean {
	let taken = 0;
	return () => {
		while (taken < max) {
			const s = spare.shift();
			if (!s) return false;
			if (a.dropSource(s)) {
				taken++;
				return true;
			}
		}
		return false;
	};
}
