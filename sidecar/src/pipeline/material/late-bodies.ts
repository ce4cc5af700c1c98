/**
 * The bodies read after the signature map: the short select picks no share had room for, then,
 * with what is left, every body that did not fit the first pass.
 */
import type { DefRow } from "../../index/types.js";
import type { Candidate } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";

/** Reads one definition (whole or slices) within what is left of the budget; false when nothing fitted. */
type ReadDefinition = (c: Candidate) => boolean;

/** The select picks of at most `lines` lines among `deferred` that no share had room for, read whole. */
export function readShortPicks(
	m: SignatureMap,
	deferred: readonly Candidate[],
	lines: number,
	read: ReadDefinition,
): void {
	if (lines <= 0) return;
	for (const c of deferred) {
		const d = c.node.def;
		if (c.role !== "pick" || m.a.bodies.has(d.id) || d.startLine === null || d.endLine === null) continue;
		if (d.endLine - d.startLine + 1 > lines) continue;
		if (read(c)) m.a.markRead(d);
	}
}

/**
 * With what is left, the bodies of `deferred` that did not fit the first pass: with `shortLines`,
 * first the far ends of the chain's hops out of a body read, then the other steps, of at most that
 * many lines each, then the longer ones (a long step's slices took the room of several short
 * steps); each group in reading order. With `seedsLast`, the seeds the model did not pick come
 * after all of them.
 */
export function readLastBodies(
	m: SignatureMap,
	deferred: readonly Candidate[],
	read: ReadDefinition,
	shortLines = 0,
	seedsLast = false,
): void {
	const short = (c: Candidate) => {
		const d = c.node.def;
		return d.startLine !== null && d.endLine !== null && d.endLine - d.startLine + 1 <= shortLines;
	};
	const farEnd = (c: Candidate) => c.node.from !== null && m.a.bodies.has(c.node.from);
	const waits = (c: Candidate) => seedsLast && c.role === "seed";
	const steps = deferred.filter((c) => !waits(c));
	const order = [
		...steps.filter((c) => short(c) && farEnd(c)),
		...steps.filter((c) => short(c) && !farEnd(c)),
		...steps.filter((c) => !short(c)),
		...deferred.filter(waits),
	];
	for (const c of order) {
		const d = c.node.def;
		if (m.a.bodies.has(d.id)) continue;
		// The signature line goes only once the body holds the head line: a long definition whose
		// first slice no longer fits would otherwise lose the one line that names it.
		if (read(c)) m.a.markRead(d);
		else m.list(c);
	}
}

/**
 * The chain steps of `deferred` of at most `lines` lines that a body read by now hands the flow to
 * (the far end of its hop on the chain), that `rating` rates at least `floor` and (with `through`)
 * that leads on to another chain step, read whole, best rated
 * first, at most `max` of them: the
 * next step of a flow the material holds, a few lines each. Not a seed the model passed over
 * (its body held no chain line: `seedsLast`), nor a step the bodies read here lead to.
 */
export function readFarEnds(
	m: SignatureMap,
	deferred: readonly Candidate[],
	read: ReadDefinition,
	rating: (d: DefRow) => number,
	lines: number,
	max: number,
	floor = 0,
	through: ReadonlySet<number> | null = null,
): void {
	if (lines <= 0 || max <= 0) return;
	const bodies = new Set(m.a.bodies);
	const ends = deferred
		.filter((c) => {
			const d = c.node.def;
			if (c.role === "seed" || c.node.from === null || !bodies.has(c.node.from) || bodies.has(d.id))
				return false;
			if (d.startLine === null || d.endLine === null || d.endLine - d.startLine + 1 > lines) return false;
			return rating(d) >= floor && (through === null || through.has(d.id));
		})
		.sort((x, y) => rating(y.node.def) - rating(x.node.def));
	let n = 0;
	for (const c of ends) {
		if (n >= max) break;
		if (m.a.bodies.has(c.node.def.id)) continue;
		if (read(c)) {
			m.a.markRead(c.node.def);
			n++;
		}
	}
}
