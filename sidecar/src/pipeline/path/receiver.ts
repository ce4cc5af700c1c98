/**
 * Overrides a `this.` call can run. A call `this.run()` written in class C reaches the base member `run`
 * (the index links the call to its declaration), and the index links the base member to every override;
 * but C's instances run only an override in C or a class extending C. From a call on `this` in C, the hop
 * from the base member goes on only to such an override (`super.run()` runs the base's own body: to none);
 * a call on a variable typed by the base (no receiver known here) may reach any override, as before.
 */
import type { DefRow } from "../../index/types.js";
import { lastSegment } from "../verify.js";
import type { Edge, PathIndex, PathStep } from "./types.js";

/** The class whose member (or a function nested in it) `def` is, or null. */
export function classOf(index: PathIndex, def: DefRow): DefRow | null {
	let at: DefRow | undefined = def;
	for (let depth = 0; at && depth < MAX_NESTING; depth++) {
		if (at.kind === "class") return at;
		at = at.parentId == null ? undefined : index.defById(at.parentId);
	}
	return null;
}

/** Enclosing definitions looked through for a member's class (a method's nested callbacks). */
const MAX_NESTING = 8;

/** `cls` and the classes it extends, transitively (the index's `extends` edges, class to base). */
export function lineageOf(index: PathIndex, cls: DefRow): Set<number> {
	const out = new Set<number>([cls.id]);
	const queue = [cls.id];
	while (queue.length > 0) {
		const id = queue.pop() as number;
		for (const e of index.edgesFrom(id)) {
			if (e.kind !== "extends" || out.has(e.dst)) continue;
			out.add(e.dst);
			queue.push(e.dst);
		}
	}
	return out;
}

/** How a hop's line calls `to`: on `this`, on `super`, or on anything else (null). */
export function receiverOf(text: string | null, to: DefRow): "this" | "super" | null {
	if (!text) return null;
	for (const name of new Set([to.name, lastSegment(to.qualifiedName)])) {
		if (!/^[\w$]+$/.test(name)) continue;
		const m = new RegExp(
			`(?:^|[^\\w$.])(this|super)\\s*\\??\\.\\s*${name.replace(/\$/g, "\\$")}(?![\\w$])`,
		).exec(text);
		if (m) return m[1] as "this" | "super";
	}
	return null;
}

/**
 * Marks the search graph's hops for the receiver rule: a call on `this` or `super` with the class it is
 * written in and its lineage (`Edge.receiver`), an implementation hop with its override's class and that
 * class's lineage (`Edge.override`).
 */
export function markReceivers(
	index: PathIndex,
	graph: ReadonlyMap<number, Edge[]>,
	byId: ReadonlyMap<number, DefRow>,
): void {
	for (const [src, edges] of graph) {
		const from = byId.get(src);
		if (!from) continue;
		for (const e of edges) {
			const to = byId.get(e.to);
			if (!to) continue;
			if (e.hop.kind === "implementation") {
				const cls = classOf(index, to);
				if (cls) e.override = { cls: cls.id, lineage: lineageOf(index, cls) };
				continue;
			}
			if (e.hop.kind !== "call") continue;
			const how = receiverOf(e.hop.text, to);
			const cls = how ? classOf(index, from) : null;
			if (how && cls) e.receiver = { cls: cls.id, lineage: lineageOf(index, cls), super: how === "super" };
		}
	}
}

/**
 * May the path take implementation hop `edge` after `taken` (the edges that led to its last step)? Only
 * to an override C's instances run when the call that entered the base member (before any implementation
 * hops) was on `this` in class C: the override's class is C or extends C, or is one C extends (a base
 * between an interface and C). After `super.`, to none.
 */
export function overrideReachable(taken: readonly Edge[], edge: Edge): boolean {
	if (edge.hop.kind !== "implementation") return true;
	let i = taken.length - 1;
	while (i >= 0 && taken[i]?.hop.kind === "implementation") i--;
	const receiver = taken[i]?.receiver;
	if (!receiver) return true;
	if (receiver.super) return false;
	return !edge.override || runsFor(receiver, edge.override);
}

/** A class and the classes it extends (lineageOf). */
interface Lineage {
	cls: number;
	lineage: ReadonlySet<number>;
}

/** Does an instance of `receiver`'s class run `override`'s class's member: the latter is, extends or is extended by it? */
function runsFor(receiver: Lineage, override: Lineage): boolean {
	return override.lineage.has(receiver.cls) || receiver.lineage.has(override.cls);
}

/**
 * Which overrides of the path's last step (a base member) its entering call can run: after a call on `this`
 * in class C, those in C or a class extending C (one C extends too); after `super.`, none; else all.
 */
export function runnableAfter(index: PathIndex, steps: readonly PathStep[]): (impl: DefRow) => boolean {
	const last = steps.at(-1);
	const before = steps.at(-2);
	const how = last && before?.hop?.kind === "call" ? receiverOf(before.hop.text, last.def) : null;
	const cls = how && before ? classOf(index, before.def) : null;
	if (!how || !cls) return () => true;
	if (how === "super") return () => false;
	const receiver = { cls: cls.id, lineage: lineageOf(index, cls) };
	return (impl) => {
		const own = classOf(index, impl);
		return !own || runsFor(receiver, { cls: own.id, lineage: lineageOf(index, own) });
	};
}
