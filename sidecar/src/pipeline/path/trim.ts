/** A chosen path's head dropped when it is another flow's way in or one of a shared helper's many callers. */
import type { DefRow } from "../../index/types.js";
import { isTestNamedPath } from "../auxiliary-code.js";
import { entryCallers, SIDE_ENTRIES } from "./entries.js";
import { HELPER_FAN_IN, type Hop, type PathIndex } from "./types.js";

/**
 * A path's head ranked this many places or more below the step it leads to, naming nothing new, is
 * dropped (run 11: of the 10 heads any gap would drop, 8 came from another flow; a CLI command one
 * place below its callee stays, an editor action two places below goes).
 */
const HEAD_RANK_GAP = 2;

/**
 * Drop the path's head while it is another flow's way in: no entry point, ranked at least
 * HEAD_RANK_GAP places below the step it leads to, and naming nothing of the question that the rest
 * of the path does not (a report panel calling the hook that counts what the question asks about, a
 * bridge adapter calling the function that creates it). The path was chosen with it (a caller adds worth); it is only not
 * where the answer starts. A bridge (no rank) is never a head of its own: when the head reaches the next
 * ranked step through bridges, the gap is to that step, and the bridges go with the head (session 18: an
 * apps-bridge method → its helper → `createChannelHandler`, the channel's own flow, started at the bridge).
 */
export function trimHead(
	path: { ids: number[]; hops: Hop[] },
	rank: ReadonlyMap<number, number>,
	entries: ReadonlySet<number>,
	cover: (id: number) => readonly number[],
): void {
	while (path.ids.length >= 2) {
		const head = path.ids[0] as number;
		const h = rank.get(head);
		// The head and the bridges it reaches the next ranked step through.
		let taken = 1;
		while (taken < path.ids.length - 1 && !rank.has(path.ids[taken] as number)) taken++;
		const next = rank.get(path.ids[taken] as number);
		if (h === undefined || next === undefined || entries.has(head) || h < next + HEAD_RANK_GAP) return;
		const rest = path.ids.slice(1).filter((id) => rank.has(id));
		const own = cover(head);
		if (own.some((x, i) => x > Math.max(0, ...rest.map((id) => cover(id)[i] ?? 0)) + 1e-9)) return;
		path.ids.splice(0, taken);
		path.hops.splice(0, taken);
	}
}

/**
 * Drop the path's head when it is one of SIDE_ENTRIES or more entry points of other files calling the
 * step it leads to, and names nothing of the question that the rest of the path does not: the step they
 * share is where the flow asked about starts, and which surface the head enters from (another API's
 * controller, a workflow activity, a tool registration, a test module's set-up) is not what the question
 * asks. A head naming a word of its own (an admin route for an admin question) stays, and so does one before a
 * shared helper or leaving a lone step. trimHead leaves entry points alone: one is the way in when it is the
 * only one; leadIn then prepends none of the others.
 */
export function trimSideEntry(
	path: { ids: number[]; hops: Hop[] },
	index: PathIndex,
	entries: ReadonlySet<number>,
	cover: (id: number) => readonly number[],
): void {
	// The rest must still be a flow: a lone step is a best match, and the head was what made it a path.
	if (path.ids.length < 3) return;
	const head = path.ids[0] as number;
	const next = index.defById(path.ids[1] as number);
	// A shared helper (HELPER_FAN_IN callers) is no flow's core: the head says which use it is (trimSharedHead's case).
	if (!entries.has(head) || !next?.file || next.fanIn >= HELPER_FAN_IN) return;
	const ways = entryCallers(index, next);
	if (!ways.has(head) || ways.size < SIDE_ENTRIES) return;
	const rest = path.ids.slice(1);
	const own = cover(head);
	if (own.some((x, i) => x > Math.max(0, ...rest.map((id) => cover(id)[i] ?? 0)) + 1e-9)) return;
	path.ids.shift();
	path.hops.shift();
}

/**
 * Drop the path's head while the step it leads to is a shared helper of no worth of its own
 * (HELPER_FAN_IN callers or more, its name matching fewer than HELPER_CONCEPTS of the question's
 * concepts) and the head's own name does not match as many of the question's concepts either: the
 * head is one of the helper's many callers, another feature calling in (an auto-translate settings
 * method calling the notifier every subscription change goes through), not where the flow starts;
 * leadIn takes no caller of a step with more than LEAD_IN_CALLERS for the same reason. The helper
 * then starts the path: the flow every caller shares. The path was chosen with the head; it is only
 * not where the answer starts.
 */
export function trimSharedHead(
	path: { ids: number[]; hops: Hop[] },
	byId: ReadonlyMap<number, DefRow>,
	namedFor: (d: DefRow) => boolean,
): void {
	while (path.ids.length >= 2) {
		const head = byId.get(path.ids[0] as number);
		const next = byId.get(path.ids[1] as number);
		if (!head || !next || next.fanIn < HELPER_FAN_IN || namedFor(next) || namedFor(head)) return;
		path.ids.shift();
		path.hops.shift();
	}
}

/**
 * A head this many lines long or shorter whose one call is to a definition of its own name in another
 * file is a delegator: it hands the work on (`Notifier.sendMail` → `MailService.sendMail`).
 */
const DELEGATOR_LINES = 20;

/**
 * Drop the path's head while it is a short delegator into a namesake — its one call is to a definition of
 * the same name in another file — no entry point, not named by the question, leaving a flow of two steps or
 * more: the callee is where the flow asked about starts; the wrapper only passes the call on. Its own words
 * do not keep it (they are its class's or folder's: `Notifier.sendMail` says "notify" for a mail question);
 * the short answer still lists it as a caller of the first step. Session 48 head48: 14 of the 66 heads off
 * the gold chain were a caller above the flow, several a same-named wrapper (session 49 head49).
 */
export function trimDelegator(
	path: { ids: number[]; hops: Hop[] },
	index: PathIndex,
	byId: ReadonlyMap<number, DefRow>,
	entries: ReadonlySet<number>,
	keep: ReadonlySet<number>,
): void {
	while (path.ids.length >= 3) {
		const headId = path.ids[0] as number;
		const head = byId.get(headId);
		const next = byId.get(path.ids[1] as number);
		if (!head || !next || entries.has(headId) || keep.has(headId)) return;
		if (path.hops[0]?.kind !== "call" || head.file === next.file) return;
		if (head.name.toLowerCase() !== next.name.toLowerCase()) return;
		if (head.startLine === null || head.endLine === null) return;
		if (head.endLine - head.startLine + 1 > DELEGATOR_LINES) return;
		const calls = new Set(
			index
				.edgesFrom(headId)
				.filter((e) => OUT_KINDS.has(e.kind))
				.map((e) => e.dst),
		);
		if (calls.size !== 1 || !calls.has(next.id)) return;
		path.ids.shift();
		path.hops.shift();
	}
}

/** Edges by which a delegator hands on the work: its one such edge is to its namesake. */
const OUT_KINDS: ReadonlySet<string> = new Set(["call", "new", "dispatch"]);

/**
 * Drop the path's head while its file is named for a test (isTestNamedPath), its own name names nothing of the
 * question the rest of the path does not, and a flow of two steps or more remains: the harness calling the product
 * code (a test plugin creating the queue the question asks about) is not where the product's flow starts.
 */
export function trimTestHead(
	path: { ids: number[]; hops: Hop[] },
	byId: ReadonlyMap<number, DefRow>,
	cover: (id: number) => readonly number[],
	named: (id: number) => readonly number[],
): void {
	while (path.ids.length >= 3) {
		const head = byId.get(path.ids[0] as number);
		if (!head?.file || !isTestNamedPath(head.file)) return;
		const rest = path.ids.slice(1);
		// The head's own name, not its path: the harness's folder repeats the product's words (`dev-server/`).
		const own = named(head.id);
		if (own.some((x, i) => x > Math.max(0, ...rest.map((id) => cover(id)[i] ?? 0)) + 1e-9)) return;
		path.ids.shift();
		path.hops.shift();
	}
}
