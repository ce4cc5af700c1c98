/** A ranked file's way in: the one key handler a candidate's file holds, where the flow through that file starts. */
import type { DefRow } from "../../index/types.js";
import type { ConceptVector } from "../concept-vector.js";
import { isEntry } from "./entries.js";
import type { PathIndex } from "./types.js";

/** Candidates (best first) whose file's way in is looked for. */
export const FILE_ENTRY_FROM = 12;

const STEPLESS = new Set(["variable", "property", "enum"]);

/**
 * For a candidate whose file holds exactly one handler of a dispatch key (a file route's handler, a
 * job's processor) that is no candidate, that handler and the candidate's place in the ranking: the
 * ranking found the file by a name inside it (a constant, a helper) while the code runs from its way
 * in. A file of several handlers (a router) names no one way in.
 */
export function fileEntries(
	index: PathIndex,
	cands: readonly DefRow[],
	concepts: ConceptVector,
): { def: DefRow; place: number }[] {
	const out: { def: DefRow; place: number }[] = [];
	const taken = new Set(cands.map((d) => d.id));
	for (const [place, d] of cands.slice(0, FILE_ENTRY_FROM).entries()) {
		if (!d.file) continue;
		if (!STEPLESS.has(d.kind)) continue;
		const ways = index.defsInFile(d.file).filter((x) => x.kind === "function" || x.kind === "method");
		const entries = ways.filter((x) => isEntry(index, x));
		const entry = entries.length === 1 ? (entries[0] as DefRow) : soleSender(index, d, ways);
		if (!entry) continue;
		if (taken.has(entry.id) || !concepts(entry).some((x) => x > 0)) continue;
		taken.add(entry.id);
		out.push({ def: entry, place });
	}
	return out;
}

/**
 * The one function of the candidate's file that reads it and sends a request (dispatches a key): a form's
 * state (`inviteUserEmail`) is sent to the server by its submit handler, where the flow through the file
 * goes on. Session 50 vc50: an invitation question's best match was the form's e-mail field, its submit
 * handler (which posts to the route) unranked.
 */
function soleSender(index: PathIndex, state: DefRow, ways: readonly DefRow[]): DefRow | null {
	const inFile = new Map(ways.map((w) => [w.id, w]));
	const readers = new Set(
		index
			.edgesTo(state.id)
			.filter((e) => e.kind === "reference" && inFile.has(e.src))
			.map((e) => e.src),
	);
	const senders = [...readers].filter((id) => index.edgesFrom(id).some((e) => e.kind === "dispatch"));
	return senders.length === 1 ? (inFile.get(senders[0] as number) ?? null) : null;
}
