/** A background job's flow told from the schedule that queues it: the way up from a job's consumer to a method the clock runs. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { ConceptVector } from "../concept-vector.js";
import { asksBackground, isBackgroundEnd } from "./background.js";
import { lineHop } from "./hops.js";
import type { PathIndex, PathStep } from "./types.js";

/** Hops up from the consumer at most: the dispatcher, the code calling it, the scheduled method calling that. */
const UP_HOPS = 4;

/** Callers or dispatchers one definition may have for the way up to go on through it: more is a shared step. */
const UP_FAN = 8;

/** A scheduler's trunk (`schedule`, `cron`) or a key written as a cron expression (`0 12 * * 0`, `EVERY_HOUR`). */
const SCHEDULE_TRUNK = /(?:^|[-_])(?:schedules?|cron|crons|interval|intervals|timers?)(?:$|[-_])/;
const CRON_KEY = /^(?:[\d*/,?-]+\s+){4,5}[\d*/,?A-Z-]+$|(?:^|[._])EVERY_/;

/** Is `key` one the clock fires: a scheduler's trunk, or a schedule written as its key? */
function isScheduleKey(key: DefRow): boolean {
	const [trunk = "", written = ""] = key.qualifiedName.split("#");
	return SCHEDULE_TRUNK.test(trunk.toLowerCase()) || CRON_KEY.test(written.trim());
}

/** The background key `def` handles (its consumer: a job's processor), or null. */
function consumedKey(index: PathIndex, def: DefRow): DefRow | null {
	for (const e of index.edgesTo(def.id)) {
		if (e.kind !== "handler") continue;
		const key = index.defById(e.src);
		if (key?.kind === "dispatch-key" && isBackgroundEnd(key, def)) return key;
	}
	return null;
}

/** Is `def` run by the clock: the handler of a schedule key? */
function isScheduled(index: PathIndex, def: DefRow): boolean {
	return index.edgesTo(def.id).some((e) => {
		if (e.kind !== "handler") return false;
		const key = index.defById(e.src);
		return key?.kind === "dispatch-key" && isScheduleKey(key);
	});
}

/** One way up: the definition above, the edge written in it, and the key crossed (a dispatch) or null (a call). */
interface Up {
	def: DefRow;
	edge: EdgeRow;
	key: DefRow | null;
}

/** The code running `def`: its callers, and the dispatchers of the keys it handles; null when more than UP_FAN. */
function upFrom(index: PathIndex, def: DefRow): Up[] | null {
	const out: Up[] = [];
	const add = (src: number, edge: EdgeRow, key: DefRow | null) => {
		const x = index.defById(src);
		if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file)) return;
		if ((x.kind !== "function" && x.kind !== "method") || out.some((u) => u.def.id === x.id)) return;
		out.push({ def: x, edge, key });
	};
	for (const e of index.edgesTo(def.id)) {
		if (e.kind === "call" || e.kind === "new") add(e.src, e, null);
		if (e.kind !== "handler") continue;
		const key = index.defById(e.src);
		if (key?.kind !== "dispatch-key") continue;
		for (const d of index.edgesTo(key.id)) if (d.kind === "dispatch") add(d.src, d, key);
	}
	return out.length > UP_FAN ? null : out;
}

/**
 * Tell a background job's flow from the schedule that queues it: when the question asks for background work and
 * the path starts at a job's consumer (the handler of a background key, `DataGatheringProcessor.gather…` for
 * `process#GATHER_…`), the shortest way up — through the key's dispatchers and their callers, UP_HOPS hops at most,
 * none with more than UP_FAN ways in — to a method the clock runs (a handler of a schedule key: `@Cron`,
 * `@Interval`) is prepended, when exactly one such method is that near. "How are prices kept up to date in the
 * background" asks what starts the job as much as what it does; the scheduled method is no ranked place, since
 * its name says when, not what.
 */
export function fromSchedule(
	index: PathIndex,
	steps: PathStep[],
	concepts: ConceptVector,
	maxSteps: number,
): void {
	const first = steps[0];
	if (!first || !asksBackground(concepts) || !consumedKey(index, first.def)) return;
	const taken = new Set(steps.map((s) => s.def.id));
	// Breadth first, so the nearest scheduled method wins; `via` keeps each definition's way down.
	const via = new Map<number, { down: DefRow; up: Up }>();
	let frontier: DefRow[] = [first.def];
	for (let hop = 0; hop < UP_HOPS && steps.length + hop < maxSteps; hop++) {
		const next: DefRow[] = [];
		const found: DefRow[] = [];
		for (const d of frontier) {
			for (const up of upFrom(index, d) ?? []) {
				if (taken.has(up.def.id) || via.has(up.def.id)) continue;
				via.set(up.def.id, { down: d, up });
				if (isScheduled(index, up.def)) found.push(up.def);
				else next.push(up.def);
			}
		}
		if (found.length > 1) return;
		const head = found[0];
		if (head) {
			const chain: PathStep[] = [];
			for (let at: DefRow = head; at.id !== first.def.id; ) {
				const { down, up } = via.get(at.id) as { down: DefRow; up: Up };
				chain.push({ def: at, hop: lineHop(index, up.edge, at, down, up.key), walked: true });
				at = down;
			}
			steps.unshift(...chain);
			return;
		}
		frontier = next;
	}
}
