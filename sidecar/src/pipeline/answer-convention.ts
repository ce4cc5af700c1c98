/**
 * The short offline answer to a convention question: "what is the convention for reporting
 * errors?", "what's the usual way to log in the API?", "how should I validate input?". A flow
 * answers how one thing runs; a convention is what most of the code does, so the answer is the
 * definitions named for the question's words that the most code uses (a shared helper, a type, a
 * file of constants), each with its count of users and one real use, cited at the line that shows
 * it. The rest of the question ("from backend services to GraphQL resolvers") says where: helpers
 * and uses in the files it names come first. Nothing used widely enough: the flow answer stands.
 */
import { firstSentence } from "../index/doc-comment.js";
import type { IndexReader } from "../index/reader.js";
import type { DefRow, EdgeRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";
import { CitationBook, type DraftAnswer } from "./citation-book.js";
import { Labels } from "./labels.js";
import { code, listWords, sentence } from "./markdown.js";
import { conceptMatch, wordStems } from "./match.js";
import { messageSize } from "./message-size.js";
import { analyzeQuestion, type Concept } from "./query.js";
import { quoteLine } from "./quote-line.js";
import { SHORT_ANSWER_CHARS } from "./short/fit.js";
import { abbreviationsOf, stem } from "./vocabulary.js";

export type ConventionIndex = Pick<
	IndexReader,
	"defsUsedAtLeast" | "files" | "edgesTo" | "defById" | "defsInFile" | "fileLines" | "defAt" | "def"
>;

/**
 * "What is the convention for X", "the usual / recommended / standard way to X", "best practice
 * for X", "how should I X": X is group 1 or 2. "How do I X" is a guide to one task, not a convention.
 */
const CONVENTION_QUESTION =
	/\b(?:conventions?|idioms?|(?:usual|standard|recommended|common|preferred|idiomatic|proper|right) (?:way|approach|practice)s?|best practices?|patterns?)\s+(?:is\s+|are\s+)?(?:for|of|to|when|in)\s+([^?!]+)|\bhow (?:should|shall|must) (?:i|we|you|one)\s+([^?!]+)/i;

/** Where the subject's topic ends and where it is done begins ("reporting errors | from backend services"). */
const WHERE_WORDS =
	/\s+(?:from|to|in|into|between|across|within|inside|on|when|for|with|by|at|throughout)\s+/i;

/** Definitions that use a candidate, at least, for it to be a convention rather than one module's helper. */
const MIN_USERS = 5;
/** Files those users sit in, at least. */
const MIN_FILES = 3;
/** A file of constants named for the topic needs this many to be the catalogue of them. */
const MIN_CONSTANTS = 10;
/** What a user's file counts for when its path meets none of the question's "where" words. */
const NEAR_FLOOR = 0.25;
/** Widely used definitions named for a verb, at least, for the code to name things for it. */
const MIN_VERB_NAMES = 3;
/** Candidates counted by file, most used first. */
const COUNTED = 40;
/** Helpers told with a use, and further ones named. */
const TOLD = 3;
const NAMED = 3;
/** A name must meet the topic's noun at least this well: as written or abbreviated, not by a related word. */
const NAME_MATCH = 0.8;
const DOC_CHARS = 90;
/** Room kept for what verification and the sources heading add. */
const MARGIN = 40;

const TYPE_KINDS = new Set(["type", "interface", "enum"]);
const TYPE_WEIGHT = 0.5;
/**
 * Endings that make a name of the one a short noun is ("log" → `logger`, `logging`): the shared-prefix
 * rule needs 4 letters, and a convention's noun is often a short one.
 */
const AGENT_ENDINGS = /^(?:s|es|er|ers|ger|gers|ging|ged|ing|ed)$/;
const HELPER_KINDS = new Set(["function", "method", "class", "type", "interface", "enum", "variable"]);
const CONSTANT_KINDS = new Set(["variable", "property", "enum"]);
const USE_KINDS = new Set(["call", "new", "reference", "extends", "implements"]);

/** What a convention question asks about: the topic ("reporting errors") and where ("backend services …"). */
export interface ConventionSubject {
	topic: string;
	where: string;
	/** "How should I validate settings?": the topic's verb is the action asked about. */
	action: boolean;
}

export function conventionSubject(question: string): ConventionSubject | null {
	const m = CONVENTION_QUESTION.exec(question);
	const asked = (m?.[1] ?? m?.[2])?.trim();
	if (!asked) return null;
	const cut = WHERE_WORDS.exec(asked);
	const topic = (cut ? asked.slice(0, cut.index) : asked).trim();
	return topic
		? { topic, where: cut ? asked.slice(cut.index + cut[0].length).trim() : "", action: !m?.[1] }
		: null;
}

interface Helper {
	def: DefRow;
	users: number;
	files: number;
	/** Its users' files, each weighed by how well its path meets the question's "where" words. */
	near: number;
	/** Share of the topic's verb its name meets (0 or 1). */
	named: number;
	/** Share of what the verb acts on its name meets ("toast" of "toast messages": 0.5). */
	covers: number;
	/** One use: the line of a user, best in the files the question names. */
	use: { by: DefRow; edge: EdgeRow } | null;
}

interface Catalogue {
	file: string;
	constants: number;
	/** The most used of them. */
	example: DefRow;
}

export interface Convention {
	subject: ConventionSubject;
	helpers: Helper[];
	catalogue: Catalogue | null;
}

/** The convention a question asks about, from the index; null when nothing named for it is used widely. */
export function findConvention(index: ConventionIndex, question: string): Convention | null {
	const subject = conventionSubject(question);
	if (!subject) return null;
	const topic = analyzeQuestion(subject.topic).concepts.filter((c) => !c.layer);
	if (topic.length === 0) return null;
	// The topic is a verb and what it acts on: "reporting errors", "showing toast messages",
	// "validate settings" ("how should I …" starts with the verb; else a first word in -ing is one).
	// A convention's definitions are named for what it acts on, as written or as code abbreviates it
	// (`raiseError` for "errors", `useToast` for "toast messages"); the verb ranks those that also name it first.
	const first = topic[0] as Concept;
	const hasVerb = topic.length > 1 && (subject.action || /ing$/.test(first.word));
	const rest = hasVerb ? [first] : [];
	const nouns = (hasVerb ? topic.slice(1) : topic).map(withAbbreviations);
	const where = analyzeQuestion(subject.where).concepts;
	const nameMatch = (d: DefRow) => {
		const stems = wordStems(d.name);
		return Math.max(...nouns.map((n) => Math.max(conceptMatch(n, stems), agentMatch(n, stems))));
	};
	const nearness = (file: string) => share(where, wordStems(file));

	// Every definition used widely enough, by name: a full-text search stems "logging" to "log" and
	// misses `Logger`. Read once: the verb's check below reads the same list.
	const used = index.defsUsedAtLeast(MIN_USERS);
	const found = used
		.filter(
			(d) => d.file && HELPER_KINDS.has(d.kind) && !isAuxiliaryPath(d.file) && nameMatch(d) >= NAME_MATCH,
		)
		.slice(0, COUNTED);
	const helpers: Helper[] = [];
	for (const def of found) {
		const uses = usesOf(index, def);
		const files = new Set(uses.map((u) => u.by.file as string));
		if (uses.length < MIN_USERS || files.size < MIN_FILES) continue;
		// Where the question says ("in the backend resolvers"), a file using it there counts in full,
		// one elsewhere for NEAR_FLOOR: a busier helper of another part of the code comes second.
		const near =
			where.length === 0 ? files.size : [...files].reduce((n, f) => n + NEAR_FLOOR + nearness(f), 0);
		// The use shown: where the question says, a call before a mention in a type, a line naming the
		// topic (`AppLogger.error(…)` for "errors") before another (`AppLogger.info(…)`).
		const lineNames = (u: (typeof uses)[number]) => {
			const text =
				index.fileLines(u.edge.file as string, u.edge.line as number, u.edge.line as number)?.[0] ?? "";
			return topic.some((c) => conceptMatch(c, wordStems(text)) >= NAME_MATCH) ? 1 : 0;
		};
		const called = (u: (typeof uses)[number]) => (u.edge.kind === "call" || u.edge.kind === "new" ? 1 : 0);
		const use =
			[...uses].sort(
				(a, b) =>
					nearness(b.by.file ?? "") - nearness(a.by.file ?? "") ||
					called(b) - called(a) ||
					lineNames(b) - lineNames(a),
			)[0] ?? null;
		const stems = wordStems(def.name);
		const named = share(rest, stems);
		helpers.push({
			def,
			users: uses.length,
			files: files.size,
			near,
			named,
			covers: share(nouns, stems),
			use,
		});
	}
	// The most used first, those used where the question says first among the much used: a helper
	// the question's resolvers and controllers call before a slightly busier one of a web client.
	// "How should I validate settings?" asks about the action: when widely used definitions are
	// named for the verb but none for it and the noun, the code has no convention for the pair (the
	// flow answer stands). A verb no name carries leaves the noun to decide; so does "the convention
	// for reporting errors", which asks how a kind of thing is done, whatever the helpers are called.
	if (subject.action && rest.length > 0 && !helpers.some((h) => h.named > 0)) {
		const verbNamed = used.filter(
			(d) => d.file && !isAuxiliaryPath(d.file) && share(rest, wordStems(d.name)) > 0,
		).length;
		if (verbNamed >= MIN_VERB_NAMES) return null;
	}
	// A type is mentioned wherever values of it pass; a convention is what code calls or creates.
	const kindWeight = (d: DefRow) => (TYPE_KINDS.has(d.kind) ? TYPE_WEIGHT : 1);
	const score = (h: Helper) => h.near * (1 + h.covers) * (1 + h.named) * kindWeight(h.def);
	helpers.sort((a, b) => score(b) - score(a));
	const catalogue = catalogueOf(index, nouns, nearness);
	if (helpers.length + (catalogue ? 1 : 0) < 2) return null;
	return { subject, helpers, catalogue };
}

/** A short noun meeting a name word that is it with an agent or verb ending (`log` → `logger`). */
function agentMatch(noun: Concept, stems: readonly string[]): number {
	return stems.some((s) =>
		noun.stems.some((n) => n.length >= 3 && s.startsWith(n) && AGENT_ENDINGS.test(s.slice(n.length))),
	)
		? 1
		: 0;
}

/** A noun matched as written or as code abbreviates it ("err" of "error"), never by a related word. */
function withAbbreviations(c: Concept): Concept {
	const abbreviated = [...abbreviationsOf(c.word), ...abbreviationsOf(stem(c.word))].map(stem);
	return { ...c, stems: [...new Set([...c.stems, ...abbreviated])], related: [] };
}

/** Share of `concepts` met by `stems` (each once, at its best). */
function share(concepts: readonly Concept[], stems: readonly string[]): number {
	if (concepts.length === 0) return 0;
	return concepts.reduce((n, c) => n + conceptMatch(c, stems), 0) / concepts.length;
}

/** The definitions using `def` (one edge each, with a line), outside tests and fixtures. */
function usesOf(index: ConventionIndex, def: DefRow): { by: DefRow; edge: EdgeRow }[] {
	const seen = new Set<number>();
	const out: { by: DefRow; edge: EdgeRow }[] = [];
	for (const e of index.edgesTo(def.id)) {
		if (!USE_KINDS.has(e.kind) || e.line === null || !e.file || seen.has(e.src)) continue;
		const by = index.defById(e.src);
		if (!by?.file || isAuxiliaryPath(by.file) || by.file === def.file) continue;
		seen.add(e.src);
		out.push({ by, edge: e });
	}
	return out;
}

/**
 * A file named for the topic (`errors.ts` for "errors") that holds at least MIN_CONSTANTS
 * exported constants: where the values themselves are kept (error codes, event names). The one
 * whose constants the most definitions use, nearest the question's "where" first.
 */
function catalogueOf(
	index: ConventionIndex,
	nouns: readonly Concept[],
	nearness: (file: string) => number,
): Catalogue | null {
	const fileNamed = (file: string) => {
		const name = file.slice(file.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");
		return nouns.some((n) => conceptMatch(n, wordStems(name)) >= 1);
	};
	const files = index
		.files()
		.map((f) => f.path)
		.filter((f) => !isAuxiliaryPath(f) && fileNamed(f));
	let best: (Catalogue & { score: number }) | null = null;
	for (const file of files) {
		const constants = index.defsInFile(file).filter((d) => CONSTANT_KINDS.has(d.kind) && d.exported);
		if (constants.length < MIN_CONSTANTS) continue;
		const example = [...constants].sort((a, b) => b.fanIn - a.fanIn)[0] as DefRow;
		const used = constants.reduce((n, d) => n + d.fanIn, 0);
		const score = used * (1 + nearness(file));
		if (!best || score > best.score) best = { file, constants: constants.length, example, score };
	}
	return best && { file: best.file, constants: best.constants, example: best.example };
}

/** The definitions a convention answer is made of, for the material to read first. */
export function conventionDefinitions(convention: Convention): DefRow[] {
	return [
		...convention.helpers.slice(0, TOLD + NAMED).map((h) => h.def),
		...(convention.catalogue ? [convention.catalogue.example] : []),
		...convention.helpers.slice(0, TOLD).flatMap((h) => (h.use ? [h.use.by] : [])),
	];
}

/** The answer for a convention found (findConvention), fitted to one chat message. */
export function conventionAnswer(
	index: ConventionIndex,
	question: string,
	convention: Convention,
): DraftAnswer {
	const labels = new Labels(index as IndexReader);
	for (let named = NAMED; ; named--) {
		const book = new CitationBook(Number.MAX_SAFE_INTEGER, labels);
		const lines = render(index, question, convention, book, named);
		if (named <= 0 || messageSize(lines, book, (t) => labels.apply(t)) <= SHORT_ANSWER_CHARS - MARGIN)
			return { body: lines.join("\n").trimEnd(), drafts: book.drafts, labels };
	}
}

function render(
	index: ConventionIndex,
	question: string,
	convention: Convention,
	book: CitationBook,
	named: number,
): string[] {
	const { subject, helpers, catalogue } = convention;
	const name = (d: DefRow) => book.name(d);
	const head = (d: DefRow) => book.cite(d, { startLine: d.startLine ?? 1, endLine: d.startLine ?? 1 });
	const users = (h: Helper) =>
		`used by ${h.users} definition${h.users === 1 ? "" : "s"} in ${h.files} file${h.files === 1 ? "" : "s"}`;
	const told = helpers.slice(0, TOLD);
	const out: string[] = [`**Question:** ${question.trim()}`, ""];

	const summary: string[] = [];
	if (told.length > 0)
		summary.push(
			`For “${subject.topic.toLowerCase()}”, most of the code goes through the same few definitions: ${listWords(
				told.map((h) => `${name(h.def)} (${code(h.def.file ?? "")}) ${head(h.def)}, ${users(h)}`),
			)}.`,
		);
	if (catalogue)
		summary.push(
			`The values themselves are kept as ${catalogue.constants} constants in ${code(catalogue.file)}, such as ${name(catalogue.example)} ${head(catalogue.example)}.`,
		);
	out.push("**In short**", summary.join(" "), "");

	out.push("**The convention, by use**");
	let n = 1;
	for (const h of told) {
		const doc = sentence(firstSentence(h.def.description, DOC_CHARS), DOC_CHARS);
		// The use is cited as a line of its user: the sentence names the user, the line the helper.
		const use = h.use
			? ` For example in ${name(h.use.by)} (${code(h.use.by.file ?? "")}) ${book.citeRange(h.use.edge.file as string, h.use.edge.line as number, h.use.edge.line as number, h.use.by.qualifiedName)}${quoteLine(index, h.use.edge.file as string, h.use.edge.line as number)}`
			: "";
		out.push(`${n++}. ${name(h.def)} ${head(h.def)}${doc ? ` — ${doc}` : "."}${use}`);
	}
	if (catalogue) {
		const e = catalogue.example;
		out.push(
			`${n++}. ${catalogue.constants} constants in ${code(catalogue.file)}: ${name(e)} ${head(e)} is used by ${e.fanIn} definition${e.fanIn === 1 ? "" : "s"}${quoteLine(index, e.file ?? "", e.startLine ?? 1)}`,
		);
	}
	out.push("");

	const more = helpers.slice(TOLD, TOLD + named);
	if (more.length > 0) {
		out.push("**Where to look**");
		for (const h of more)
			out.push(`- ${name(h.def)} in ${code(h.def.file ?? "")} ${head(h.def)} — ${users(h)}`);
		out.push("");
	}
	out.push(
		`_Offline answer (no LLM): the definitions named for ${code(subject.topic)} that the most code uses, from the index's call and reference edges._`,
	);
	return out;
}
