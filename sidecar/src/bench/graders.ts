/**
 * The metrics of one answer against its gold label, as pure functions returning
 * `{pass, score, reason}` (metric definitions: eval/README.md). `score` is a share in [0, 1], or
 * null when the label gives nothing to measure (e.g. an answer with no citations has no
 * citation validity); null scores are left out of means. `pass` means full marks.
 */
import type { ReadRange } from "../pipeline/types.js";
import type { CheckedCitation } from "./citations.js";
import type { ChainEntry, QuestionLabel } from "./questions.js";
import { labelPaths } from "./questions.js";
import { lastSegment, namesSymbol, symbolName } from "./symbols.js";

export interface GradeResult {
	pass: boolean;
	score: number | null;
	reason: string;
}

/** What the graders look at: the answer text, what was read, and the re-checked citations. */
export interface Evidence {
	answer: string;
	read: readonly ReadRange[];
	citations: readonly CheckedCitation[];
}

export const RATIO_METRICS = [
	"coreRecallContext",
	"coreRecallCited",
	"coreRecallCitedTop10",
	"chainCoverage",
	"keyLineRecall",
	"keySymbolRecall",
	"citationValidity",
	"citationPrecision",
] as const;
export type RatioMetric = (typeof RATIO_METRICS)[number];

const LIST_LIMIT = 6;
const list = (items: readonly string[]) =>
	items.length > LIST_LIMIT
		? `${items.slice(0, LIST_LIMIT).join(", ")} … (+${items.length - LIST_LIMIT})`
		: items.join(", ");

/** Share of `items` that `hit` accepts, with the misses named (by `name`) in the reason. */
function share<T>(
	items: readonly T[],
	hit: (item: T) => boolean,
	what: string,
	name: (item: T) => string = String,
): GradeResult {
	if (items.length === 0) return { pass: true, score: null, reason: `no ${what} in the label` };
	const missed = items.filter((i) => !hit(i));
	const score = (items.length - missed.length) / items.length;
	return {
		pass: missed.length === 0,
		score,
		reason: missed.length
			? `${items.length - missed.length}/${items.length} ${what}; missing ${list(missed.map(name))}`
			: `all ${items.length} ${what}`,
	};
}

const validCitations = (ev: Evidence) => ev.citations.filter((c) => c.check.valid);

export function coreRecallContext(label: QuestionLabel, ev: Evidence): GradeResult {
	const readFiles = new Set(ev.read.map((r) => r.file));
	return share(label.core, (f) => readFiles.has(f), "core files in the context");
}

export function coreRecallCited(label: QuestionLabel, ev: Evidence): GradeResult {
	const cited = new Set(validCitations(ev).map((c) => c.file));
	return share(label.core, (f) => cited.has(f), "core files cited");
}

/** Citations a reader sees first: `coreRecallCitedTop10` looks at these many. */
export const TOP_CITATIONS = 10;

/**
 * Core files among the first citations (by number): whether the answer leads with what matters.
 * A long answer can cite every core file somewhere; this tells a focused one from a long list.
 */
export function coreRecallCitedTop10(label: QuestionLabel, ev: Evidence): GradeResult {
	const first = [...ev.citations].sort((a, b) => a.n - b.n).slice(0, TOP_CITATIONS);
	const cited = new Set(first.filter((c) => c.check.valid).map((c) => c.file));
	return share(label.core, (f) => cited.has(f), `core files in the first ${TOP_CITATIONS} citations`);
}

/** Share of valid citations that point into a file the label names (core, supporting or chain). */
export function citationPrecision(label: QuestionLabel, ev: Evidence): GradeResult {
	const valid = validCitations(ev);
	if (valid.length === 0) return { pass: true, score: null, reason: "the answer has no valid citations" };
	const labelled = new Set(labelPaths(label));
	const hits = valid.filter((c) => labelled.has(c.file)).length;
	return {
		pass: hits === valid.length,
		score: hits / valid.length,
		reason: `${hits}/${valid.length} citations point into a labelled file`,
	};
}

/**
 * A chain entry is covered when a read or (valid) cited range in its file contains its line, or
 * a read or cited definition in its file has the same last name segment. Entries that point at a
 * call site are covered by any range around that line.
 */
interface CoveringRange {
	file: string;
	start: number;
	end: number;
	name: string | null;
}

/** Read ranges and valid cited ranges, each with the definition it was read or cited for. */
function coveringRanges(ev: Evidence): CoveringRange[] {
	return [
		...ev.read.map((r) => ({ file: r.file, start: r.startLine, end: r.endLine, name: r.defId })),
		...validCitations(ev).map((c) => ({ file: c.file, start: c.startLine, end: c.endLine, name: c.symbol })),
	];
}

function covers(ranges: readonly CoveringRange[], e: ChainEntry): boolean {
	const want = lastSegment(e.symbol);
	return ranges.some(
		(r) =>
			r.file === e.file &&
			((r.start <= e.line && e.line <= r.end) || (r.name !== null && lastSegment(r.name) === want)),
	);
}

export function chainCoverage(label: QuestionLabel, ev: Evidence): GradeResult {
	const ranges = coveringRanges(ev);
	return share(
		label.chain,
		(e) => covers(ranges, e),
		"chain entries covered",
		(e) => `${e.symbol} (${e.file}:${e.line})`,
	);
}

/**
 * Share of chain entries whose line lies inside the material the answer stage was given (the
 * read ranges only: a same-named definition elsewhere, or a citation, does not count). Gold
 * chain entries carry their own line, so no line is derived from the index.
 */
export function keyLineRecall(label: QuestionLabel, ev: Evidence): GradeResult {
	return share(
		label.chain,
		(e) => ev.read.some((r) => r.file === e.file && r.startLine <= e.line && e.line <= r.endLine),
		"chain lines in the material",
		(e) => `${e.file}:${e.line}`,
	);
}

/** A chain entry not covered, and whether anything of its file reached the answer stage. */
export interface ChainMiss extends ChainEntry {
	fileReached: boolean;
}

/**
 * The chain entries `chainCoverage` counts as missed. `fileReached` separates entries whose file
 * never reached the answer stage from those whose file did, but not at that line or definition.
 */
export function chainMisses(label: QuestionLabel, ev: Evidence): ChainMiss[] {
	const ranges = coveringRanges(ev);
	const reached = new Set(ranges.map((r) => r.file));
	return label.chain
		.filter((e) => !covers(ranges, e))
		.map((e) => ({ ...e, fileReached: reached.has(e.file) }));
}

/** Key symbols written in the answer as whole identifiers (case-sensitive, dotted paths as written). */
export function keySymbolRecall(label: QuestionLabel, ev: Evidence): GradeResult {
	return share(label.keySymbols, (s) => namesSymbol(ev.answer, symbolName(s)), "key symbols named");
}

export function citationValidity(_label: QuestionLabel, ev: Evidence): GradeResult {
	if (ev.citations.length === 0) return { pass: true, score: null, reason: "the answer has no citations" };
	const invalid = ev.citations.filter((c) => !c.check.valid);
	return {
		pass: invalid.length === 0,
		score: (ev.citations.length - invalid.length) / ev.citations.length,
		reason: invalid.length
			? `${invalid.length}/${ev.citations.length} invalid: ${list(invalid.map((c) => `[${c.n}] ${c.check.reason}`))}`
			: `all ${ev.citations.length} citations valid`,
	};
}

export const GRADERS: Record<RatioMetric, (label: QuestionLabel, ev: Evidence) => GradeResult> = {
	coreRecallContext,
	coreRecallCited,
	coreRecallCitedTop10,
	chainCoverage,
	keyLineRecall,
	keySymbolRecall,
	citationValidity,
	citationPrecision,
};

export function gradeAll(label: QuestionLabel, ev: Evidence): Record<RatioMetric, GradeResult> {
	return Object.fromEntries(RATIO_METRICS.map((m) => [m, GRADERS[m](label, ev)])) as Record<
		RatioMetric,
		GradeResult
	>;
}
