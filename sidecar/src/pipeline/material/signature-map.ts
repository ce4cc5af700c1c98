/**
 * The signature map: one line per definition the bodies did not hold (chain steps, neighbours,
 * outlines), each a pointer to where to look next. With select picks, an entry the model passed
 * over that the question's words barely rate waits for the map's tail (`MapReach.unpickedBelow`).
 */
import type { DefRow } from "../../index/types.js";
import { lookalikes } from "../lookalikes.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, named, reachedCandidate } from "./candidate.js";
import type { AssembleInput } from "./input.js";
import { keyHopLinesOf } from "./key-hop-lines.js";
import { MapFold } from "./map-fold.js";
import type { MaterialSource } from "./types.js";

export class SignatureMap {
	/** The definitions the material names (read, listed or waiting): none is listed twice. */
	readonly known: Set<number>;
	/** Chain nodes the select stage picked. */
	private readonly picked = new Set<number>();
	private readonly waiting: Candidate[] = [];
	private waitingListed = false;
	/** Plug-in families and near-identical versions listed by a few members (`MapReach.foldLookalikes`). */
	private readonly fold: MapFold | null;

	constructor(
		readonly a: Assembly,
		readonly input: AssembleInput,
		known: Set<number>,
		readonly budget: number,
	) {
		this.known = known;
		const pickDefIds = new Set(input.picks ?? []);
		for (const sk of input.skeletons)
			for (const n of sk.nodes) if (pickDefIds.has(n.def.defId)) this.picked.add(n.def.id);
		this.fold = a.reach.foldLookalikes ? new MapFold(a, lookalikes(a.index), input.words, budget) : null;
	}

	/**
	 * Does `c` wait for the map's tail: not a pick nor one hop from one, rated low, and firing no key
	 * the question names (`rpc.call('createNote', …)` in a client step for "the call chain of
	 * createNote": the hop asked about, which a waiting step's signature came too late to carry)?
	 */
	private waits(c: Candidate): boolean {
		const reach = this.a.reach;
		return (
			reach.unpickedBelow > 0 &&
			this.picked.size > 0 &&
			!this.waitingListed &&
			!this.picked.has(c.node.def.id) &&
			!(c.node.from !== null && this.picked.has(c.node.from)) &&
			this.input.relevance(c.node.def) < reach.unpickedBelow &&
			!(
				reach.keyHopLines &&
				reach.ratedKeyHops > 0 &&
				keyHopLinesOf(this, c.node.def, reach.ratedKeyHops).length > 0
			)
		);
	}

	/** List a definition's signature line (its declaration), if it fits the budget (or let it wait, unless not `mayWait`). */
	list(c: Candidate, mayWait = true): void {
		const d = c.node.def;
		if (!d.file || d.startLine === null || d.endLine === null) return;
		if (mayWait && this.waits(c)) {
			this.waiting.push(c);
			return;
		}
		if (this.fold?.folds(c, this.picked.has(d.id))) return;
		const at = this.a.sources.length;
		const added = this.a.add(
			{ ...c, role: "neighbour" },
			d.startLine,
			d.startLine,
			"signature",
			`${named(d)} (signature; ${d.startLine}-${d.endLine})`,
			this.budget,
		);
		if (added) this.fold?.listed(c, this.a.sources[at] as MaterialSource);
	}

	/**
	 * One line for a version group whose best version a body holds (version-bodies.ts): `c`'s
	 * signature naming the other versions not read (`tags`) and the one read.
	 */
	noteVersions(
		c: Candidate,
		key: string,
		read: { id: number; name: string; tag: string },
		tags: readonly string[],
		folded: readonly number[],
	): void {
		const d = c.node.def;
		if (!this.fold || !d.file || d.startLine === null || d.endLine === null) return;
		for (const id of folded) this.known.add(id);
		const at = this.a.sources.length;
		const label = `${named(d)} (signature; ${d.startLine}-${d.endLine})`;
		if (this.a.add(c, d.startLine, d.startLine, "signature", label, this.budget))
			this.fold.seedVersions(key, this.a.sources[at] as MaterialSource, read, tags, folded);
	}

	/** Count `c`'s definition as named (no later entry lists it again), and list it. */
	listOnce(c: Candidate, mayWait = true): void {
		this.known.add(c.node.def.id);
		this.list(c, mayWait);
	}

	/**
	 * The entries that waited, best rated first (a stable sort keeps each rating's order); none waits
	 * after. `onListed` runs after each one listed, before the next (its key-hop lines: assemble.ts).
	 */
	listWaiting(onListed?: (c: Candidate) => void): void {
		this.waitingListed = true;
		const rated = this.waiting.sort(
			(x, y) => this.input.relevance(y.node.def) - this.input.relevance(x.node.def),
		);
		for (const c of rated) {
			if (this.a.bodies.has(c.node.def.id)) continue;
			this.list(c);
			onListed?.(c);
		}
	}

	/** The entries that waited and `pick` accepts, best rated first, listed now (the others wait on). */
	listWaitingOf(pick: (c: Candidate) => boolean): void {
		const now = this.waiting
			.filter(pick)
			.sort((x, y) => this.input.relevance(y.node.def) - this.input.relevance(x.node.def));
		for (const c of now) this.waiting.splice(this.waiting.indexOf(c), 1);
		for (const c of now) if (!this.a.bodies.has(c.node.def.id)) this.list(c, false);
	}

	/** A definition reached from an entry of the material, as a one-line neighbour of that entry. */
	neighbourOf(d: DefRow, from: MaterialSource, via: string): Candidate {
		return reachedCandidate(
			d,
			{ depth: from.node.depth + 1, via, from: from.node.def.id, relevance: this.input.relevance(d) },
			from.chain,
			"neighbour",
		);
	}

	/** Another definition of a read file, listed as a one-line neighbour of the file's first source. */
	outlineNeighbour(d: DefRow, owner: MaterialSource): Candidate {
		return reachedCandidate(
			d,
			{ depth: owner.node.depth, via: "outline", from: null, relevance: this.input.relevance(d) },
			owner.chain,
			"neighbour",
		);
	}
}
