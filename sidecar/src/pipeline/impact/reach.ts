/**
 * The places an impact answer reaches beyond the listing of X's own sites: one call further up (who
 * calls what runs X) and, as context, what X itself calls.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow, EdgeRow } from "../../index/types.js";
import { implementationsOf } from "../families.js";
import { TEST_PATH } from "../material/test-scan.js";
import { CALL_KINDS, type Place } from "./groups.js";

export type ReachIndex = Pick<IndexReader, "edgesTo" | "edgesFrom" | "defById">;

/** A callee used more than this (a logger, a generic helper) is no part of what X in particular drives. */
const HOT_CALLEE = 40;

/**
 * One call further up: who calls the definitions that run X (its callers, its dispatchers) — what
 * reaches X through them. Calls from X itself, from those definitions themselves, and from tests
 * are left out; one place per calling definition. A variable holding an instance of X (`export
 * const settings = new SettingsCache()`) stands for X: whoever uses it on a line the listing does
 * not hold already (passes it on: `new SettingsStore({ store: settings })`) is reached too.
 */
export function furtherUp(
	index: ReachIndex,
	run: readonly Place[],
	target: DefRow,
	inside: (s: { file: string; line: number }) => boolean,
	listed: ReadonlySet<string>,
): {
	places: Place[];
	sites: { file: string; line: number; kind: string }[];
	callers: number;
	instanceUses: number;
} {
	const direct = new Map<number, DefRow>();
	const instances = new Set<number>();
	for (const p of run) {
		if (!p.within || inside(p) || p.within.id === target.id) continue;
		const instance = p.kind === "new" && p.within.kind === "variable";
		const d = instance ? p.within : enclosingCallable(index, p.within);
		if (d.id === target.id) continue;
		direct.set(d.id, d);
		if (instance) instances.add(d.id);
	}
	let instanceUses = 0;
	const seen = new Set<string>();
	const sites: { file: string; line: number; kind: string }[] = [];
	const byCaller = new Map<number, Place>();
	for (const d of direct.values()) {
		// A caller that handles a key (a route, a method, a job) is reached by whoever dispatches the key.
		const keyOf = new Map<EdgeRow, DefRow>();
		for (const h of index.edgesTo(d.id)) {
			const key = h.kind === "handler" ? index.defById(h.src) : undefined;
			if (key?.kind !== "dispatch-key") continue;
			for (const e of index.edgesTo(key.id)) if (e.kind === "dispatch") keyOf.set(e, key);
		}
		for (const e of [...index.edgesTo(d.id), ...keyOf.keys()]) {
			const key = keyOf.get(e);
			const use = instances.has(d.id) && e.kind === "reference" && !listed.has(`${e.file}:${e.line}`);
			if ((!CALL_KINDS.has(e.kind) && !key && !use) || !e.file || !e.line || TEST_PATH.test(e.file)) continue;
			if (direct.has(e.src) || e.src === target.id || inside({ file: e.file, line: e.line })) continue;
			const k = `${e.file}:${e.line}`;
			if (seen.has(k)) continue;
			seen.add(k);
			sites.push({ file: e.file, line: e.line, kind: e.kind });
			if (use) instanceUses++;
			const known = byCaller.get(e.src);
			if (known) {
				known.alsoInFile += known.file === e.file ? 1 : 0;
				continue;
			}
			const within = index.defById(e.src);
			byCaller.set(e.src, {
				group: "up",
				file: e.file,
				line: e.line,
				kind: e.kind,
				within: use && within?.kind === "module" ? undefined : within,
				handler: null,
				alsoInFile: 0,
				via: d,
				...(key ? { key } : {}),
				...(use ? { uses: true } : {}),
			});
		}
	}
	const places = [...byCaller.values()];
	return { places, sites, callers: byCaller.size, instanceUses };
}

/** Kinds whose local closures run as part of them. */
const CALLABLE = new Set(["function", "method"]);

/**
 * The definition whose callers reach a site written in `d`: `d` itself, or — when `d` is a local
 * closure of a function or method that only the enclosing function refers to (`const results =
 * ids.map((id) => this.users.remove(id))`, then `await Promise.all(results)`) — the enclosing
 * function's, climbing while that holds. A nested
 * definition something else calls or dispatches (a handler of a key) keeps its own callers.
 */
function enclosingCallable(index: ReachIndex, d: DefRow): DefRow {
	let at = d;
	for (let depth = 0; depth < 8 && at.parentId !== null; depth++) {
		const parent = index.defById(at.parentId);
		if (!parent || !CALLABLE.has(parent.kind)) break;
		const self = at.id;
		// Its value used by the enclosing function alone (`await Promise.all(results)`); a callback no
		// edge reaches (passed to a registration: `migrations.add(name, async () => …)`) runs later, elsewhere.
		const into = index.edgesTo(self);
		if (!into.some((e) => e.src === parent.id) || into.some((e) => e.src !== parent.id && e.src !== self))
			break;
		at = parent;
	}
	return at;
}

/**
 * What a function or method runs: its direct callees (once each; not the hot helpers every module
 * calls), and where they lead elsewhere — the implementations of an interface member it calls, the
 * handlers of a key it dispatches (cited at their heads). Those in other files first.
 */
export function whatItRuns(index: ReachIndex, target: DefRow): Place[] {
	if (target.kind !== "function" && target.kind !== "method") return [];
	const out: Place[] = [];
	const seen = new Set<number>([target.id]);
	const head = (d: DefRow, of: DefRow) => {
		if (seen.has(d.id) || !d.file || d.startLine === null || TEST_PATH.test(d.file)) return;
		seen.add(d.id);
		out.push({
			group: "drives",
			file: d.file,
			line: d.startLine,
			kind: "head",
			within: d,
			handler: null,
			alsoInFile: 0,
			runs: { def: d, head: true, of },
		});
	};
	for (const e of index.edgesFrom(target.id)) {
		if (!["call", "new", "dispatch"].includes(e.kind) || !e.file || !e.line) continue;
		const callee = index.defById(e.dst);
		if (!callee || seen.has(callee.id)) continue;
		if (callee.kind === "dispatch-key") {
			seen.add(callee.id);
			for (const h of index.edgesFrom(callee.id).filter((x) => x.kind === "handler")) {
				const d = index.defById(h.dst);
				if (d) head(d, callee);
			}
			continue;
		}
		if (callee.fanIn > HOT_CALLEE || !callee.file || TEST_PATH.test(callee.file)) continue;
		seen.add(callee.id);
		// A helper in X's own file is named; a callee elsewhere is cited at its head (a file X reaches).
		const elsewhere = callee.file !== target.file && callee.startLine !== null;
		out.push({
			group: "drives",
			file: elsewhere ? callee.file : e.file,
			line: elsewhere ? (callee.startLine as number) : e.line,
			kind: e.kind,
			within: target,
			handler: null,
			alsoInFile: 0,
			runs: { def: callee, head: elsewhere },
		});
		for (const impl of implementationsOf(index, callee)) head(impl, callee);
	}
	const elsewhere = (p: Place) => Number(p.file !== target.file);
	const reached = (p: Place) => Number(!!p.runs?.of);
	return out.sort((a, b) => elsewhere(b) - elsewhere(a) || reached(b) - reached(a));
}
