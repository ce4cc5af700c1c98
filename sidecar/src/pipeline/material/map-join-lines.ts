/**
 * The map's join lines: where a chain step listed only as a signature calls another chain step
 * the material holds (a body read, or a step listed). Both ends of that hop are in the material,
 * but not the line joining them, deep in a long step no body was read of (a route handler's auth
 * check, a queue consumer's call of the service that writes).
 */
import { callHead, lineSpan } from "./call-heads.js";
import type { Candidate } from "./candidate.js";
import { named } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";

/** The edges that hop into another definition's code at their line. */
const JOIN_KINDS = new Set(["call", "new"]);

/**
 * For each step of `steps` listed only as a signature, at most `perStep` lines inside it where it
 * calls a chain step (`onChain`) the material holds: the callee the question's words name, then
 * the best rated, then top to bottom. A definition nested in the step (a local function) is the
 * step's own code, no join.
 */
export function listJoinLines(
	m: SignatureMap,
	steps: readonly Candidate[],
	perStep: number,
	onChain: ReadonlySet<number>,
): void {
	if (perStep <= 0) return;
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
	for (const c of steps) {
		const d = c.node.def;
		if (a.bodies.has(d.id) || !d.file || d.startLine === null || d.endLine === null) continue;
		if (!a.sources.some((x) => x.unit === "signature" && x.node.def.id === d.id)) continue;
		const { file, startLine, endLine } = d;
		const held = new Set(a.sources.map((x) => x.node.def.id));
		const nested = (id: number) => {
			const t = a.index.defById(id);
			return t?.file === file && t.startLine !== null && t.startLine >= startLine && t.startLine <= endLine;
		};
		const joins = a.index
			.edgesFrom(d.id)
			.filter(
				(e) =>
					JOIN_KINDS.has(e.kind) &&
					e.file === file &&
					e.line !== null &&
					e.line > startLine &&
					e.line <= endLine &&
					e.dst !== d.id &&
					onChain.has(e.dst) &&
					held.has(e.dst) &&
					!nested(e.dst),
			)
			.sort(
				(x, y) =>
					rate(y.dst).named - rate(x.dst).named ||
					rate(y.dst).r - rate(x.dst).r ||
					(x.line as number) - (y.line as number),
			);
		let n = 0;
		const seen = new Set<number>();
		for (const e of joins) {
			if (n >= perStep) break;
			const l = e.line as number;
			if (seen.has(l)) continue;
			seen.add(l);
			if (a.isCovered(file, l, l)) continue;
			const callee = a.index.defById(e.dst);
			const from = callHead(a.index, file, l, startLine);
			const label = `${named(d)} (line ${lineSpan(from, l)}: calls ${callee ? named(callee) : "a chain step"})`;
			if (a.add({ ...c, role: "neighbour" }, from, l, "signature", label, m.budget)) n++;
		}
	}
}
