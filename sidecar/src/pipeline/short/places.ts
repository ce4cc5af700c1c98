/** "Where to look": how many places and which, each cited at its head. */
import type { DefRow } from "../../index/types.js";
import { type ToolingIndex, toolingLast } from "../auxiliary-code.js";
import { FAMILY_SIZE, familiesOf } from "../families.js";
import { asksHowFeatureWorks } from "../feature-question.js";
import { FolderCap, type FolderIndex } from "../folder-places.js";
import { declarationStart } from "../material/slices.js";
import type { PathIndex, PathStep } from "../path/types.js";
import { soleImplementation } from "./implementations.js";

/**
 * Further places under "Where to look" at most (the issue allows 8). Run 10: a 7th place adds core
 * files on Rocket.Chat and the held-out set (cited +0.025 on each) for precision -0.02 to -0.05,
 * still >= 0.35 on all three dev sets; an 8th takes precision to the bar (0.35 on Hoppscotch) for
 * +0.006 on Rocket.Chat only (benchmarks/answers.md).
 */
export const WHERE_TO_LOOK = 7;
/**
 * Files an answer with no flow cites at least (its best path stays in one file: the answer is the
 * places): the path's file and 9 places. Session 39 (cite39): the core files such answers miss sit at
 * places 8–10 of the citation ranking (Apostrophe cited .304 -> .357, Langfuse .500 -> .521, no
 * held-out mean lower); 10 files on every answer cost more precision than they add (rc .540 -> .515,
 * a Hoppscotch decorator pushed past the first ten citations).
 */
export const NO_FLOW_FILES = 10;
/**
 * The places that spend "Where to look"'s room: those in a file the flow does not cite already.
 * A path ending at a contract cites its two or three implementations (strategiesOf) or its sole one;
 * a place ranked in one of their files keeps its line but adds no file. Session 42 (cited42): such
 * places had cost 5 files in 3 dev answers (benchmarks/answers.md).
 */
export function placesCounted(places: readonly DefRow[], flowCited: ReadonlySet<string>): number {
	return places.filter((d) => !d.file || !flowCited.has(d.file)).length;
}
/** Lines of a definition's head cited for a place (its name is on the first of them). */
const HEAD_LINES = 12;

/** How "Where to look" chooses its places (from the pipeline config). */
export interface ShortAnswerOptions {
	/** A contract whose one implementation the answer already cites keeps its own place (`contractBesideImplementation`). */
	contractBesideImplementation: boolean;
}

/**
 * Of a definition's read ranges, the one a head is cited from: the range holding its first line (its
 * name). A slice read further down (around a key hop) is no head: citing it would label a line that
 * lacks the name.
 */
export function readHead<R extends { startLine: number; endLine: number }>(
	def: Pick<DefRow, "startLine">,
	ranges: readonly R[] | undefined,
): R | undefined {
	const first = def.startLine;
	return first === null ? undefined : ranges?.find((r) => r.startLine <= first && first <= r.endLine);
}

/** A definition's head: what was read of it, at most HEAD_LINES lines (its name is on the first). */
export function headRange(
	def: DefRow,
	read: { startLine: number; endLine: number } | undefined,
): { startLine: number; endLine: number } | null {
	if (!def.file || def.startLine === null || def.endLine === null) return null;
	const start = read?.startLine ?? def.startLine;
	return {
		startLine: start,
		endLine: Math.min(read?.endLine ?? def.endLine, def.endLine, start + HEAD_LINES - 1),
	};
}

/**
 * A head cited from a definition's first line that stops above its declaration line (the one line
 * read of `@Entity()` over `export class Session`) runs on to that line: a citation holds the name
 * it is given for, not the decorators over it.
 */
export function withDeclarationLine(
	index: Pick<PathIndex, "fileLines">,
	def: DefRow,
	head: { startLine: number; endLine: number },
): { startLine: number; endLine: number } {
	if (!def.file || def.startLine === null || def.endLine === null || head.startLine !== def.startLine)
		return head;
	const lines =
		index.fileLines(def.file, def.startLine, Math.min(def.endLine, def.startLine + HEAD_LINES - 1)) ?? [];
	if (!(lines[0] ?? "").trim().startsWith("@")) return head;
	const declaration = def.startLine + declarationStart(lines);
	return declaration > head.endLine ? { startLine: head.startLine, endLine: declaration } : head;
}

/**
 * The places "Where to look" names besides the best path, in rank order: one per file, none of a
 * plug-in family already held, a contract's place given to its one implementation.
 */
export function choosePlaces(
	index: PathIndex & FolderIndex & ToolingIndex,
	question: string,
	order: readonly DefRow[],
	best: readonly PathStep[],
	bestFiles: ReadonlySet<string | null>,
	head: (def: DefRow) => { startLine: number; endLine: number } | null,
	options: ShortAnswerOptions,
	flowCited: ReadonlySet<string> = new Set(),
): { placeDefs: DefRow[]; placeFiles: Set<string> } {
	const bestIds = new Set(best.map((s) => s.def.id));
	const placeDefs: DefRow[] = [];
	const placeFiles = new Set<string>();
	// Plug-in families (families.ts) already held: the path's steps' and the places' (and a path step that is one's interface).
	const families = new Set<number>(best.flatMap((s) => familiesOf(index, s.def, FAMILY_SIZE)));
	// A caller prepended to the path (its way in) takes a place: the answer cites as many files as before.
	// So does a callee the walk down appended (path/walk-down.ts) in a file of its own: where the flow goes on
	// takes the room of the last place (session 29: cited alongside, the places' weakest file came in).
	// With no flow (the best path in one file) the places are the answer: they take the room the flow's
	// files would (NO_FLOW_FILES).
	const placeCount =
		new Set(best.map((s) => s.def.file)).size <= 1
			? NO_FLOW_FILES - 1
			: WHERE_TO_LOOK -
				best.filter(
					(s, i) => s.leadIn || (s.walkedDown && !best.slice(0, i).some((b) => b.def.file === s.def.file)),
				).length;
	const readIds = new Set(order.map((d) => d.id));
	// An answer on how a whole feature works spends at most 2 places in one small folder (folder-places.ts).
	const folderCap = new FolderCap(index, asksHowFeatureWorks(question));
	// A package's test tooling (an e2e page object) is named only when the product's files run out.
	// A place in a file the flow cites anyway (an implementation In short names) keeps its line but
	// adds no file: it takes none of the room (placesCounted).
	for (const def of toolingLast(index, question, order)) {
		if (placesCounted(placeDefs, flowCited) >= placeCount) break;
		if (!def.file || bestIds.has(def.id) || bestFiles.has(def.file) || placeFiles.has(def.file)) continue;
		if (!head(def) || !folderCap.admits(def)) continue;
		const own = familiesOf(index, def, FAMILY_SIZE);
		const held = own.some((f) => families.has(f) || bestIds.has(f));
		for (const f of own) families.add(f);
		if (held) continue;
		// A contract's place goes to where it runs: its one implementation, when read and not yet
		// held by the path or a place (else the contract takes none). When the answer already cites
		// the implementation, the contract may keep its own place (options.contractBesideImplementation):
		// the declared API other packages call (a service's interface), not a second signature in the
		// way of another file. Session 14 (benchmarks/answers.md, rank14): RC cited 0.510 -> 0.525.
		const impl = soleImplementation(index, def);
		const implHeld = impl?.file ? bestFiles.has(impl.file) || placeFiles.has(impl.file) : false;
		if (impl !== undefined && !(options.contractBesideImplementation && implHeld)) {
			if (
				impl.file &&
				readIds.has(impl.id) &&
				!bestFiles.has(impl.file) &&
				!placeFiles.has(impl.file) &&
				head(impl)
			) {
				placeFiles.add(impl.file);
				placeDefs.push(impl);
			}
			continue;
		}
		placeFiles.add(def.file);
		placeDefs.push(def);
	}
	return { placeDefs, placeFiles };
}
