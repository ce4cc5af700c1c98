/**
 * One definition into the material: whole when short, else slices (its head, the hops that
 * matter with what decides them, the question's words), most important first.
 */
import type { DefRow } from "../../index/types.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, isDeepPick, named } from "./candidate.js";
import type { AssembleConfig, AssembleInput } from "./input.js";
import type { MaterialIndex } from "./material-index.js";
import { sliceDefinition } from "./slices.js";

/** A class (or interface) longer than this gives its signature; its members are definitions of their own. */
const WHOLE_CLASS_LINES = 60;

/** Put one definition in: whole when short, slices when long; false when nothing of it fitted. */
export function addDefinition(
	a: Assembly,
	c: Candidate,
	input: AssembleInput,
	config: AssembleConfig,
	onChain: ReadonlySet<number>,
	limit: number,
): boolean {
	const def = c.node.def;
	if (!def.file || def.startLine === null || def.endLine === null || def.kind === "dispatch-key")
		return false;
	const start = def.startLine;
	const end = def.endLine;
	const length = end - start + 1;
	const isType = def.kind === "class" || def.kind === "interface";
	// The model's first picks go in whole up to a longer length: a long handler's deciding branch is
	// often hundreds of lines in, and the picks' share of the budget is there to hold it.
	const deep = isDeepPick(c);
	const wholeLines = isType
		? WHOLE_CLASS_LINES
		: deep
			? Math.max(config.wholeDefLines, config.pickWholeLines ?? config.wholeDefLines)
			: config.wholeDefLines;
	if (length <= wholeLines) {
		if (a.add(c, start, end, "whole", named(def), limit)) return true;
	}
	if (isType) return a.add(c, start, start, "signature", `${named(def)} (signature; ${start}-${end})`, limit);
	const file = def.file;
	const kept = plansOf(a, input, onChain);
	let sites = kept.sites.get(def.id);
	if (!sites) {
		sites = hopLines(a.index, def, input, onChain);
		kept.sites.set(def.id, sites);
	}
	const hops = sites;
	const plan = (maxLines: number, overloads: boolean): [number, number][] => {
		const key = `${def.id} ${deep} ${maxLines} ${overloads}`;
		let slices = kept.slices.get(key);
		if (!slices) {
			slices = sliceDefinition({
				lines: a.index.fileLines(file, start, end) ?? [],
				startLine: start,
				sites: hops,
				words: input.words,
				maxLines,
				inputs: deep,
				decorated: a.reach.declarationLines,
				tailLines: a.reach.sliceTail,
				...(overloads && a.reach.declarationLines && (def.kind === "function" || def.kind === "method")
					? { overloadsOf: def.name }
					: {}),
			});
			kept.slices.set(key, slices);
		}
		// A copy: the callers sort and keep what they are given.
		return slices.map(([s, e]) => [s, e]);
	};
	const slices = plan(
		deep ? Math.max(config.sliceLines, config.pickSliceLines ?? 0) : config.sliceLines,
		true,
	);
	// By importance: the head first, then by the most important hop a slice holds, then the rest.
	const importance = ([s, e]: [number, number]) => {
		if (s <= start) return -1;
		const i = sites.findIndex((l) => s <= l && l <= e);
		return i < 0 ? sites.length : i;
	};
	const byImportance = (list: [number, number][]) =>
		list.sort((x, y) => importance(x) - importance(y) || x[0] - y[0]);
	const order = a.reach.slicesByImportance ? byImportance([...slices]) : slices;
	const first = a.sources.length;
	let any = false;
	let cut = false;
	for (const [s, e] of order) {
		const label = `${named(def)} (lines ${s}-${e} of ${start}-${end})`;
		if (a.add(c, s, e, "slice", label, limit)) any = true;
		else if (!a.isCovered(def.file, s, e)) {
			// No room for the head: no slice below it either, or the definition would be read without
			// its declaration, and its one-line signature (where its name is) would not be listed. With
			// compact bodies (`MapReach.compactBodies`), whose denser slices made that happen on RC.
			if (s <= start && a.reach.compactBodies) break;
			cut = true;
		}
	}
	if (any && !a.sliced.has(def.id)) a.sliced.set(def.id, c);
	// A pick read in part: the slices it had no room for come back later, planned a little longer.
	if (any && cut && a.reach.restOfSlices > 0 && input.picks?.includes(def.defId)) {
		a.slicesLeft.set(def.id, { c, slices: byImportance(plan(a.reach.restOfSlices, false)) });
	}
	// The slices that went in read top to bottom.
	if (a.reach.slicesByImportance) {
		const added = a.sources.splice(first).sort((x, y) => x.range.startLine - y.range.startLine);
		a.sources.push(...added);
	}
	return any;
}

/**
 * A long definition's hop lines and slice plans, kept per assembly: the passes try a definition
 * the budget turned away again and again (bodies, versions, late bodies: ~4 tries per definition on a
 * large repository), and both depend only on the definition and what is fixed for the assembly (the
 * question's words and relevance, the chains, the reach). Made again when the assembly is asked with
 * another input or chain set.
 */
interface Plans {
	input: Pick<AssembleInput, "words" | "relevance">;
	onChain: ReadonlySet<number>;
	sites: Map<number, readonly number[]>;
	slices: Map<string, readonly [number, number][]>;
}
const plans = new WeakMap<Assembly, Plans>();

function plansOf(
	a: Assembly,
	input: Pick<AssembleInput, "words" | "relevance">,
	onChain: ReadonlySet<number>,
): Plans {
	let kept = plans.get(a);
	if (
		!kept ||
		kept.input.words !== input.words ||
		kept.input.relevance !== input.relevance ||
		kept.onChain !== onChain
	) {
		kept = { input, onChain, sites: new Map(), slices: new Map() };
		plans.set(a, kept);
	}
	return kept;
}

/**
 * The lines of a long definition's hops, most important first: a hop to what the question is
 * about, then calls and dispatches to what the chain holds, then every dispatch or register.
 */
export function hopLines(
	index: Pick<MaterialIndex, "edgesFrom" | "defById">,
	def: DefRow,
	input: Pick<AssembleInput, "words" | "relevance">,
	onChain: ReadonlySet<number>,
): number[] {
	const start = def.startLine as number;
	const end = def.endLine as number;
	// The hops that matter: calls and dispatches to what the chain holds, then every dispatch or register.
	const edges = index
		.edgesFrom(def.id)
		.filter((e) => e.line !== null && e.file === def.file && e.line >= start && e.line <= end);
	const rank = (kind: string, dst: number) =>
		onChain.has(dst) ? 0 : kind === "dispatch" || kind === "register" ? 1 : kind === "call" ? 2 : 3;
	// A hop to what the question is about first, then by rank, the most relevant first within one
	// (a long handler makes dozens of calls on the chain; the one named like the question decides).
	const dstRelevance = new Map<number, { named: number; r: number }>();
	const words = input.words.filter((w) => w.length >= 4);
	const scoreOf = (dst: number) => {
		let r = dstRelevance.get(dst);
		if (r === undefined) {
			const d = index.defById(dst);
			// The question's words in the callee's own name (not its file's) say the hop is what it asks.
			const name = (d?.name ?? "").toLowerCase();
			r = { named: words.filter((w) => name.includes(w)).length, r: d ? input.relevance(d) : 0 };
			dstRelevance.set(dst, r);
		}
		return r;
	};
	const relevanceOf = (dst: number) => scoreOf(dst).r;
	return [
		...new Set(
			edges
				.filter((e) => e.kind !== "reference" || onChain.has(e.dst))
				.sort(
					(x, y) =>
						scoreOf(y.dst).named - scoreOf(x.dst).named ||
						Number(relevanceOf(y.dst) > 0) - Number(relevanceOf(x.dst) > 0) ||
						rank(x.kind, x.dst) - rank(y.kind, y.dst) ||
						relevanceOf(y.dst) - relevanceOf(x.dst) ||
						(x.line as number) - (y.line as number),
				)
				.map((e) => e.line as number),
		),
	];
}
