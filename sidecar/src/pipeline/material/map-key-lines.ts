/**
 * The map's key lines: where a handler the material names is registered under its key, and where
 * a chain step listed only as a signature dispatches or registers one. The hop a flow makes by
 * string key is often deep in code no body was read of.
 */
import { callHead, lineSpan } from "./call-heads.js";
import type { Candidate } from "./candidate.js";
import { named, reachedCandidate } from "./candidate.js";
import { routeMounts } from "./hops.js";
import { keyHopLinesOf } from "./key-hop-lines.js";
import type { SignatureMap } from "./signature-map.js";

/**
 * Key-hop lines listed per signature-only chain step (its first ones in the index's order). A
 * step that fans out (an event, then a method call, then a route) had its third hop cut at 2.
 */
const HOP_LINES_PER_STEP = 4;

/**
 * At most `cap` module-level register calls that plug in a handler the material names by its own
 * definition (`callbacks.add('x', onX)` below `function onX`): the key it runs under.
 */
export function listRegisterLines(m: SignatureMap, cap: number): void {
	if (cap <= 0) return;
	const { a } = m;
	let n = 0;
	for (const file of a.files()) {
		for (const site of a.index.dispatchSitesInFile(file)) {
			if (n >= cap) return;
			if (site.side !== "register" || !site.handlerDefId || !site.enclosingDefId?.endsWith("#(module)"))
				continue;
			const owner = a.sources.find((s) => s.node.def.defId === site.handlerDefId);
			const d = owner?.node.def;
			if (!owner || !d || d.startLine === null || d.endLine === null) continue;
			// An inline handler's register call is its head, listed with it already.
			if (d.startLine <= site.line && site.line <= d.endLine) continue;
			if (a.isCovered(file, site.line, site.line)) continue;
			const from = callHead(a.index, file, site.line, 1);
			const label = `${named(d)} (registered at line ${lineSpan(from, site.line)})`;
			if (
				a.add(
					{ node: owner.node, chain: owner.chain, role: "neighbour" },
					from,
					site.line,
					"signature",
					label,
					m.budget,
				)
			)
				n++;
		}
	}
}

/**
 * The lines of each chain step in `steps` listed only as a signature where it dispatches or
 * registers a key; with `minKeyRating`, only those of a key the question's words rate at least that.
 */
export function listKeyHopLines(m: SignatureMap, steps: readonly Candidate[], minKeyRating = 0): void {
	const { a } = m;
	for (const c of steps) {
		const d = c.node.def;
		if (a.bodies.has(d.id) || !d.file || d.startLine === null || d.endLine === null) continue;
		if (!a.sources.some((x) => x.unit === "signature" && x.node.def.id === d.id)) continue;
		for (const l of keyHopLinesOf(m, d, minKeyRating).slice(0, HOP_LINES_PER_STEP)) {
			const from = callHead(a.index, d.file, l, d.startLine);
			const label = `${named(d)} (line ${lineSpan(from, l)}: its key hop)`;
			a.add({ ...c, role: "neighbour" }, from, l, "signature", label, m.budget);
		}
		// A route handler's hop is where its router is mounted (hops.ts): those lines beside it.
		for (const mt of routeMounts(a.index, d, m.input.relevance, minKeyRating)) {
			const at = { depth: c.node.depth + 1, via: mt.via, from: d.id, relevance: 0 };
			a.add(
				reachedCandidate(mt.def, at, c.chain, "neighbour"),
				mt.line,
				mt.line,
				"signature",
				mt.label,
				m.budget,
			);
		}
	}
}

/** Edge kinds that are a plain call from a step's body. */
const CALL_KINDS = new Set(["call", "new", "jsx"]);

/**
 * The lines of each chain step in `steps` listed only as a signature where it calls a definition
 * `target` accepts (another chain step, a definition the material holds): at most `perStep` each,
 * in the step's order. A flow's hop is often a call line deep in a step no body was read of.
 */
export function listStepCallLines(
	m: SignatureMap,
	steps: readonly Candidate[],
	perStep: number,
	target: (id: number) => boolean,
): void {
	if (perStep <= 0) return;
	const { a } = m;
	for (const c of steps) {
		const d = c.node.def;
		const { file, startLine, endLine } = d;
		if (a.bodies.has(d.id) || !file || startLine === null || endLine === null) continue;
		if (!a.sources.some((x) => x.unit === "signature" && x.node.def.id === d.id)) continue;
		const lines = [
			...new Set(
				a.index
					.edgesFrom(d.id)
					.filter(
						(e) =>
							CALL_KINDS.has(e.kind) &&
							e.dst !== d.id &&
							e.file === file &&
							e.line !== null &&
							e.line > startLine &&
							e.line <= endLine &&
							target(e.dst),
					)
					.map((e) => e.line as number),
			),
		].sort((x, y) => x - y);
		for (const l of lines.slice(0, perStep)) {
			const from = callHead(a.index, file, l, startLine);
			a.add(
				{ ...c, role: "neighbour" },
				from,
				l,
				"signature",
				`${named(d)} (line ${lineSpan(from, l)}: its call)`,
				m.budget,
			);
		}
	}
}
