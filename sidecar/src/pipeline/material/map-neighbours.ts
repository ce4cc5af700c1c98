/**
 * The map's neighbours of what the material reads: the class a member read belongs to, the direct
 * callers and callees of each body, the implementations of the interface members it names, the
 * module-level values a body calls through, and the definitions the question's words find
 * index-wide that no stage reached.
 */

import { isAuxiliaryPath } from "../auxiliary-code.js";
import { BASE_IMPLEMENTATIONS, implementationsOf } from "../families.js";
import { HOT_FAN_IN, reachedCandidate } from "./candidate.js";
import { isModuleLevel } from "./material-index.js";
import type { SignatureMap } from "./signature-map.js";

/** Containers whose head line comes with a member read. */
const CLASS_KINDS = new Set(["class", "interface", "variable", "object"]);
/** Direct neighbours listed as signatures per definition read, and the edges that make one. */
const NEIGHBOURS_PER_DEF = 4;
const NEIGHBOUR_KINDS = new Set(["call", "new", "jsx", "implementation", "handler"]);
/** Full-text hits the question's words get, of which `MapReach.questionHits` are listed. */
const QUESTION_HIT_POOL = 100;

/** The class (or object) a member read belongs to: its head line says what the member is part of. */
export function listClassHeads(m: SignatureMap): void {
	const { a } = m;
	for (const s of a.sources.filter((x) => x.unit !== "signature" && x.node.def.parentId !== null)) {
		const p = a.index.defById(s.node.def.parentId as number);
		if (!p || p.kind === "module" || m.known.has(p.id) || !CLASS_KINDS.has(p.kind)) continue;
		m.listOnce({ node: { ...s.node, def: p, via: "parent", from: null }, chain: s.chain, role: "neighbour" });
	}
}

/** Up to `NEIGHBOURS_PER_DEF` direct neighbours of each body read, as one-line entries. */
export function listNeighbours(m: SignatureMap): void {
	const { a } = m;
	const read = a.sources.filter((s) => s.unit !== "signature" && s.node.def.kind !== "module");
	for (const s of read) {
		// A widely used definition's callers are no map of where to look: its callees are.
		const d0 = s.node.def;
		const edges = [
			...a.index.edgesFrom(d0.id).map((e) => ({ id: e.dst, kind: e.kind, via: "callee" })),
			...(d0.fanIn <= HOT_FAN_IN ? a.index.edgesTo(d0.id) : []).map((e) => ({
				id: e.src,
				kind: e.kind,
				via: "caller",
			})),
		].filter((e) => NEIGHBOUR_KINDS.has(e.kind) && !m.known.has(e.id));
		let n = 0;
		for (const e of edges) {
			if (n >= NEIGHBOURS_PER_DEF) break;
			const d = a.index.defById(e.id);
			if (!d?.file || d.kind === "module" || d.kind === "dispatch-key" || isAuxiliaryPath(d.file)) continue;
			n++;
			m.listOnce(m.neighbourOf(d, s, e.via));
		}
	}
}

/** Skeleton roles of a chain's heads: the seeds, and the seeds' callers shown one hop up. */
const HEAD_VIAS = new Set(["seed", "caller"]);
/** A head's callee the question's words rate below this is left out: a head calls much besides its flow. */
const HEAD_CALLEE_RATING = 1;

/**
 * Up to `per` direct callees of each chain head the material names (read or listed) that no entry
 * names yet, the best rated first: the skeleton keeps a head's `maxWidth` best callees and walks no
 * further from a caller, so the step a head's body calls next can be no candidate at all.
 */
export function listHeadCallees(m: SignatureMap, per: number): void {
	if (per <= 0) return;
	const { a, input } = m;
	const heads = a.sources.filter((s) => HEAD_VIAS.has(s.node.via) && s.node.def.kind !== "module");
	const seen = new Set<number>();
	for (const s of heads) {
		const d0 = s.node.def;
		if (seen.has(d0.id)) continue;
		seen.add(d0.id);
		const callees = a.index
			.edgesFrom(d0.id)
			.filter((e) => NEIGHBOUR_KINDS.has(e.kind) && !m.known.has(e.dst))
			.map((e) => a.index.defById(e.dst))
			.filter(
				(d): d is NonNullable<typeof d> =>
					!!d?.file &&
					d.kind !== "module" &&
					d.kind !== "dispatch-key" &&
					d.fanIn <= HOT_FAN_IN &&
					!isAuxiliaryPath(d.file),
			);
		const ranked = [...new Map(callees.map((d) => [d.id, d])).values()]
			.map((d) => ({ d, r: input.relevance(d) }))
			.filter((x) => x.r >= HEAD_CALLEE_RATING)
			.sort((x, y) => y.r - x.r)
			.slice(0, per);
		for (const { d } of ranked) m.listOnce(m.neighbourOf(d, s, "callee"));
	}
}

/** Up to `per` implementations of each member the material names (none of a base many classes implement). */
export function listImplementations(m: SignatureMap, per: number): void {
	if (per <= 0) return;
	const { a } = m;
	for (const s of [...a.sources]) {
		const impls = implementationsOf(a.index, s.node.def).filter(
			(d) => d.startLine !== null && !isAuxiliaryPath(d.file ?? ""),
		);
		if (impls.length > BASE_IMPLEMENTATIONS) continue;
		for (const d of impls.filter((x) => !m.known.has(x.id)).slice(0, per))
			m.listOnce(m.neighbourOf(d, s, "implementation"));
	}
}

/** Up to `per` module-level values each body read calls a member of (`Team.create(…)`), on its shown lines. */
export function listValuesCalledThrough(m: SignatureMap, per: number): void {
	if (per <= 0) return;
	const { a } = m;
	for (const s of a.sources.filter((x) => x.unit !== "signature" && x.node.def.kind !== "module")) {
		let n = 0;
		for (const e of a.index.edgesFrom(s.node.def.id)) {
			if (n >= per) break;
			if (e.kind !== "reference" || e.line === null || e.file !== s.range.file) continue;
			if (e.line < s.range.startLine || e.line > s.range.endLine) continue;
			const v = a.index.defById(e.dst);
			if (!v?.file || v.kind !== "variable" || m.known.has(v.id) || v.startLine === null) continue;
			if (!isModuleLevel(a.index, v)) continue;
			const line = a.index.fileLines(s.range.file, e.line, e.line)?.[0] ?? "";
			if (!calledThrough(line, v.name)) continue;
			n++;
			m.listOnce(m.neighbourOf(v, s, "value"));
		}
	}
}

/** Does `line` call a member of `name` (`Team.create(`, `Apps.self?.trigger`), not just mention it? */
export function calledThrough(line: string, name: string): boolean {
	const escaped = name.replace(/[$]/g, "\\$");
	return new RegExp(`(?:^|[^\\w$.])${escaped}\\s*\\??\\.\\s*[A-Za-z_$]`).test(line);
}

/**
 * Up to `n` definitions the question's words find index-wide that no entry names yet, best rated
 * first, as one-line entries beside the material's first source.
 */
export function listQuestionHits(m: SignatureMap, n: number): void {
	const { a, input } = m;
	const owner = a.sources[0];
	if (n <= 0 || !a.index.searchDefs || !owner) return;
	const hits = a.index
		.searchDefs(input.words, QUESTION_HIT_POOL)
		.map((h) => h.def)
		.filter(
			(d) =>
				d.file &&
				d.startLine !== null &&
				!m.known.has(d.id) &&
				d.kind !== "module" &&
				d.kind !== "dispatch-key" &&
				!isAuxiliaryPath(d.file),
		)
		.map((d) => ({ d, r: input.relevance(d) }))
		.sort((x, y) => y.r - x.r)
		.slice(0, n);
	for (const { d, r } of hits)
		m.listOnce(
			reachedCandidate(
				d,
				{ depth: 1, via: "question-words", from: null, relevance: r },
				owner.chain,
				"neighbour",
			),
		);
}
