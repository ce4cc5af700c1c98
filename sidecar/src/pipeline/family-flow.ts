/**
 * A plug-in family among the best files is not the flow. When several members of one family (the
 * implementations of one interface member or base method, families.ts) lead the citation ranking,
 * the definitions that call the family's shared member through its contract — the service that
 * picks a provider and calls `provider.refreshToken()` — are where the flow passes through them,
 * and so are the few callers that enter that service. Their files are ranked just after the best
 * member, above the second and later members: the best member keeps its place as the example, the
 * flow comes next. Session 28 (benchmarks/answers.md, fam28). A family no edge declares — three or
 * more sibling files whose leads extend one base or share a method name (sibling-families.ts) — is
 * lifted alike, through the definitions calling or creating its members (fam28b).
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { FAMILY_SIZE, familiesOf } from "./families.js";
import { siblingFamilies } from "./sibling-families.js";

export type FamilyFlowIndex = Pick<IndexReader, "edgesTo" | "edgesFrom" | "defById">;

/** The first files looked at for family members: as many as the path's candidates (path/find.ts). */
const FLOW_WINDOW = 24;
/** Members of one family among them (each the lead of its file) before the family crowds the flow out. */
const CROWD = 2;
/**
 * A caller of the contract is entered by its callers when it has at most this many: fewer than a
 * shared helper's (path/types.ts HELPER_FAN_IN, 12), whose callers are every feature, not the flow.
 * Session 28: 3 and 8 miss Postiz's activity (the refresh service has 9 callers), no limit gains alike.
 */
const FLOW_UP_CALLERS = 11;
/** How a contract is entered, and how its callers are. */
const CALL: ReadonlySet<string> = new Set(["call"]);
/**
 * How a family no edge declares is entered: a member called or created. References (a module's
 * provider list) also lifted files no flow passes through (session 28, fam28b: on Postiz).
 */
const ENTRY: ReadonlySet<string> = new Set(["call", "new"]);
/** Steps followed up through a caller's own file (a public method calling the private one that calls the contract). */
const FLOW_UP_DEPTH = 3;

/**
 * The score owed to each file read that holds the flow through a crowding family. Among the first
 * FLOW_WINDOW of `files` (best first; `lead` gives each file's first definition), CROWD or more
 * whose leads are members of one family lift the files calling the family's contract, and the
 * files entering those callers, to between the best member's score and the second's.
 */
export function familyFlowScores(
	index: FamilyFlowIndex,
	files: readonly string[],
	lead: (file: string) => DefRow | undefined,
	fileScore: ReadonlyMap<string, number>,
): Map<string, number> {
	const membersOf = new Map<number, string[]>();
	const memberFiles = new Set<string>();
	for (const file of files.slice(0, FLOW_WINDOW)) {
		const def = lead(file);
		if (!def) continue;
		for (const contract of familiesOf(index, def, FAMILY_SIZE)) {
			membersOf.set(contract, [...(membersOf.get(contract) ?? []), file]);
			memberFiles.add(file);
		}
	}
	const read = new Set(files);
	const crowds: { members: string[]; targets: number[]; kinds: ReadonlySet<string> }[] = [];
	for (const [contract, members] of membersOf) {
		if (members.length >= CROWD) crowds.push({ members, targets: [contract], kinds: CALL });
	}
	// Families no edge declares (sibling-families.ts): the files calling or creating any of their
	// members; a folder sharing a file with an edge-declared family is that family already.
	for (const family of siblingFamilies(index, files.slice(0, FLOW_WINDOW), lead)) {
		if (family.files.some((f) => memberFiles.has(f))) continue;
		if (family.leads.every((d) => isMessage(index, d))) continue;
		for (const f of family.files) memberFiles.add(f);
		const targets = family.leads.flatMap((d) => (d.parentId != null ? [d.id, d.parentId] : [d.id]));
		crowds.push({ members: family.files, targets, kinds: ENTRY });
	}
	const owed = new Map<string, number>();
	for (const { members, targets, kinds } of crowds) {
		const best = fileScore.get(members[0] as string) ?? 0;
		const second = fileScore.get(members[1] as string) ?? 0;
		for (const file of flowFiles(index, targets, kinds, read)) {
			const own = fileScore.get(file) ?? 0;
			if (memberFiles.has(file) || own >= second || best <= 0) continue;
			// Above the second member, below the best, in the flow files' own order.
			const lifted = second + 0.5 * (best - second) * Math.min(1, own / best);
			owed.set(file, Math.max(owed.get(file) ?? 0, lifted));
		}
	}
	return owed;
}

/**
 * Is `def` (or the class it belongs to) a message: a class created only where it is sent by key, every
 * `new X(…)` on a line that also dispatches a key (`bus.execute(new CreateInvoiceCommand(…))`)? Sibling
 * messages (a folder of commands, queries or events sharing a base) each go to a handler of their own:
 * they are no plug-in family, and the code sending them is no flow through a contract (session 54,
 * elysia54: undb's record commands lifted every file sending one above the asked query's class).
 */
function isMessage(index: FamilyFlowIndex, def: DefRow): boolean {
	const owner = def.kind === "class" ? def : def.parentId != null ? index.defById(def.parentId) : undefined;
	if (owner?.kind !== "class") return false;
	const made = index.edgesTo(owner.id).filter((e) => e.kind === "new");
	return (
		made.length > 0 &&
		made.every(
			(e) =>
				e.line !== null && index.edgesFrom(e.src).some((d) => d.kind === "dispatch" && d.line === e.line),
		)
	);
}

/**
 * Files read holding a definition with a `kinds` edge into one of `targets` (the contract; a sibling
 * family's members), or that calls such a caller (through the caller's own file, FLOW_UP_DEPTH
 * steps at most) when it has at most FLOW_UP_CALLERS callers.
 */
function flowFiles(
	index: FamilyFlowIndex,
	targets: readonly number[],
	kinds: ReadonlySet<string>,
	read: ReadonlySet<string>,
): Set<string> {
	const out = new Set<string>();
	const callersOf = (id: number, through: ReadonlySet<string> = CALL) =>
		index
			.edgesTo(id)
			.filter((e) => through.has(e.kind))
			.map((e) => index.defById(e.src))
			.filter((d): d is DefRow => !!d?.file);
	const callers = targets.flatMap((t) => callersOf(t, kinds));
	for (const c of callers) if (read.has(c.file as string)) out.add(c.file as string);
	const seen = new Set(callers.map((c) => c.id));
	let frontier = callers;
	for (let depth = 0; depth < FLOW_UP_DEPTH && frontier.length > 0; depth++) {
		const next: DefRow[] = [];
		for (const c of frontier) {
			const ups = callersOf(c.id);
			if (ups.length > FLOW_UP_CALLERS) continue;
			for (const up of ups) {
				if (seen.has(up.id)) continue;
				seen.add(up.id);
				if (up.file === c.file) next.push(up);
				else if (read.has(up.file as string)) out.add(up.file as string);
			}
		}
		frontier = next;
	}
	return out;
}
