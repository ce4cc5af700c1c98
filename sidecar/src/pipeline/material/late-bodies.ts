/**
 * The bodies read after the signature map: the short select picks no share had room for, then,
 * with what is left, every body that did not fit the first pass.
 */
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
 * The chain steps among `deferred` of at most `lines` lines that the question's words rate at least
 * `floor`, read whole (the `most` best rated, best first) within what is left.
 */
export function readRatedSteps(
	m: SignatureMap,
	deferred: readonly Candidate[],
	read: ReadDefinition,
	lines: number,
	floor: number,
	most = Number.POSITIVE_INFINITY,
): void {
	if (lines <= 0) return;
	const rated = deferred
		.filter((c) => {
			const d = c.node.def;
			return (
				!m.a.bodies.has(d.id) &&
				d.startLine !== null &&
				d.endLine !== null &&
				d.endLine - d.startLine + 1 <= lines &&
				m.input.relevance(d) >= floor
			);
		})
		.sort((x, y) => m.input.relevance(y.node.def) - m.input.relevance(x.node.def));
	for (const c of rated.slice(0, most)) if (read(c)) m.a.markRead(c.node.def);
}
