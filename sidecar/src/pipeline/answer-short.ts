/**
 * The short offline answer (the default): one chat message, at most `SHORT_ANSWER_CHARS` with its
 * sources list. "In short" tells the path in the order the code runs (at most 5 sentences); "The
 * path" lists its steps, each with its citation and the one line of code that makes the hop,
 * quoted from the index's stored file text; "Where to look" names the next best places. Every
 * citation is the narrowest range that holds what its sentence names: the hop line for a hop,
 * the definition's head for a place. Bold labels, no headings: it renders in Rocket.Chat as is.
 */
import { firstSentence } from "../index/doc-comment.js";
import type { DefRow } from "../index/types.js";
import { CitationBook, type DraftAnswer } from "./answer-offline.js";
import { type Branch, branchOf, isEmptyFunction } from "./branch.js";
import { FAMILY_SIZE, familiesOf, implementationsOf } from "./families.js";
import { asksHowFeatureWorks } from "./feature-question.js";
import { flowContinuations } from "./flow-continuation.js";
import { FolderCap, type FolderIndex } from "./folder-places.js";
import { FORK_SPAN, type Fork, forkOf } from "./fork.js";
import { Labels } from "./labels.js";
import { code, keyWords, listWords, sentence } from "./markdown.js";
import {
	type ConceptVector,
	type FoundPaths,
	findPaths,
	type Hop,
	namedHopLine,
	type PathIndex,
	type PathStep,
} from "./path.js";
import type { CitationRanking } from "./rank.js";
import type { ReadItem } from "./read.js";
import { lastSegment } from "./verify.js";

/** How a definition is named to the reader (labels.ts). */
type Label = (def: DefRow) => string;
/** A definition's doc comment as evidence of what it does: none for an empty function. */
type Doc = (def: DefRow) => string | null;
/** Said of an empty function in place of its doc comment. */
const EMPTY_FUNCTION = "an empty function: it does nothing";
/**
 * The next step named after a step's verb: its label, with "again" when the step is written inside
 * it (a listener defined in `initializeScene` that calls `initializeScene`): a re-entry, not a loop.
 */
type Callee = (step: PathStep, next: DefRow) => string;
/**
 * The step after a dispatch as the key's handler, when its label would name the key the sentence
 * has just named ("the endpoint's `get` handler"); null otherwise.
 */
type Keyed = (step: PathStep | undefined, next: PathStep | undefined) => string | null;

/** One Rocket.Chat message, sources included. */
export const SHORT_ANSWER_CHARS = 4000;
/** Implementations named for a path ending at a contract or a stub (Where the code really runs). */
const IMPLEMENTATIONS_NAMED = 3;
/** Sentences of "In short" at most. */
const IN_SHORT_SENTENCES = 5;
/** Steps of the path at most. */
const PATH_STEPS = 10;
/**
 * Further places under "Where to look" at most (the issue allows 8). Run 10: a 7th place adds core
 * files on Rocket.Chat and the held-out set (cited +0.025 on each) for precision -0.02 to -0.05,
 * still >= 0.35 on all three dev sets; an 8th takes precision to the bar (0.35 on Hoppscotch) for
 * +0.006 on Rocket.Chat only (benchmarks/answers.md).
 */
const WHERE_TO_LOOK = 7;
/**
 * "Where to look" places the flow's continuation may take at most (flow-continuation.ts), each from
 * the weakest place that only matches the question's words. Session 28 (flow28): 2 and 3 alike.
 */
const FLOW_PLACES = 2;
/**
 * A runner-up flow worth at least this share of the best one is told too ("two flows match"): on the
 * dev sets, below it the best path is the right one far more often than the other.
 */
const CLOSE_FLOWS = 0.85;
/**
 * Share of the question's concept weight the lead's names and files (and the key it fires on the
 * way) must match for the answer to call it the best match; below it the first line says it is the closest match found and which of
 * the question's words its names and files do not mention. Calibrated on the 21 leads blind readers judged
 * (sessions 15–17, benchmarks/answers.md; shares of today's leads): the one read as correct matches
 * 1.00; 6 of the 9 read as incorrect match 0.14–0.38, and 6 of the 11 partial ones under a half;
 * any threshold from 0.4 to 0.5 splits them alike. A lead matching every word by name and still
 * wrong (a dashboard's "messages sent" for sending a message, 1.00) no share can tell.
 */
const STRONG_MATCH = 0.5;
/** Question words named in the first line at most (the rest counted). */
const WORDS_NAMED = 3;
/** Steps of the other flow named. */
const OTHER_STEPS = 3;
/** Hops told per "In short" sentence. */
const HOPS_PER_SENTENCE = 2;
/** Characters of a quoted code line and of a doc sentence. */
const QUOTE_CHARS = 110;
/** A quoted code line when the message is short of room for its first line. */
const SHORT_QUOTE_CHARS = 60;
const DOC_CHARS = 90;
/**
 * Concepts of the question the doc comment of the path's end must name to be quoted as its end
 * (fewer when the question has fewer): on the dev sets the docs naming one are helpers the path
 * ends in (email validation, an error object), those naming two say what the flow does.
 */
const QUESTION_CONCEPTS_NAMED = 2;
/** Lines of a definition's head cited for a place (its name is on the first of them). */
const HEAD_LINES = 12;
/** What the path's last step calls further, named (the rest counted). */
const ONWARD_NAMED = 2;
/** Enclosing definitions looked through for a step written inside the step it calls. */
const MAX_NESTING = 12;
/**
 * The edges that take the flow on from the path's last step: calls and renders (not `new`, mostly
 * an error thrown; a key it fires that names the question is told "On the way").
 */
const ONWARD_KINDS = new Set(["call", "jsx"]);

/** How "Where to look" chooses its places (from the pipeline config). */
export interface ShortAnswerOptions {
	/** A contract whose one implementation the answer already cites keeps its own place (`contractBesideImplementation`). */
	contractBesideImplementation: boolean;
}

const DEFAULT_SHORT_OPTIONS: ShortAnswerOptions = { contractBesideImplementation: true };

/** What one composition of the short answer tells beyond the path. */
interface Told {
	concepts?: ConceptVector;
	/** The key the path fires that names the question ("On the way, …"). */
	fire: boolean;
	/** The one-line answer before "In short": with the file the path ends in, without it, or none. */
	opening: Opening;
	/** What the path's last step calls beyond the path: named, or only counted (shorter). */
	onward: "named" | "counted";
	/** Characters of a quoted code line. */
	quote: number;
	/** The closing line saying the answer is offline and how to see more. */
	footer: boolean;
}

type Opening = "full" | "brief" | "none";

export function shortAnswer(
	index: PathIndex & FolderIndex,
	question: string,
	read: readonly ReadItem[],
	ranking: CitationRanking,
	concepts?: ConceptVector,
	options: ShortAnswerOptions = DEFAULT_SHORT_OPTIONS,
): DraftAnswer {
	const found = findPaths(index, ranking.order, { maxSteps: PATH_STEPS }, concepts);
	const flows = concepts ? closeFlows(index, found) : { path: found.steps, other: [] };
	// The opening line, naming the key the path fires, then the other flow, must not push a line out
	// of the message: each is left out in turn if it would.
	// (Naming what the path's last step calls goes before the opening line; shorter code quotes and
	// no closing line go before it too: the first line says what was found and how sure it is.)
	const tries: [readonly PathStep[], boolean, Opening, Told["onward"], number, boolean][] = [
		[flows.other, true, "full", "named", QUOTE_CHARS, true],
		[flows.other, true, "full", "named", QUOTE_CHARS, false],
		[flows.other, true, "full", "counted", QUOTE_CHARS, true],
		[flows.other, true, "brief", "counted", QUOTE_CHARS, true],
		[flows.other, true, "brief", "counted", SHORT_QUOTE_CHARS, false],
		[flows.other, true, "none", "counted", QUOTE_CHARS, true],
		[flows.other, false, "none", "counted", QUOTE_CHARS, true],
		[[], false, "none", "counted", QUOTE_CHARS, true],
	];
	const tell = ([other, fire, opening, onward, quote, footer]: (typeof tries)[number]) =>
		compose(index, question, read, ranking, found.steps, flows.path, other, options, {
			concepts,
			fire,
			opening,
			onward,
			quote,
			footer,
		});
	let last: DraftAnswer | null = null;
	for (const t of tries) {
		const told = tell(t);
		if (told.complete) return told.answer;
		last = told.answer;
	}
	// Lines had to go in every try (the places fill the message): the first line is still told when it
	// costs no citation the message would keep without it (a code quote is shortened, the closing
	// line left out first).
	const kept = citedRanges(last as DraftAnswer);
	const withOpening: (typeof tries)[number][] = [
		[[], false, "full", "counted", QUOTE_CHARS, true],
		[[], false, "brief", "counted", SHORT_QUOTE_CHARS, false],
	];
	for (const t of withOpening) {
		const { answer } = tell(t);
		if (citedRanges(answer) === kept) return answer;
	}
	return last as DraftAnswer;
}

/** The ranges an answer cites, in the order it cites them. */
function citedRanges(answer: DraftAnswer): string {
	const byMarker = new Map(answer.drafts.map((d) => [d.n, `${d.file}:${d.startLine}-${d.endLine}`]));
	const seen = new Set<string>();
	for (const m of answer.body.matchAll(/\[(\d+)\]/g)) {
		const range = byMarker.get(Number(m[1]));
		if (range) seen.add(range);
	}
	return [...seen].join("\n");
}

/** The short answer leading with `path`, naming `other`; `complete` when nothing had to be left out. */
function compose(
	index: PathIndex & FolderIndex,
	question: string,
	read: readonly ReadItem[],
	ranking: CitationRanking,
	best: readonly PathStep[],
	path: readonly PathStep[],
	other: readonly PathStep[],
	options: ShortAnswerOptions,
	told: Told,
): { answer: DraftAnswer; complete: boolean } {
	const concepts = told.concepts;
	const labels = new Labels(index);
	const label: Label = (def) => labels.name(def);
	const keyed: Keyed = (step, next) => {
		const key = step?.hop?.kind === "dispatch" ? step.hop.key : null;
		const role = key && next ? labels.keyedRole(next.def, key.name) : null;
		return key && role ? `the ${keyWords(key).kind}'s ${role}` : null;
	};
	const callee: Callee = (step, next) => `${label(next)}${encloses(index, next, step.def) ? " again" : ""}`;
	// An empty listener's doc comment says what it is registered for, not what it does: not quoted.
	const docOf: Doc = (def) => (isEmptyFunction(index, def) ? null : def.doc);
	const book = new CitationBook(PATH_STEPS * 3 + WHERE_TO_LOOK, labels);
	const out: string[] = [`**Question:** ${question.trim()}`, ""];
	if (path.length === 0) {
		out.push(
			"Nothing in the index matches this question. Try the names used in the code (functions, files, folders).",
		);
		return { answer: { body: out.join("\n"), drafts: [], labels }, complete: true };
	}
	const readRange = new Map<string, { startLine: number; endLine: number }>();
	for (const r of read) if (!readRange.has(r.range.defId)) readRange.set(r.range.defId, r.range);
	const head = (def: DefRow) => headRange(def, readRange.get(def.defId));
	// Each step's citation: its hop line when the hop is written in its body and names the next
	// step (or key); its head otherwise (the last step, an interface member and its implementation).
	// A hop told with the other way of its fork is cited from one call to the other.
	const markerOf = (s: PathStep, fork: Fork | null = null) => {
		const hop = s.hop;
		if (hop?.file && hop.line !== null && hop.named) {
			const end = hop.endLine ?? hop.line;
			return book.citeRange(
				hop.file,
				Math.min(hop.line, fork?.line ?? hop.line),
				Math.max(end, fork?.line ?? end),
				hop.named,
			);
		}
		const h = head(s.def);
		return h ? book.cite(s.def, h) : "";
	};
	// "Where to look" is what it would be with the best path alone (its next WHERE_TO_LOOK files in
	// rank order): a lead or another flow told never costs a place a file held. The other flow's
	// steps are cited only in files the answer cites anyway; the rest are named.
	const bestFiles = new Set(best.map((s) => s.def.file));
	const bestIds = new Set(best.map((s) => s.def.id));
	const placeDefs: DefRow[] = [];
	const placeFiles = new Set<string>();
	// Plug-in families (families.ts) already held: the path's steps' and the places' (and a path step that is one's interface).
	const families = new Set<number>(best.flatMap((s) => familiesOf(index, s.def, FAMILY_SIZE)));
	// A caller prepended to the path (its way in) takes a place: the answer cites as many files as before.
	// So does a callee the walk down appended (path.ts walkDown) in a file of its own: where the flow goes on
	// takes the room of the last place (session 29: cited alongside, the places' weakest file came in).
	const placeCount =
		WHERE_TO_LOOK -
		best.filter(
			(s, i) => s.leadIn || (s.walkedDown && !best.slice(0, i).some((b) => b.def.file === s.def.file)),
		).length;
	const readIds = new Set(ranking.order.map((d) => d.id));
	// An answer on how a whole feature works spends at most 2 places in one small folder (folder-places.ts).
	const folderCap = new FolderCap(index, asksHowFeatureWorks(question));
	for (const def of ranking.order) {
		if (placeDefs.length >= placeCount) break;
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
	const flowStep =
		path.length > 1
			? flowPlaces(index, path, ranking.order, concepts, bestFiles, placeDefs, placeFiles)
			: new Map();
	const cited = new Set<string | null>([...bestFiles, ...placeFiles, ...path.map((s) => s.def.file)]);
	// A hop taken at a fork (an `if` whose other way calls another function) is told with that way,
	// when one citation of a few lines can hold both calls.
	const forks = path.map((s, i) => {
		const next = path[i + 1];
		const hop = s.hop;
		if (!next || !hop?.line || !hop.named || hop.kind !== "call" || hop.file !== s.def.file) return null;
		const fork = forkOf(index, s.def, hop.line, next.def.id);
		return fork && nearFork(hop, fork) ? fork : null;
	});
	const stepMarker = path.map((s, i) => markerOf(s, forks[i]));
	// A hop written on a side branch of its step (a `catch`, an `if` that returns or throws) is said to be.
	const sides = path.map((s, i) => {
		const fork = forks[i];
		if (fork) return forkWords(fork, label);
		return s.hop?.line && s.hop.file === s.def.file ? sideWords(branchOf(index, s.def, s.hop.line)) : "";
	});
	// The key the path fires that names the question (a topic published, an event emitted): where the
	// flow reaches whoever listens. Told when it is not already the hop the path takes; cited last
	// (after "Where to look"), so it takes no place of a file among the first citations.
	const fired = concepts && told.fire ? firedKey(index, path, concepts) : null;
	const otherMarker = other.map((s) => (cited.has(s.def.file) ? markerOf(s) : ""));
	const otherCited = new Set(other.filter((_, i) => otherMarker[i]).map((s) => s.def.file));

	// A path ending at a contract of two or three implementations cites each where In short names it
	// (a place holding one keeps its line and shares its marker); the step list repeats their markers.
	const lastDef = (path.at(-1) as PathStep).def;
	const citedImpls = new Set(strategiesOf(index, lastDef).map((d) => d.id));
	const implMarker = (d: DefRow) => {
		const h = citedImpls.has(d.id) ? head(d) : null;
		return h ? book.cite(d, h) : "";
	};
	const lastImpl = implementedBy(index, label, lastDef, true, implMarker);
	// The path's last step names the implementations In short has placed in their files.
	const lastImplNamed = implementedBy(index, label, lastDef, false, (d) => book.marker(d));
	// A flow is two steps or more; a runner-up of one step is a place ("Also close"), and two flows
	// are said to be two, in the opening line or, without one, the In short's first sentence.
	const twoFlows = path.length > 1 && other.length > 1;
	// A key the flow fires on its way (not on a failure branch, nor in a caller the walk up prepended)
	// is part of what it does: "digest" is matched by a flow that starts the `digestEmailWorkflow`,
	// though no step is named for it.
	const firedName = fired && !fired.branch && !fired.step.walked ? fired.key.name : null;
	const match = concepts ? matchOf(concepts, path, question, firedName) : null;
	const opening =
		told.opening === "none"
			? ""
			: openingLine(label, keyed, path, twoFlows ? other : [], told.opening === "full", match);
	const onward = path.length > 1 ? onwardCalls(index, label, path, ranking.order, told.onward) : null;
	const twoFlowsSentence = twoFlows && !opening;
	const room = IN_SHORT_SENTENCES - (other.length > 0 ? 1 : 0) - (twoFlowsSentence ? 1 : 0);
	const speaks = concepts ? (doc: string) => namesOfQuestion(concepts, doc) : () => true;
	const summary = inShortSentences(
		label,
		keyed,
		callee,
		path,
		stepMarker,
		lastImpl,
		room,
		speaks,
		onward,
		docOf,
		match && !match.strong ? match : null,
		sides,
	);
	if (fired && summary.length < room) summary.push(`${firedSentence(label, fired)} (the last place below).`);
	if (twoFlowsSentence) {
		summary.unshift("Two flows match the question's words about equally well.");
		summary[1] = (summary[1] as string).replace(/^It starts in /, "The first starts in ");
	}
	if (other.length > 0)
		summary.push(otherSentence(label, keyed, callee, other, otherMarker, path.length > 1));
	if (opening) out.push(opening, "");
	out.push("**In short**", summary.join(" "), "");

	if (path.length > 1) {
		out.push("**The flow, step by step**");
		path.forEach((s, i) => {
			const line = stepLine(
				label,
				callee,
				s,
				path[i + 1]?.def ?? null,
				stepMarker[i] ?? "",
				keyed(s, path[i + 1]),
				told.quote,
				docOf,
				sides[i],
			);
			out.push(`${i + 1}. ${line}${i === path.length - 1 && lastImplNamed ? `; ${lastImplNamed}` : ""}`);
		});
		out.push("");
	}

	const pathFiles = new Set(path.map((s) => s.def.file));
	const places: string[] = [];
	const stepAt = new Map(path.map((s, i) => [s.def.id, { def: s.def, n: i + 1 }]));
	for (const def of placeDefs) {
		if (pathFiles.has(def.file) || otherCited.has(def.file)) continue;
		const marker = book.cite(def, head(def) as { startLine: number; endLine: number });
		if (!marker) continue;
		// A place's doc comment is quoted when it names something the question asks about: "time
		// constants (ms)" or "All socket listeners are moving to Portal" tell a reader nothing.
		const said = sentence(firstSentence(docOf(def), DOC_CHARS), DOC_CHARS);
		const doc = isEmptyFunction(index, def)
			? EMPTY_FUNCTION
			: said && (!concepts || concepts.text(said).some((x) => x > 0))
				? said
				: "";
		// A continuation is told as the step's call ("`executeSendMessage` also calls …").
		const caller = flowStep.get(def.id);
		if (caller) {
			places.push(`- ${label(caller)} also calls ${label(def)} in ${code(def.file ?? "")} ${marker}`);
			continue;
		}
		const note = [stepLink(index, def, stepAt, label), doc].filter(Boolean).join("; ");
		places.push(`- ${label(def)} in ${code(def.file ?? "")} ${marker}${note ? ` — ${note}` : ""}`);
	}
	// A best path that no longer leads keeps its files cited: its steps not told go last as places.
	const placed = new Set<string | null>([...pathFiles, ...otherCited, ...placeDefs.map((d) => d.file)]);
	for (const { def } of best) {
		const h = head(def);
		if (placed.has(def.file) || !h) continue;
		const marker = book.cite(def, h);
		if (!marker) continue;
		placed.add(def.file);
		places.push(`- ${label(def)} in ${code(def.file ?? "")} ${marker}`);
	}
	if (fired) {
		const marker = book.citeRange(fired.file, fired.line, fired.endLine, fired.named);
		const via = fired.named === fired.key.name ? "" : ` with ${code(fired.named)}`;
		if (marker)
			places.push(
				`- ${label(fired.step.def)}${branchWords(fired.branch)} ${keyWords(fired.key).sent}${via} ${marker}: ${code(clip(fired.text, told.quote))}`,
			);
	}
	if (places.length > 0)
		out.push(path.length > 1 ? "**Where to look**" : "**Other places that match**", ...places, "");
	if (told.footer)
		out.push("_Offline answer (no LLM). `--detail full` shows every flow found, with code excerpts._");
	const answer = fit(out, book, labels);
	return { answer, complete: answer.body.length >= out.join("\n").trimEnd().length };
}

/**
 * The one implementation of a contract (an interface member, an abstract method or a base-class
 * stub) that has exactly one; undefined when `def` has none or several. Such a contract is the
 * implementation's signature in another file: the reader looks for the code that runs. With two or
 * three (strategies) the contract is what they share and keeps its place; with more (a family of
 * plug-ins) it is the family's one place. Session 13 (benchmarks/answers.md, cite13): the
 * implementation for any contract of at most 3 landed first (RC cited +0.005); one implementation
 * only keeps a guide's interfaces (RC precision +0.003 more).
 */
function soleImplementation(index: PathIndex, def: DefRow): DefRow | undefined {
	const impls = implementationsOf(index, def);
	return impls.length === 1 ? impls[0] : undefined;
}

/** A definition's head: what was read of it, at most HEAD_LINES lines (its name is on the first). */
function headRange(
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

function verbOf(step: PathStep): string {
	const hop = step.hop;
	if (!hop) return "";
	if (hop.kind === "dispatch" && hop.key) return `${keyWords(hop.key).sent}, handled by`;
	if (hop.kind === "implementation") return "is implemented by";
	if (hop.kind === "new") return "creates";
	if (hop.kind === "jsx") return "renders";
	return "calls";
}

/**
 * "In short": the path told in order, two hops per sentence, each hop's marker right after the
 * name its cited line holds. A path of one definition says where the best match is.
 */
function inShortSentences(
	label: Label,
	keyed: Keyed,
	callee: Callee,
	path: readonly PathStep[],
	markers: readonly string[],
	lastImpl = "",
	max = IN_SHORT_SENTENCES,
	speaks: (doc: string) => boolean = () => true,
	onward: Onward | null = null,
	docOf: Doc = (def) => def.doc,
	weak: Match | null = null,
	sides: readonly string[] = [],
): string[] {
	const first = path[0] as PathStep;
	const where = first.def.file ? ` (${code(first.def.file)})` : "";
	if (path.length === 1) {
		const doc = sentence(firstSentence(docOf(first.def), 160), 160);
		const lead = weak ? "The closest match found is" : "The best match is";
		const hedge = weak ? `; it is ${unsure(weak)}` : "";
		return [
			`${lead} ${label(first.def)}${where} ${markers[0] ?? ""}${lastImpl ? `, ${lastImpl}` : ""}${hedge}.`
				.replace(/ \./, ".")
				.replace(/ ,/, ",")
				.replace(/ ;/, ";"),
			...(doc ? [doc] : []),
		];
	}
	// A step after a key is named by what it is to the key when its label would name the key again.
	const name = (i: number) => keyed(path[i - 1], path[i]) ?? label((path[i] as PathStep).def);
	const clauses: string[] = [];
	for (let i = 0; i < path.length - 1; i++) {
		const s = path[i] as PathStep;
		const next = path[i + 1] as PathStep;
		const marker = markers[i] ?? "";
		const hop = s.hop;
		// The marker follows the name its cited range holds: the key or callee on a hop line, else the step itself.
		if (hop?.kind === "dispatch" && hop.key) {
			const keyMarker = hop.named ? marker : "";
			const self = `${name(i)}${i === 0 ? where : ""}${hop.named ? "" : ` ${marker}`}`;
			const subject = i === 0 ? `it starts in ${self}, which` : self;
			// A handler named by its key is the next clause's subject ("then the endpoint's `get` handler
			// calls …"), or where the path ends.
			const handler = keyed(s, next) ? "" : `, handled by ${label(next.def)}`;
			clauses.push(
				`${subject} ${keyWords(hop.key).sent}${dispatchedWith(hop)} ${keyMarker}${aside(sides[i])}${handler}`,
			);
		} else if (hop?.named) {
			const subject = i === 0 ? `it starts in ${label(s.def)}${where}, which` : name(i);
			clauses.push(`${subject} ${verbOf(s)} ${callee(s, next.def)} ${marker}${aside(sides[i])}`);
		} else {
			const self = i === 0 ? `${label(s.def)}${where} ${marker}, which` : `${name(i)} ${marker}`;
			clauses.push(
				`${i === 0 ? `It starts in ${self}` : self} ${verbOf(s)} ${callee(s, next.def)}${aside(sides[i])}`,
			);
		}
	}
	const last = path.at(-1) as PathStep;
	// The end's doc comment is quoted when it speaks of the question: a helper the path happens to
	// end in ("Checks to see if the email is valid") is no conclusion to the answer.
	const endDoc = sentence(firstSentence(docOf(last.def), 120), 120);
	const lastDoc = endDoc && speaks(endDoc) ? endDoc : "";
	const sentences: string[] = [];
	for (let i = 0; i < clauses.length; i += HOPS_PER_SENTENCE) {
		const group = clauses.slice(i, i + HOPS_PER_SENTENCE);
		const text = group.join("; then ").replace(/ +/g, " ").replace(/ ,/g, ",");
		sentences.push(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
	}
	const lastMarker = markers.at(-1) ?? "";
	const end = name(path.length - 1);
	sentences.push(endSentence(end, lastMarker, lastImpl, lastDoc, onward));
	// At most five sentences: the last one (where the path ends) stays.
	if (sentences.length > max) {
		return [...sentences.slice(0, max - 1), sentences.at(-1) as string];
	}
	return sentences;
}

/** What the path's last step calls beyond the path: the first names, in rank order, and how many more. */
interface Onward {
	names: string[];
	/** Calls not named (all of them when only counted). */
	more: number;
	/** What the step before the last calls after it, named: the flow goes on there, not in the last step. */
	after: { caller: string; names: string[] } | null;
	/** The last step is a member of an interface or type: a declaration, with no body to call anything. */
	declared: boolean;
}

/**
 * Where "In short" leaves the flow, said so that a reader can tell the code's end from the answer's:
 * a last step that calls no other code of the repository is said to (a fact of the step, not a claim that
 * the feature ends there: readers took "the chain ends" so); one that does is where the answer stopped
 * following it, said without the ranking's words ("matches the question less" read as jargon). The
 * end's doc comment is quoted as its comment, not as the answer's conclusion.
 */
function endSentence(
	end: string,
	marker: string,
	lastImpl: string,
	doc: string,
	onward: Onward | null,
): string {
	const quoted = doc ? ` (“${doc.replace(/\.$/, "")}”)` : "";
	if (lastImpl) return `It is followed as far as ${end} ${marker}, ${lastImpl}.`;
	if (!onward || onward.names.length + onward.more === 0) {
		const after = onward?.after
			? `; after it, ${onward.after.caller} goes on to call ${listWords(onward.after.names)}`
			: "";
		if (onward?.declared)
			return `It is followed as far as ${end} ${marker}${quoted}, declared in an interface${after}.`;
		return `Its last step, ${end} ${marker}${quoted}, calls no other code in this repository${after}.`;
	}
	const past = `This answer follows it as far as ${end} ${marker}${quoted}; its`;
	const count = onward.names.length + onward.more;
	if (onward.names.length === 0) return `${past} ${count} calls are not followed here.`;
	const calls = listWords([...onward.names, ...(onward.more > 0 ? [`${onward.more} more`] : [])]);
	return count === 1
		? `${past} call (${calls}) is not followed here.`
		: `${past} calls (${calls}) are not followed here.`;
}

/**
 * The code of the repository the path's last step calls or renders, besides the path's own steps
 * and the definitions it is written inside, ranked ones first; when it calls none, what the step
 * before it calls after the hop to it.
 */
function onwardCalls(
	index: PathIndex,
	label: Label,
	path: readonly PathStep[],
	order: readonly DefRow[],
	told: Told["onward"],
): Onward {
	const last = (path.at(-1) as PathStep).def;
	const onPath = new Set(path.map((s) => s.def.id));
	const rank = new Map(order.map((d, i) => [d.id, i]));
	// The code a step reaches from its body (after line `from`, when given), ranked ones first.
	const reached = (step: DefRow, from: number | null) => {
		const seen = new Set<number>();
		const found: DefRow[] = [];
		for (const e of index.edgesFrom(step.id)) {
			if (!ONWARD_KINDS.has(e.kind) || seen.has(e.dst) || onPath.has(e.dst)) continue;
			if (from !== null && (e.line === null || e.line <= from)) continue;
			const def = index.defById(e.dst);
			if (!def?.file || encloses(index, def, step)) continue;
			seen.add(e.dst);
			found.push(def);
		}
		const at = (d: DefRow) => rank.get(d.id) ?? Number.POSITIVE_INFINITY;
		return found.sort((a, b) => at(a) - at(b));
	};
	const found = reached(last, null);
	const named = told === "named" || found.length === 1 ? found.slice(0, ONWARD_NAMED) : [];
	const names = named.map((d) => label(d));
	// A last step that calls nothing: the step before it may go on once it returns (a service that
	// saves a row, then schedules the job that does the work).
	const before = path.at(-2) as PathStep;
	const hopLine = before.hop?.file === before.def.file ? (before.hop?.line ?? null) : null;
	const later =
		found.length === 0 && told === "named" && hopLine !== null ? reached(before.def, hopLine) : [];
	const after =
		later.length > 0
			? { caller: label(before.def), names: later.slice(0, ONWARD_NAMED).map((d) => label(d)) }
			: null;
	const parent = last.parentId === null ? undefined : index.defById(last.parentId);
	const declared = parent?.kind === "interface" || parent?.kind === "type";
	return { names, more: found.length - names.length, after, declared };
}

/**
 * How a place touches the flow told above, when it calls a step or a step calls it: "called by step 3
 * (`sendNotification`)" / "calls step 2 (`PushClass.send`)". Readers asked why a place is listed; a
 * place one call from the flow says so, one that only shares a word says nothing.
 */
function stepLink(
	index: PathIndex,
	def: DefRow,
	stepAt: ReadonlyMap<number, { def: DefRow; n: number }>,
	label: Label,
): string {
	const step = (s: { def: DefRow; n: number }) => `step ${s.n} (${label(s.def)})`;
	for (const e of index.edgesTo(def.id)) {
		const s = stepAt.get(e.src);
		const verb = LINK_VERBS[e.kind]?.[1];
		if (s && verb) return `${verb} ${step(s)}`;
	}
	for (const e of index.edgesFrom(def.id)) {
		const s = stepAt.get(e.dst);
		const verb = LINK_VERBS[e.kind]?.[0];
		if (s && verb) return `${verb} ${step(s)}`;
	}
	return "";
}

/**
 * The flow's continuation (what its steps call in files not cited yet, flow-continuation.ts) takes
 * up to FLOW_PLACES of the places that only match the question's words (no call to or from a step):
 * each the weakest left (fewest of the question's concepts matched, the later in rank order among
 * equals) when the callee matches at least as many; a place the question's words fit better keeps
 * its place (a core file beside a path that leads astray). Updates `placeDefs` and `placeFiles` in
 * place (the callee takes the place's slot) and returns, per callee taken, the step calling it.
 */
function flowPlaces(
	index: PathIndex,
	path: readonly PathStep[],
	order: readonly DefRow[],
	concepts: ConceptVector | undefined,
	bestFiles: ReadonlySet<string | null>,
	placeDefs: DefRow[],
	placeFiles: Set<string>,
): Map<number, DefRow> {
	const pathIds = new Set(path.map((s) => s.def.id));
	const wordOnly = placeDefs.filter((d) => !linkedToPath(index, d, pathIds));
	const taken = new Set<string | null>([...bestFiles, ...placeFiles, ...path.map((s) => s.def.file)]);
	const found = flowContinuations(
		index,
		path,
		order,
		concepts,
		taken,
		Math.min(FLOW_PLACES, wordOnly.length),
	);
	const worthOf = (d: DefRow) => (concepts ? concepts(d).reduce((n, x) => n + x, 0) : 0);
	const weakest = wordOnly
		.map((d, i) => ({ d, worth: worthOf(d), i }))
		.sort((a, b) => a.worth - b.worth || b.i - a.i);
	const flowStep = new Map<number, DefRow>();
	found.forEach((c, i) => {
		const w = weakest[i];
		if (!w || c.worth < w.worth) return;
		placeDefs[placeDefs.indexOf(w.d)] = c.callee;
		placeFiles.delete(w.d.file as string);
		placeFiles.add(c.callee.file as string);
		flowStep.set(c.callee.id, c.step);
	});
	return flowStep;
}

/** Does `def` call, create or render a path step, or a step it? */
function linkedToPath(index: PathIndex, def: DefRow, pathIds: ReadonlySet<number>): boolean {
	return (
		index.edgesTo(def.id).some((e) => pathIds.has(e.src) && LINK_VERBS[e.kind]) ||
		index.edgesFrom(def.id).some((e) => pathIds.has(e.dst) && LINK_VERBS[e.kind])
	);
}

/** How a place and a step are linked, said from the place: [it does it to the step, the step does it to it]. */
const LINK_VERBS: Partial<Record<string, [string, string]>> = {
	call: ["calls", "called by"],
	new: ["creates", "created by"],
	jsx: ["renders", "rendered by"],
};

/** Is `inner` written inside `outer` (its parent, or its parent's, …)? */
export function encloses(index: Pick<PathIndex, "defById">, outer: DefRow, inner: DefRow): boolean {
	let id = inner.parentId;
	for (let depth = 0; id !== null && depth < MAX_NESTING; depth++) {
		if (id === outer.id) return true;
		id = index.defById(id)?.parentId ?? null;
	}
	return false;
}

/**
 * The path that leads and, when another flow (through none of its files) is worth nearly as much,
 * that one too: the ranking cannot tell them apart, so the answer says so and names both rather
 * than telling one confidently. The best leads: letting the runner-up lead when its steps fire
 * keys naming more of the question (run 12, b6af591) fixed no judged answer and turned a right
 * one wrong (a user-save flow's `afterSaveUser` outnamed a message edit's keys on "user").
 */
function closeFlows(index: PathIndex, found: FoundPaths): { path: PathStep[]; other: PathStep[] } {
	const second = found.runnerUp;
	if (!second || second.steps.length === 0 || found.worth <= 0) return { path: found.steps, other: [] };
	// Two paths joined by an edge or a key (one sends what the other handles) are one flow, not alternatives.
	if (joined(index, found.steps, second.steps) || joined(index, second.steps, found.steps))
		return { path: found.steps, other: [] };
	if (second.worth < CLOSE_FLOWS * found.worth) return { path: found.steps, other: [] };
	// The other flow's last named step is cited at its head: its hop leads to a step not named.
	const other = second.steps
		.slice(0, OTHER_STEPS)
		.map((s, i, all) => (i === all.length - 1 ? { ...s, hop: null } : s));
	return { path: found.steps, other };
}

/**
 * The runner-up, last in "In short". A flow (two steps or more): "The other flow starts in `A`
 * (`file`), which calls `B` [n], then `C` [m]." (after a path of one step: "A flow nearly as close
 * starts in …"); one step is a place: "Also close: `A` in `file` [n]." Each marker follows the name
 * its cited range holds (the callee or key on a hop line, else the step itself), and a marker on a
 * step's own range in another file than the one named names its file: the file a sentence names
 * is the file its marker cites.
 */
function otherSentence(
	label: Label,
	keyed: Keyed,
	callee: Callee,
	steps: readonly PathStep[],
	markers: readonly string[],
	pathIsFlow: boolean,
): string {
	const first = steps[0] as PathStep;
	if (steps.length === 1)
		return `Also close: ${label(first.def)}${first.def.file ? ` in ${code(first.def.file)}` : ""} ${markers[0] ?? ""}`
			.trimEnd()
			.concat(".");
	let named = first.def.file;
	const where = named ? ` (${code(named)})` : "";
	let text = `${pathIsFlow ? "The other flow starts in" : "A flow nearly as close starts in"} ${label(first.def)}${where}`;
	steps.forEach((s, i) => {
		const hop = s.hop;
		const marker = markers[i] ?? "";
		if (!hop?.named && marker) {
			if (s.def.file && s.def.file !== named) text += `, in ${code(s.def.file)}`;
			named = s.def.file;
			text += ` ${marker}`;
		}
		const next = steps[i + 1];
		if (!next) return;
		// A handler named by its key follows its key's marker: "calls the endpoint `k` [n], handled by the endpoint's `get` handler".
		const handler = hop?.kind === "dispatch" && hop.key ? keyed(s, next) : null;
		const verb = hop?.kind === "dispatch" && hop.key ? `${keyWords(hop.key).sent}, handled by` : verbOf(s);
		const sent =
			handler && hop?.key
				? keyWords(hop.key).sent
				: hop?.kind === "dispatch" && hop.key
					? `${verb} ${label(next.def)}`
					: `${verb} ${callee(s, next.def)}`;
		text += `${i === 0 ? ", which" : ", then"} ${sent}`;
		if (hop?.named && marker) {
			const file = hop.file ?? s.def.file;
			if (file && file !== named) text += `, in ${code(file)}`;
			named = file;
			text += ` ${marker}`;
		}
		if (handler) text += `, handled by ${handler}`;
	});
	return `${text}.`.replace(/ +/g, " ").replace(/ ([,.])/g, "$1");
}

/**
 * The answer's first line: what the index found, in one sentence, before the detail. A path of
 * one step needs none (In short opens with "The best match is …"). Names the path's ends and the
 * first key it crosses (where a request, a method call or an event leaves one part for another);
 * with two flows, both. It cites nothing: In short cites the same names right after.
 */
function openingLine(
	label: Label,
	keyed: Keyed,
	path: readonly PathStep[],
	other: readonly PathStep[],
	endFile: boolean,
	match: Match | null = null,
): string {
	if (path.length < 2) return "";
	const span = (steps: readonly PathStep[], endFile: boolean) => {
		const at = steps.findIndex((s) => s.hop?.kind === "dispatch" && s.hop.key);
		const key = steps[at]?.hop?.key;
		const through = key ? `, through the ${keyWords(key).noun},` : "";
		const end = (steps.at(-1) as PathStep).def;
		const where = endFile && end.file ? ` in ${code(end.file)}` : "";
		// The key's handler at the end is named by what it is to the key ("the endpoint's `get` handler").
		const endName = (at === steps.length - 2 ? keyed(steps[at], steps.at(-1)) : null) ?? label(end);
		return `from ${label((steps[0] as PathStep).def)}${through} to ${endName}${where}`;
	};
	if (other.length > 1)
		return `Two flows match the question's words about equally well: one ${span(path, false)}, followed step by step below, and one ${span(other, false)}.`;
	if (match && !match.strong)
		return `Closest match found (${unsure(match)}): the flow ${span(path, endFile)}.`;
	// What In short does not say: how long the flow is and which of the question's words it matches.
	const files = new Set(path.map((s) => s.def.file).filter(Boolean)).size;
	const size = `${path.length} steps over ${files === 1 ? "1 file" : `${files} files`}`;
	// Said like the hedge ("its names and files do not mention …"): "matching the question's words" read as jargon (session 19).
	const matched =
		match && match.named.length > 0 ? `; its names and files mention ${wordList(match.named, "and")}` : "";
	return `Best match in the code: the flow ${span(path, endFile)} (${size}${matched}).`;
}

/** How well the lead matches the question: its share of the concept weight, the words it does and does not match. */
interface Match {
	strong: boolean;
	/** The question's words its steps' names or files match, most weight first. */
	named: string[];
	/** The question's words none of them matches, most weight first. */
	missing: string[];
}

/** The lead's match to the question's concepts (each concept counted once, at its share). */
function matchOf(
	concepts: ConceptVector,
	path: readonly PathStep[],
	question = "",
	firedKeyName: string | null = null,
): Match {
	const firedShares = firedKeyName ? concepts.text(firedKeyName) : [];
	// The callers the walk up prepended were picked for naming the question: they say where the
	// flow is entered, not that it is the one asked about (session 19: a run-queue question lost its
	// "not a sure answer" to a walked-up `RunEngine.trigger`).
	const found = path.filter((s) => !s.walked);
	const shares = concepts.words.map((_, c) =>
		Math.max(0, firedShares[c] ?? 0, ...found.map((s) => concepts(s.def)[c] ?? 0)),
	);
	const share = shares.reduce((n, x) => n + x, 0);
	const byWeight = concepts.words
		.map((word, c) => ({
			word: asWritten(question, word),
			weight: concepts.text(word)[c] ?? 0,
			share: shares[c] ?? 0,
		}))
		.sort((a, b) => b.weight - a.weight);
	return {
		strong: share >= STRONG_MATCH,
		named: byWeight.filter((w) => w.share > 0).map((w) => w.word),
		missing: byWeight.filter((w) => w.share === 0).map((w) => w.word),
	};
}

/**
 * A concept's word as the question writes it: a compound is joined for matching ("twofactor"), the
 * reader wrote "two-factor".
 */
function asWritten(question: string, word: string): string {
	const written = question.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? [];
	return written.find((w) => w.replace(/-/g, "").toLowerCase() === word) ?? word;
}

/**
 * "not a sure answer: its names and files do not mention “a”, “b” or 2 more of the question's words". Said of
 * the steps' names and files, which is what the share measures: readers took "nothing in it matches"
 * to cover the flow's code and doc comments too, and found it false where those say the word.
 */
function unsure(match: Match): string {
	if (match.missing.length === 0) return "not a sure answer";
	return `not a sure answer: its names and files do not mention ${wordList(match.missing, "or")}`;
}

/** The question's words quoted, WORDS_NAMED at most, the rest counted: "“a”, “b” and 2 more of the question's words". */
function wordList(words: readonly string[], joiner: "and" | "or"): string {
	const shown = words.slice(0, WORDS_NAMED).map((w) => `“${w}”`);
	const more = words.length - shown.length;
	const items = more > 0 ? [...shown, `${more} more of the question's words`] : shown;
	if (items.length <= 1) return `the question's ${items.join("")}`;
	const list = `${items.slice(0, -1).join(", ")} ${joiner} ${items.at(-1)}`;
	return more > 0 ? list : `the question's ${list}`;
}

/** Does a doc sentence name at least two of the question's concepts (or its one)? */
function namesOfQuestion(concepts: ConceptVector, doc: string): boolean {
	const shares = concepts.text(doc);
	return shares.filter((x) => x > 0).length >= Math.min(QUESTION_CONCEPTS_NAMED, shares.length);
}

/** Condition characters quoted for a side branch. */
const CONDITION_CHARS = 60;

/**
 * The key the path fires, told as what it is: on the way, or only on a side branch ("When `x`
 * catches an error, it emits …"; "Only when `cond`, `x` emits … and returns").
 */
function firedSentence(label: Label, fired: Fired): string {
	const who = label(fired.step.def);
	const sent = keyWords(fired.key).sent;
	const b = fired.branch;
	if (!b) return `On the way, ${who} ${sent}`;
	if (b.kind === "catch") return `When ${who} catches an error, it ${sent}`;
	const ends = b.exit === "return" ? "returns early" : "throws";
	return `Only when ${code(clip(b.condition, CONDITION_CHARS))}, ${who} ${sent} and ${ends}`;
}

/** A side branch said after the step's name in a place line (", when it catches an error,"). */
function branchWords(b: Branch | null): string {
	if (!b) return "";
	if (b.kind === "catch") return ", when it catches an error,";
	return `, only when ${code(clip(b.condition, CONDITION_CHARS))} (then it ${b.exit === "return" ? "returns" : "throws"}),`;
}

interface Fired {
	step: PathStep;
	key: DefRow;
	file: string;
	line: number;
	endLine: number;
	text: string;
	named: string;
	/** The side branch the dispatch is made on (a `catch`, an `if` that returns or throws), if any. */
	branch: Branch | null;
}

/**
 * The dispatch a step of the path makes whose key names the most of the question (ties: the
 * earlier step), when that is not the hop the path already takes. Cited at its line by a name
 * written there: the key, or the function the line calls to dispatch it (`publish`, `emit`).
 */
function firedKey(index: PathIndex, path: readonly PathStep[], concepts: ConceptVector): Fired | null {
	let best: Fired | null = null;
	let bestShare = 0;
	for (const step of path) {
		const edges = index.edgesFrom(step.def.id);
		for (const e of edges) {
			const at = e.line;
			if (e.kind !== "dispatch" || !e.file || at === null || e.file !== step.def.file) continue;
			// The key the path crosses here (its hop may be cited at the call a line above the key).
			if (step.hop?.kind === "dispatch" && (step.hop.line === at || step.hop.key?.id === e.dst)) continue;
			const key = index.defById(e.dst);
			if (key?.kind !== "dispatch-key") continue;
			const share = concepts.text(key.name).reduce((n, x) => n + x, 0);
			if (share <= bestShare + 1e-9) continue;
			const found = namedHopLine(index, step.def, e.file, at, [key.name, lastSegment(key.qualifiedName)]);
			if (!found) continue;
			const text = found.text;
			// A key applied by a decorator (`@UseGuards(AuthGuard('jwt'))`) configures the step; it is no hop of the flow.
			if (text.startsWith("@")) continue;
			const branch = branchOf(index, step.def, found.line);
			best = { step, key, file: e.file, line: found.line, endLine: at, text, named: found.named, branch };
			bestShare = share;
		}
	}
	return best;
}

/**
 * A path ending at an interface member (a model's typing, a service's contract) or at a base-class
 * stub is a dead end to a reader: where its implementations live, named, each followed by its
 * marker when `marker` gives one (strategiesOf: all of a few are cited; of a family none). Up to
 * IMPLEMENTATIONS_NAMED of them; more are counted.
 */
function implementedBy(
	index: PathIndex,
	label: Label,
	def: DefRow,
	withFiles = true,
	marker: (impl: DefRow) => string = () => "",
): string {
	if (def.parentId === null) return "";
	const impls = implementationsOf(index, def);
	if (impls.length === 0) return "";
	const shown = impls.slice(0, IMPLEMENTATIONS_NAMED);
	const more = impls.length - shown.length;
	const named = (d: DefRow) => [label(d), marker(d)].filter(Boolean).join(" ");
	if (!withFiles)
		return `implemented by ${listWords([...shown.map(named), ...(more > 0 ? [`${more} more`] : [])])}`;
	// Implementations in one file are named together, the file once ("`A` [5] and `B` [6] in `f.ts`").
	const byFile = new Map<string, string[]>();
	for (const d of shown) byFile.set(d.file ?? "", [...(byFile.get(d.file ?? "") ?? []), named(d)]);
	const groups = [...byFile].map(([file, names]) => `${listWords(names)} in ${code(file)}`);
	if (more > 0) groups.push(`${more} more`);
	// A group of several names holds an "and" of its own: the groups are then set apart by commas.
	const grouped = [...byFile.values()].some((names) => names.length > 1);
	return `implemented by ${grouped && groups.length > 1 ? `${groups.slice(0, -1).join(", ")}, and ${groups.at(-1)}` : listWords(groups)}`;
}

/**
 * The implementations of a contract the answer cites where it names them: all of them when there
 * are two or three, at most IMPLEMENTATIONS_NAMED (strategies: each is one way the flow goes on, and
 * a sentence naming a definition cites it). Not a sole implementation, the contract's one body one
 * hop from its cited head (mostly a model's accessor: citing it costs precision, run 11 and
 * cite31), nor a larger family, whose first few named are no more the answer than the rest.
 * Session 31 (cite31): RC new-22's core `EmailCheck.isEnabled` was named, not cited.
 */
function strategiesOf(index: PathIndex, def: DefRow): DefRow[] {
	if (def.parentId === null) return [];
	const impls = implementationsOf(index, def);
	return impls.length >= 2 && impls.length <= IMPLEMENTATIONS_NAMED ? impls : [];
}

/** One step: what it does next, its citation, and the line of code that makes the hop. */
function stepLine(
	label: Label,
	callee: Callee,
	step: PathStep,
	next: DefRow | null,
	marker: string,
	keyedNext: string | null,
	quoteChars = QUOTE_CHARS,
	docOf: Doc = (def) => def.doc,
	side = "",
): string {
	const name = label(step.def);
	const hop = step.hop;
	if (!hop || !next) {
		const doc = sentence(firstSentence(docOf(step.def), DOC_CHARS), DOC_CHARS);
		return `${name} ${marker}${doc ? ` — ${doc}` : ""}`.trim();
	}
	const quoted = hop.text && hop.named ? `: ${code(clip(hop.text, quoteChars))}` : "";
	// A handler named by its key: the marker after the key its hop line holds. What handles it is the
	// next step's line ("The `k` callback passed to `Meteor.methods` calls …"), not said twice.
	if (hop.kind === "dispatch" && hop.key && keyedNext) {
		const sent = `${keyWords(hop.key).sent}${dispatchedWith(hop)}`;
		const words = hop.named ? [name, sent, marker] : [name, marker, sent];
		return `${words.filter(Boolean).join(" ")}${aside(side)}${quoted}`;
	}
	const target =
		hop.kind === "dispatch" && hop.key
			? `${keyWords(hop.key).sent}${dispatchedWith(hop)} → ${label(next)}`
			: callee(step, next);
	const verb = hop.kind === "dispatch" && hop.key ? "" : verbOf(step);
	// The marker goes after the name the cited line holds (the callee or key), else after the step's own name.
	const words = hop.named ? [name, verb, target, marker] : [name, marker, verb, target];
	return `${words.filter(Boolean).join(" ")}${aside(side)}${quoted}`;
}

/**
 * " with `publish`" for a dispatch cited at the call that makes it rather than at its key (the key on
 * the next line, or given when its registry was made): the sentence names what the cited line holds.
 */
function dispatchedWith(hop: Hop): string {
	if (
		!hop.named ||
		!hop.key ||
		hop.named === hop.key.name ||
		hop.named === lastSegment(hop.key.qualifiedName)
	)
		return "";
	return ` with ${code(hop.named)}`;
}

/** A hop made on a side branch, said after it: ", only when `cond`"; a fork's other way in parentheses. */
function aside(side: string | undefined): string {
	if (!side) return "";
	return side.startsWith("(") ? ` ${side}` : `, ${side}`;
}

/**
 * The other way of the fork a hop is taken on, in the code's condition: "only when `c` (otherwise it
 * calls `y`)", or "(if `c`, it calls `y` instead)" for a call that runs when `c` does not hold.
 */
function forkWords(fork: Fork, label: Label): string {
	const condition = code(clip(fork.condition, CONDITION_CHARS));
	const other = label(fork.other);
	return fork.hopWhen === "then"
		? `only when ${condition} (otherwise it calls ${other})`
		: `(if ${condition}, it calls ${other} instead)`;
}

/** Is a fork's other way near enough its hop for one citation to hold both? */
function nearFork(hop: Hop, fork: Fork): boolean {
	const end = hop.endLine ?? hop.line ?? fork.line;
	return Math.max(end, fork.line) - Math.min(hop.line ?? fork.line, fork.line) <= FORK_SPAN;
}

/** What a hop on a side branch is said to depend on (a path step's hop: where the flow goes on is not the point). */
function sideWords(b: Branch | null): string {
	if (!b) return "";
	return b.kind === "catch"
		? "when it catches an error"
		: `only when ${code(clip(b.condition, CONDITION_CHARS))}`;
}

function clip(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Keep the message within SHORT_ANSWER_CHARS with its sources list (rendered after verification,
 * estimated here from the drafts): "Where to look" entries go first, then the path's last steps.
 */
function fit(lines: string[], book: CitationBook, labels: Labels): DraftAnswer {
	const sourcesChars = (body: string) =>
		book.drafts
			.filter((d) => body.includes(`[${d.n}]`))
			.reduce(
				(n, d) => n + `[${d.n}] ${d.file}:${d.startLine}-${d.endLine} — ${book.sourceName(d)}\n`.length,
				12,
			);
	const size = (ls: readonly string[]) => {
		const body = ls.join("\n");
		return labels.apply(body).length + sourcesChars(body) + 2;
	};
	const kept = [...lines];
	const droppable = (l: string) => l.startsWith("- ") || /^\d+\. /.test(l);
	while (size(kept) > SHORT_ANSWER_CHARS) {
		let i = -1;
		for (let j = kept.length - 1; j >= 0; j--)
			if (droppable(kept[j] as string)) {
				i = j;
				break;
			}
		if (i < 0) break;
		kept.splice(i, 1);
	}
	return { body: kept.join("\n").trimEnd(), drafts: book.drafts, labels };
}

/** Does a step of `from` call, or dispatch a key handled by, a step of `to`? */
function joined(index: PathIndex, from: readonly PathStep[], to: readonly PathStep[]): boolean {
	const targets = new Set(to.map((s) => s.def.id));
	for (const { def } of from)
		for (const e of index.edgesFrom(def.id)) {
			if (targets.has(e.dst)) return true;
			if (e.kind !== "dispatch") continue;
			if (index.edgesFrom(e.dst).some((h) => h.kind === "handler" && targets.has(h.dst))) return true;
		}
	return false;
}
