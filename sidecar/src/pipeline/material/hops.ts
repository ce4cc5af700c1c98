/**
 * Both ends of a key hop. A definition that dispatches a key (an event, a method, a REST route, a
 * queue, a callback) hands control to code it never calls by name: the key's handlers. A
 * definition that registers a handler (or is one) is run by whoever dispatches the key. The
 * material carries the far end, so the answer sees where control goes (or comes from).
 */
import { shownScopedKey } from "../../bus-key.js";
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { mountHop } from "../path/mounts.js";
import { keyTrunk } from "../skeleton.js";

export type HopIndex = Pick<IndexReader, "edgesFrom" | "edgesTo" | "defById">;
/** What `hopMounts` reads besides: the mount lines of a key (an index written before them has none). */
export type MountIndex = Pick<IndexReader, "def"> & Partial<Pick<IndexReader, "mountSites">>;

export interface HopEnd {
	/** The far end: a handler or dispatcher definition, or a file's module def for an inline handler. */
	def: DefRow;
	key: DefRow;
	/** `handler:<trunk>` (dispatched to) or `dispatch:<trunk>` (dispatched from). */
	via: string;
	/** For an inline handler (module-level), the register site's line. */
	line: number | null;
}

/** Handlers read per dispatched key, dispatchers per registered key. */
const PER_KEY = 3;
/**
 * Far ends read per key the question's flow does not cross (no chain holds the key, the question's
 * words rate its name below `CROSSED_RATING`), besides those a chain holds anyway. A shared
 * registry's key (a queue every producer fills) is crossed by many flows; the handlers of the keys
 * this question's flow never reaches took the room of its own steps.
 */
const UNCROSSED_PER_KEY = 0;
/** The rating by the question's words at which a key counts as one the question asks about. */
const CROSSED_RATING = 1;

const byUse = (relevance: (d: DefRow) => number) => (a: DefRow, b: DefRow) =>
	Number(!!a.file && isAuxiliaryPath(a.file)) - Number(!!b.file && isAuxiliaryPath(b.file)) ||
	relevance(b) - relevance(a) ||
	b.fanIn - a.fanIn;

/**
 * The far ends of the key hops `def` makes: handlers of what it dispatches, dispatchers of what it
 * registers or handles. With `onChain` (the definitions and keys the question's chains hold), a key
 * no chain holds and the question's words do not rate gives only the far ends a chain holds, and at
 * most `UNCROSSED_PER_KEY` others.
 */
export function keyHopEnds(
	index: HopIndex,
	def: DefRow,
	relevance: (d: DefRow) => number,
	onChain?: ReadonlySet<number>,
): HopEnd[] {
	const out: HopEnd[] = [];
	const seen = new Set<number>([def.id]);
	const keys = new Map<number, { key: DefRow; side: "dispatch" | "register" }>();
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "dispatch" && e.kind !== "register") continue;
		const key = index.defById(e.dst);
		if (key?.kind === "dispatch-key" && !keys.has(key.id)) keys.set(key.id, { key, side: e.kind });
	}
	for (const e of index.edgesTo(def.id)) {
		if (e.kind !== "handler") continue;
		const key = index.defById(e.src);
		if (key?.kind === "dispatch-key" && !keys.has(key.id)) keys.set(key.id, { key, side: "register" });
	}
	for (const { key, side } of keys.values()) {
		const trunk = keyTrunk(key);
		const crossed = !onChain || onChain.has(key.id) || relevance(key) >= CROSSED_RATING;
		// Of a key the flow does not cross: the far ends a chain holds, then at most `UNCROSSED_PER_KEY`.
		const take = <T>(ends: readonly T[], id: (x: T) => number): T[] => {
			if (crossed) return ends.slice(0, PER_KEY);
			let others = 0;
			return ends.filter((x) => onChain?.has(id(x)) || others++ < UNCROSSED_PER_KEY).slice(0, PER_KEY);
		};
		if (side === "dispatch") {
			const handlers = index
				.edgesFrom(key.id)
				.filter((e) => e.kind === "handler")
				.map((e) => ({ def: index.defById(e.dst), line: e.line }))
				.filter((h): h is { def: DefRow; line: number | null } => !!h.def && !seen.has(h.def.id));
			const named = handlers
				.filter((h) => h.def.kind !== "module")
				.sort((a, b) => byUse(relevance)(a.def, b.def));
			const inline = handlers.filter((h) => h.def.kind === "module" && h.line !== null);
			for (const h of take([...named, ...inline], (x) => x.def.id)) {
				if (h.def.kind !== "module") seen.add(h.def.id);
				out.push({ def: h.def, key, via: `handler:${trunk}`, line: h.def.kind === "module" ? h.line : null });
			}
		} else {
			const dispatchers = [
				...new Map(
					index
						.edgesTo(key.id)
						.filter((e) => e.kind === "dispatch")
						.map((e) => index.defById(e.src))
						.filter((d): d is DefRow => !!d && d.kind !== "module" && !seen.has(d.id))
						.map((d) => [d.id, d]),
				).values(),
			].sort(byUse(relevance));
			for (const d of take(dispatchers, (x) => x.id)) {
				seen.add(d.id);
				out.push({ def: d, key, via: `dispatch:${trunk}`, line: null });
			}
		}
	}
	return out;
}

/** Mount lines listed per key a hop crosses (a router mounted inside a mounted router: both). */
const MOUNTS_PER_KEY = 2;

export interface HopMount {
	/** The definition holding the mount line (a file's module def for a top-level `app.use`). */
	def: DefRow;
	line: number;
	via: string;
	label: string;
}

/**
 * The keys `def` is the handler of (a route handler: the keys its router is served under).
 */
export function handledKeys(index: HopIndex, def: DefRow): DefRow[] {
	return index
		.edgesTo(def.id)
		.filter((e) => e.kind === "handler")
		.map((e) => index.defById(e.src))
		.filter((k): k is DefRow => k?.kind === "dispatch-key");
}

/**
 * The mount lines between the two ends of `hops` (and above the routes of `handled`, the keys a route
 * handler read is served under, whoever requests them): where the router registering a route key is
 * mounted under the path the request joined on (`app.route('/users', users)` between `fetch('/users/1')`
 * and `users.get('/:id', h)`), innermost first, once per line.
 */
export function hopMounts(
	index: MountIndex,
	hops: readonly HopEnd[],
	handled: readonly DefRow[] = [],
): HopMount[] {
	if (!index.mountSites) return [];
	const out: HopMount[] = [];
	const seen = new Set<string>();
	for (const key of new Map([...hops.map((h) => h.key), ...handled].map((k) => [k.id, k])).values()) {
		const trunk = keyTrunk(key);
		const mounts = index.mountSites(trunk, key.name).reverse().slice(0, MOUNTS_PER_KEY);
		for (const m of mounts) {
			const at = `${m.file}:${m.line}`;
			if (seen.has(at) || !m.enclosingDefId) continue;
			const def = index.def(m.enclosingDefId);
			if (!def) continue;
			seen.add(at);
			out.push({
				def,
				line: m.line,
				via: `mount:${trunk}`,
				label: `mounts ${m.rawKey ?? "its router"} for ${shownScopedKey(key.name)} (${trunk})`,
			});
		}
	}
	return out;
}

/** Mount lines listed beside a signature-only route handler (a router mounted at two paths: both). */
const MOUNTS_PER_ROUTE = 2;

/**
 * The mount lines of a route handler the material holds only as a signature (the handler side's
 * counterpart of a step's key-hop lines): per key it serves that the question's words rate (at least
 * `CROSSED_RATING`, and `minRating`), the line wiring its router in (path/mounts.ts), so the line
 * between a request and its route is there though neither end's body was read. A route the question
 * does not name (a test server's auth routes beside a flow that sends requests) gets none, and an
 * outer app's mount (`app.route('/api', api)`) is left to the hops that cross it: they would take the
 * room of the map's tail.
 */
export function routeMounts(
	index: HopIndex & MountIndex & Pick<IndexReader, "fileLines" | "defsInFile">,
	def: DefRow,
	relevance: (d: DefRow) => number,
	minRating = 0,
): HopMount[] {
	const floor = Math.max(CROSSED_RATING, minRating);
	const out: HopMount[] = [];
	for (const key of handledKeys(index, def)) {
		if (out.length >= MOUNTS_PER_ROUTE) break;
		if (relevance(key) < floor) continue;
		const m = mountHop(index, key, def);
		if (!m || out.some((o) => o.def.file === m.file && o.line === m.line)) continue;
		const trunk = keyTrunk(key);
		out.push({
			def: m.def,
			line: m.line,
			via: `mount:${trunk}`,
			label: `mounts ${m.path} for ${shownScopedKey(key.name)} (${trunk})`,
		});
	}
	return out;
}
