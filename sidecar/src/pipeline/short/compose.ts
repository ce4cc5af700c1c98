/**
 * One composition of the short answer: the opening line, "In short", the flow step by step, "Where
 * to look" and the closing line, with what this try tells or leaves out (short/answer.ts tries them
 * in turn until the message fits).
 */
import { keyLiteral } from "../../bus-key.js";
import { firstSentence } from "../../index/doc-comment.js";
import type { DefRow } from "../../index/types.js";
import { branchOf, isEmptyFunction } from "../branch.js";
import { CitationBook, type DraftAnswer } from "../citation-book.js";
import { type ConceptVector, namesAny } from "../concept-vector.js";
import { encloses } from "../encloses.js";
import type { FolderIndex } from "../folder-places.js";
import { type Fork, forkOf } from "../fork.js";
import { Labels } from "../labels.js";
import { code, keyWords, sentence } from "../markdown.js";
import { runnableAfter } from "../path/receiver.js";
import type { PathIndex, PathStep } from "../path/types.js";
import type { CitationRanking } from "../rank.js";
import type { ReadItem } from "../read.js";
import { forkWords, nearFork, sideWords } from "./branches.js";
import { citedAt } from "./contract-step.js";
import { destructuredMember } from "./destructured.js";
import { ENTRY_DECORATORS, entryDecorators } from "./entry-decorators.js";
import { branchWords, firedKey, firedSentence } from "./fired.js";
import { fit } from "./fit.js";
import { flowPlaces, openEndPlace } from "./flow-places.js";
import { implementedBy, strategiesOf } from "./implementations.js";
import { IN_SHORT_SENTENCES, inShortSentences, namesOfQuestion } from "./in-short.js";
import { placesOffTheAnswer, withoutLines } from "./isolated-places.js";
import { matchOf } from "./match.js";
import { onwardCalls } from "./onward.js";
import { openingLine } from "./opening.js";
import { otherSentence } from "./other-flow.js";
import { callCited, stepLink } from "./place-links.js";
import {
	choosePlaces,
	headRange,
	readHead,
	type ShortAnswerOptions,
	WHERE_TO_LOOK,
	withDeclarationLine,
} from "./places.js";
import { endsInSharedHelper, openEnd } from "./shared-end.js";
import { mountStepLine, stepLine } from "./step-line.js";
import { type Callee, clip, DOC_CHARS, type Doc, type Keyed, type Label } from "./words.js";

/** Said of an empty function in place of its doc comment. */
const EMPTY_FUNCTION = "an empty function: it does nothing";

/** Steps of the path at most. */
export const PATH_STEPS = 10;

/** What one composition of the short answer tells beyond the path. */
export interface Told {
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

export type Opening = "full" | "brief" | "none";

/** The short answer leading with `path`, naming `other`; `complete` when nothing had to be left out. */
export function compose(
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
		const role = key && next ? labels.keyedRole(next.def, keyLiteral(key.name)) : null;
		return key && role ? `the ${keyWords(key).kind}'s ${role}` : null;
	};
	const callee: Callee = (step, next) => `${label(next)}${encloses(index, next, step.def) ? " again" : ""}`;
	// An empty listener's doc comment says what it is registered for, not what it does: not quoted.
	const docOf: Doc = (def) => (isEmptyFunction(index, def) ? null : def.description);
	const book = new CitationBook(PATH_STEPS * 3 + WHERE_TO_LOOK + ENTRY_DECORATORS, labels);
	const out: string[] = [`**Question:** ${question.trim()}`, ""];
	if (path.length === 0) {
		out.push(
			"Nothing in the index matches this question. Try the names used in the code (functions, files, folders).",
		);
		return { answer: { body: out.join("\n"), drafts: [], labels }, complete: true };
	}
	const readRanges = new Map<string, { startLine: number; endLine: number }[]>();
	for (const r of read) readRanges.set(r.range.defId, [...(readRanges.get(r.range.defId) ?? []), r.range]);
	// A name bound by destructuring an object of its file is cited where that object writes it.
	const head = (def: DefRow) => {
		const h = headRange(def, readHead(def, readRanges.get(def.defId)));
		return h && (destructuredMember(index, def) ?? withDeclarationLine(index, def, h));
	};
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
	// A last step at a contract of one implementation is cited at the implementation, where "implemented
	// by" names it: the contract itself takes no marker.
	const lastDef = (path.at(-1) as PathStep).def;
	const soleAt = citedAt(index, lastDef);
	const lastAt = soleAt !== lastDef && head(soleAt) ? soleAt : lastDef;
	// A path ending at a contract of two or three implementations cites each where In short names it
	// (a place holding one keeps its line and shares its marker), and one of one its sole implementation
	// (lastAt); the step list repeats their markers.
	// Entered by a call on `this` in class C, the contract runs only C's or its subclasses' overrides.
	const runnable = runnableAfter(index, path);
	const impls = [...strategiesOf(index, lastDef, runnable), lastAt];
	// A last step that is a helper many files call is cited only at the call that reaches it.
	const sharedEnd = endsInSharedHelper(index, path);
	const { placeDefs, placeFiles } = choosePlaces(
		index,
		question,
		ranking.order,
		best,
		bestFiles,
		head,
		options,
		new Set(impls.flatMap((d) => (d.file && head(d) ? [d.file] : []))),
	);
	const flowStep =
		path.length > 1
			? flowPlaces(index, path, ranking.order, concepts, bestFiles, placeDefs, placeFiles)
			: new Map();
	// Its file, when no other step is in it, is added to the places when ranked within their reach (shared-end.ts openEnd).
	const end = openEnd(sharedEnd, best, path);
	const open = end && head(end) && openEndPlace(ranking.order, end, placeDefs, placeFiles) ? end : null;
	// A place in a package nothing else the answer cites is in, linked to none of its files, shares only
	// words with the question: its line is left out of the message (isolated-places.ts).
	const isolated = placesOffTheAnswer(
		index,
		placeDefs,
		[...best, ...path].map((s) => s.def),
	);
	const isolatedLines = new Set<string>();
	// The files the flow's steps are cited in (an open end's only when it took a place).
	const flowFiles = new Set(
		[...best, ...path]
			.map((s) => s.def.file)
			.filter((f) => f !== open?.file || (f !== null && placeFiles.has(f))),
	);
	const cited = new Set<string | null>([...flowFiles, ...placeFiles]);
	// A hop taken at a fork (an `if` whose other way calls another function) is told with that way,
	// when one citation of a few lines can hold both calls.
	const forks = path.map((s, i) => {
		const next = path[i + 1];
		const hop = s.hop;
		if (!next || !hop?.line || !hop.named || hop.kind !== "call" || hop.file !== s.def.file) return null;
		const fork = forkOf(index, s.def, hop.line, next.def.id);
		return fork && nearFork(hop, fork) ? fork : null;
	});
	// The calls the path's last step goes on to, named where In short leaves the flow: its citation
	// runs from its head to the lines that write them (the sentence names them; session 45's second
	// reader found a call named at line 333 cited only at its step's line 326).
	const onward = path.length > 1 ? onwardCalls(index, label, path, ranking.order, told.onward) : null;
	const lastMarker = () => {
		const h = head(lastDef);
		const at = onward?.at;
		if (!h || !at || at.file !== lastDef.file || lastDef.endLine === null)
			return h ? book.cite(lastDef, h) : "";
		const reach = Math.max(
			h.endLine,
			...at.lines.filter((l) => l >= h.startLine && l <= (lastDef.endLine as number)),
		);
		return book.cite(lastDef, { startLine: h.startLine, endLine: reach });
	};
	// A request's mount line (path/mounts.ts) is cited right after its step's hop.
	const mountMarker: string[] = [];
	const stepMarker = path.map((s, i) => {
		const mount = i < path.length - 1 ? s.hop?.mount : undefined;
		const marker = () => {
			if (i < path.length - 1) return markerOf(s, forks[i]);
			if (sharedEnd || lastAt !== lastDef) return "";
			return s.hop ? markerOf(s, forks[i]) : lastMarker();
		};
		const m = marker();
		mountMarker[i] = mount ? book.citeRange(mount.file, mount.line, mount.line, mount.named) : "";
		return m;
	});
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

	const citedImpls = new Set(impls.map((d) => d.id));
	const implMarker = (d: DefRow) => {
		const h = citedImpls.has(d.id) ? head(d) : null;
		return h ? book.cite(d, h) : "";
	};
	const lastImpl = implementedBy(index, label, lastDef, true, implMarker, runnable);
	// The path's last step names the implementations In short has placed in their files.
	const lastImplNamed = implementedBy(index, label, lastDef, false, (d) => book.marker(d), runnable);
	// A flow is two steps or more; a runner-up of one step is a place ("Also close"), and two flows
	// are said to be two, in the opening line or, without one, the In short's first sentence.
	const twoFlows = path.length > 1 && other.length > 1;
	// A key the flow fires on its way (not on a failure branch, nor in a caller the walk up prepended)
	// is part of what it does: "digest" is matched by a flow that starts the `summaryEmailWorkflow`,
	// though no step is named for it.
	const firedName = fired && !fired.branch && !fired.step.walked ? fired.key.name : null;
	const match = concepts ? matchOf(concepts, path, question, firedName) : null;
	const opening =
		told.opening === "none"
			? ""
			: openingLine(label, keyed, path, twoFlows ? other : [], told.opening === "full", match);
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
		let n = 0;
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
			out.push(`${++n}. ${line}${i === path.length - 1 && lastImplNamed ? `; ${lastImplNamed}` : ""}`);
			const mount = s.hop?.mount;
			const next = path[i + 1];
			if (mount && next)
				out.push(`${++n}. ${mountStepLine(label, mount, next.def, mountMarker[i] ?? "", told.quote)}`);
		});
		out.push("");
	}

	const pathFiles = new Set(path.map((s) => s.def.file));
	const places: string[] = [];
	const stepAt = new Map(path.map((s, i) => [s.def.id, { def: s.def, n: i + 1 }]));
	for (const def of placeDefs) {
		if ((pathFiles.has(def.file) && def.file !== open?.file) || otherCited.has(def.file)) continue;
		// The open end itself is a step (the flow cites it only at its call): said to be, not linked.
		const openStep = def.id === open?.id ? stepAt.get(def.id) : undefined;
		const link = openStep
			? { words: `step ${openStep.n} itself`, line: null }
			: stepLink(index, def, stepAt, label);
		const marker = book.cite(def, callCited(head(def) as { startLine: number; endLine: number }, link.line));
		if (!marker) continue;
		// A place's doc comment is quoted when it names something the question asks about: "time
		// constants (ms)" or "All socket listeners are moving to Portal" tell a reader nothing.
		const said = sentence(firstSentence(docOf(def), DOC_CHARS), DOC_CHARS);
		const doc = isEmptyFunction(index, def)
			? EMPTY_FUNCTION
			: said && (!concepts || namesAny(concepts, said))
				? said
				: "";
		// A continuation is told as the step's call ("`performSendMessage` also calls …").
		const caller = flowStep.get(def.id);
		if (caller) {
			places.push(`- ${label(caller)} also calls ${label(def)} in ${code(def.file ?? "")} ${marker}`);
			continue;
		}
		const note = [link.words, doc].filter(Boolean).join("; ");
		const line = `- ${label(def)} in ${code(def.file ?? "")} ${marker}${note ? ` — ${note}` : ""}`;
		if (isolated.has(def.id)) isolatedLines.add(line);
		places.push(line);
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
	// The classes the entry's own decorators name (a guard, an interceptor the framework runs before
	// it) go after the places: no call reaches them, and they take no place of a ranked file. They are
	// told only when the message holds them with all else this try tells (never at another line's cost).
	const decoratorLines: string[] = [];
	if (path.length > 1) {
		const readFiles = new Set(ranking.order.map((d) => d.file));
		for (const d of entryDecorators(index, path[0], placed, readFiles)) {
			// Its own first lines (what it checks), not the one signature line the material may hold of it.
			const h = headRange(d.def, undefined);
			const marker = h ? book.cite(d.def, h) : "";
			if (!marker) continue;
			placed.add(d.def.file);
			decoratorLines.push(
				`- ${label(d.def)} in ${code(d.def.file ?? "")} ${marker} — step 1's decorator: ${code(clip(d.text, told.quote))}`,
			);
		}
	}
	const beforeDecorators = places.length;
	places.push(...decoratorLines);
	if (fired) {
		const marker = book.citeRange(fired.file, fired.line, fired.endLine, fired.named);
		const via = fired.named === keyLiteral(fired.key.name) ? "" : ` with ${code(fired.named)}`;
		if (marker)
			places.push(
				`- ${label(fired.step.def)}${branchWords(fired.branch)} ${keyWords(fired.key).sent}${via} ${marker}: ${code(clip(fired.text, told.quote))}`,
			);
	}
	const closing = (shown: readonly string[]) => [
		...(shown.length > 0
			? [path.length > 1 ? "**Where to look**" : "**Other places that match**", ...shown, ""]
			: []),
		...(told.footer
			? ["_Offline answer (no LLM). `--detail full` shows every flow found, with code excerpts._"]
			: []),
	];
	// The message is measured with the isolated places' lines, then told without them: a try fits, and
	// a line is cut, as it would be with them, so leaving them out adds nothing else to the message.
	const fits = (lines: string[]) => {
		const answer = fit(lines, book, labels);
		const complete = answer.body.length >= lines.join("\n").trimEnd().length;
		return { answer: withoutLines(answer, isolatedLines), complete };
	};
	if (decoratorLines.length > 0) {
		const withDecorators = fits([...out, ...closing(places)]);
		if (withDecorators.complete) return withDecorators;
	}
	const without = places.filter(
		(_, i) => i < beforeDecorators || i >= beforeDecorators + decoratorLines.length,
	);
	return fits([...out, ...closing(without)]);
}
