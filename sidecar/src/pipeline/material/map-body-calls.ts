/**
 * The map's calls along the flow: where a chain step listed only as a signature calls, constructs
 * or renders a definition whose body the material reads, or another chain step the question's
 * words rate. The step's own line says that it is on the way; this line says where in it the flow
 * goes on (a route handler's call of the service, a method's call of the next operation), which
 * a signature never holds — and the step's body has no room: the picks and the map take it.
 */
import { callHead, lineSpan } from "./call-heads.js";
import type { Candidate } from "./candidate.js";
import { named } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";

/** The edges that enter a definition the way a flow does; key hops have their own lines (map-key-lines.ts). */
const CALL_KINDS = new Set(["call", "new", "jsx"]);
/** A chain step the question's words rate below this is no call worth a line: a step calls much besides its flow. */
const STEP_RATING = 1;

/**
 * Up to `perStep` lines of each of the first `maxSteps` steps in `steps` listed only as a
 * signature, where it calls a body read or a rated chain step of `onChain` (not itself): bodies
 * first, then the best rated, in line order among equals; each line once.
 */
export function listFlowCalls(
	m: SignatureMap,
	steps: readonly Candidate[],
	onChain: ReadonlySet<number>,
	perStep: number,
	maxSteps: number,
): void {
	if (perStep <= 0) return;
	const { a, input } = m;
	let listed = 0;
	for (const c of steps) {
		if (listed >= maxSteps) return;
		const d = c.node.def;
		const { file, startLine, endLine } = d;
		if (a.bodies.has(d.id) || !file || startLine === null || endLine === null) continue;
		if (!a.sources.some((x) => x.unit === "signature" && x.node.def.id === d.id)) continue;
		listed++;
		const calls = new Map<number, { line: number; callee: string; rank: number }>();
		for (const e of a.index.edgesFrom(d.id)) {
			if (!CALL_KINDS.has(e.kind) || e.dst === d.id) continue;
			if (e.file !== file || e.line === null || e.line <= startLine || e.line > endLine) continue;
			const callee = a.index.defById(e.dst);
			if (!callee) continue;
			// A body read outranks every rating; a chain step counts from its rating on.
			const rank = a.bodies.has(e.dst)
				? Number.POSITIVE_INFINITY
				: onChain.has(e.dst)
					? input.relevance(callee)
					: 0;
			if (rank < STEP_RATING) continue;
			const had = calls.get(e.line);
			if (!had || had.rank < rank) calls.set(e.line, { line: e.line, callee: callee.name, rank });
		}
		const best = [...calls.values()].sort((x, y) => y.rank - x.rank || x.line - y.line).slice(0, perStep);
		for (const { line, callee } of best.sort((x, y) => x.line - y.line)) {
			const from = callHead(a.index, file, line, startLine);
			a.add(
				{ ...c, role: "neighbour" },
				from,
				line,
				"signature",
				`${named(d)} (line ${lineSpan(from, line)}: calls ${callee})`,
				m.budget,
			);
		}
	}
}
