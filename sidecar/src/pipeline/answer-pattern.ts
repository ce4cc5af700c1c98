/**
 * The short offline answer to a "how do I add a new X?" question. A path through the code answers
 * how something runs; a newcomer adding an X needs the shape every existing X shares instead: a
 * family in the code (classes or interfaces that extend or implement one base: the services, the
 * models, the bridges), the base a new member extends, an existing member as the worked example,
 * the contract it implements and where members are created (registered). All of it is read from the
 * index's extends / implements / new edges and cited at the line that says it. A noun the code
 * registers by key ("endpoint", "hook") is told from its trunk instead (answer-pattern-keys.ts).
 * No family of the noun: the flow answer stands.
 */
import pluralize from "pluralize";
import type { IndexReader } from "../index/reader.js";
import type { DefRow, EdgeRow } from "../index/types.js";
import { CitationBook, type DraftAnswer } from "./answer-offline.js";
import { headIsRole, headlessFamily } from "./answer-pattern-headless.js";
import {
	findInstanceFamily,
	type InstanceFamily,
	instanceDefinitions,
	instanceLines,
} from "./answer-pattern-instances.js";
import {
	type FileLoader,
	fileLoader,
	findKeyFamily,
	type KeyFamily,
	keyFamilyDefinitions,
	keyFamilyLines,
	type Listing,
	listingsOf,
	messageSize,
	quoteLine,
	repositoryCallees,
} from "./answer-pattern-keys.js";
import { carriedCount, definitionTexts, type FamilyTexts, qualifiersOf } from "./answer-pattern-qualifier.js";
import { registrarHops, registrarHopsWords } from "./answer-pattern-registrar.js";
import {
	accessPoint,
	findUse,
	OTHER_USES,
	type UseFamily,
	useCall,
	useDefinitions,
	useLines,
	useSubject,
} from "./answer-pattern-use.js";
import {
	findWorkspaceFamily,
	type WorkspaceFamily,
	workspaceDefinitions,
	workspaceLines,
} from "./answer-pattern-workspace.js";
import { SHORT_ANSWER_CHARS } from "./answer-short.js";
import { Labels } from "./labels.js";
import { code, listWords } from "./markdown.js";
import { conceptMatch, isAuxiliaryPath, wordStems } from "./match.js";
import { analyzeQuestion, type Concept } from "./query.js";
import { namesIn } from "./verify.js";

export type PatternIndex = Pick<
	IndexReader,
	| "familyBases"
	| "instanceBases"
	| "typesNamedCount"
	| "edgesTo"
	| "edgesFrom"
	| "defById"
	| "fileLines"
	| "defsInFile"
	| "defAt"
	| "def"
	| "packages"
	| "trunkNames"
	| "dispatchSites"
	| "packageSizes"
	| "file"
	| "defsByQualifiedName"
>;

/**
 * "How do I add a new service?", "how would one create a new database model in X?", "what are the
 * steps to add another exporter", "what would I have to write to add a new provider?", "the
 * convention for adding a new kind of job": the noun after "new" / "another" is group 1. The
 * gerund asks the same as the verb; "kind of" / "type of" name the noun, not a noun of their own.
 */
const PATTERN_QUESTION =
	/\b(?:how (?:do|can|would|should|could|does|to)\b|steps? to\b|what (?:would|do|does|should|must|will) (?:i|we|you|one)\b|conventions?\b|process (?:for|of)\b)[^?]*?\b(?:creat(?:e|ing)|add(?:ing)?|writ(?:e|ing)|mak(?:e|ing)|defin(?:e|ing)|implement(?:ing)?|build(?:ing)?|register(?:ing)?|introduc(?:e|ing)|set(?:ting)? up)\s+(?:(?:a|an|one)\s+)?(?:new|another|additional)\s+(?:(?:kind|type|sort|form)s? of\s+)?([a-z0-9][\w\s-]*?)(?=\s+(?:in|for|to|so|that|with|on|inside|within|into)\b|\s*[?.!]|\s*$)/i;

/**
 * The looser form, when the question is the developer's own ("where would I add a new payment
 * provider?", "which files do I touch to add a new setting?", "what do I need to implement to
 * support a new storage backend?"): "<verb> a new X" anywhere, with I / we / you / one in the
 * question, and not inside a clause of something happening ("when you create a new room, …" asks
 * what runs). Group 1 is the noun.
 */
const ADD_NEW =
	/\b(?:creat(?:e|ing)|add(?:ing)?|writ(?:e|ing)|mak(?:e|ing)|defin(?:e|ing)|implement(?:ing)?|build(?:ing)?|register(?:ing)?|introduc(?:e|ing)|set(?:ting)? up|support(?:ing)?|plug(?:ging)? in)\s+(?:(?:a|an|one)\s+)?(?:new|another|additional)\s+(?:(?:kind|type|sort|form)s? of\s+)?([a-z0-9][\w\s-]*?)(?=\s+(?:in|for|to|so|that|with|on|inside|within|into|what|which|where|how)\b|\s*[?.!,;]|\s*$)/i;
/** "Extend the editor with a new tool": the noun after "with a new". */
const EXTEND_WITH_NEW =
	/\bextend(?:ing)?\b[^?]*?\bwith\s+(?:(?:a|an|one)\s+)?(?:new|another|additional)\s+([a-z0-9][\w\s-]*?)(?=\s+(?:in|for|to|so|that|on|inside|within|into)\b|\s*[?.!,;]|\s*$)/i;
const DEVELOPER = /\b(?:i|we|you|one)\b/i;
const HAPPENING = /\b(?:when|whenever|after|before|once)\b/i;

/** The noun of the looser, developer's form (ADD_NEW, EXTEND_WITH_NEW), or null. */
function developerSubject(question: string): string | null {
	if (!DEVELOPER.test(question)) return null;
	for (const form of [ADD_NEW, EXTEND_WITH_NEW]) {
		const m = form.exec(question);
		if (m?.[1] && !HAPPENING.test(question.slice(0, m.index))) return m[1].trim();
	}
	return null;
}

/** Members a base needs to be a family (two subclasses are a pair, not a convention). */
const MIN_MEMBERS = 3;
/** Files that register the most keys, and further small packages, named at most. */
const TOP_KEY_FILES = 3;
const OTHER_PACKAGES = 3;
/** Further members named as examples. */
const OTHER_EXAMPLES = 3;
/** Room kept for what verification and the sources heading add. */
const MARGIN = 40;
/** A path match counts this much of a name match (as the seeding stage weighs a definition's path). */
const PATH_FACTOR = 0.6;

/**
 * "How are new endpoints registered in the REST API?", "how is a new hook added": the passive form,
 * noun (group 1) before a verb of declaring. Creating and sending verbs are left out: "how are new
 * rooms created" asks what happens at run time, not how code adds a kind of room.
 */
const PASSIVE_PATTERN_QUESTION =
	/\bhow (?:are|is) (?:(?:a|an)\s+)?(?:new|additional)\s+([a-z0-9][\w\s-]*?)\s+(?:registered|added|defined|declared|wired(?: up)?|hooked up)\b/i;

/** The noun a pattern question asks to add ("REST API endpoint", "database model"), or null. */
export function patternSubject(question: string): string | null {
	return patternQuestion(question)?.subject ?? null;
}

/**
 * A pattern question's noun and its form. A passive one ("how are new users added?") also reads as
 * a flow question, so it is taken as a pattern only when the noun names a keyed family (patternFamily).
 */
function patternQuestion(question: string): { subject: string; passive: boolean } | null {
	const active = PATTERN_QUESTION.exec(question)?.[1]?.trim() || developerSubject(question);
	if (active) return { subject: active, passive: false };
	const passive = PASSIVE_PATTERN_QUESTION.exec(question)?.[1]?.trim();
	return passive ? { subject: singularHead(passive), passive: true } : null;
}

/** "REST endpoints" → "REST endpoint": the passive form asks of the plural, the answer tells of one. */
function singularHead(phrase: string): string {
	const words = phrase.split(/\s+/);
	words.push(pluralize.singular(words.pop() ?? ""));
	return words.join(" ");
}

/** What a pattern question's noun names in the code: a family of classes, or of string keys. */
export type PatternFamily = ClassFamily | KeyFamily | WorkspaceFamily | UseFamily | InstanceFamily;

/**
 * A noun whose qualifiers no family carries ("OAuth service" where the only services are the core
 * ones): the answer tells the family its head alone names, and says first that no family carries
 * them (unmetNote).
 */
export interface UnmetFamily {
	kind: "unmet";
	subject: string;
	/** The qualifiers as written ("OAuth"). */
	missing: string[];
	/**
	 * The family told: the one the head noun alone names ("head"), or, when one carries every
	 * qualifier though none of its names holds the head, that one ("qualifiers": `CustomOAuth` for "OAuth service").
	 */
	closest: PatternFamily;
	namedBy: "head" | "qualifiers";
}

export interface ClassFamily {
	kind: "class";
	/** The noun asked for ("database model"). */
	subject: string;
	base: DefRow;
	/** Definitions extending or implementing the base, outside tests and fixtures. */
	members: DefRow[];
}

interface Shape {
	member: DefRow;
	/** The class that is instantiated: the member, or a class implementing it (an interface member). */
	cls: DefRow | null;
	/** The contract the class implements besides the base: the member itself when it is an interface. */
	contract: DefRow | null;
	/** Where the class is created (`new X(…)`): the creating definition and the line. */
	created: { by: DefRow; file: string; line: number } | null;
	/** The function called on that line with the new instance (`registerModel`, `api.registerService`). */
	registeredWith: DefRow | null;
	/** The class the class extends (the base, or an intermediate one). */
	parent: DefRow | null;
	/** Where the class is listed for a framework to create it (`providers: [X]`, `useService(X)`), when nothing creates it. */
	listed: Listing | null;
}

const FAMILY_KINDS = new Set(["extends", "implements"]);

/**
 * The family a pattern question's noun names in the code, or null (then the flow answer stands). The
 * head noun finds it; its qualifiers decide between families sharing the head (answer-pattern-qualifier.ts):
 * a family carrying them all before the head's first, else one carrying some when the head's carries
 * none; when none carries any, a family carrying them all without the head (answer-pattern-headless.ts),
 * else the head's family, comes back as unmet (which words name it is said first in the answer).
 */
export function patternFamily(index: PatternIndex, question: string): PatternFamily | UnmetFamily | null {
	const asked = patternQuestion(question);
	if (!asked) return usageFamily(index, question);
	const { subject } = asked;
	// A noun that names what the code registers by key ("endpoint", "hook") is registered so; else a class family.
	const concepts = analyzeQuestion(subject).concepts;
	if (asked.passive) return findKeyFamily(index, subject, concepts);
	const first = (accept?: (f: PatternFamily) => boolean) =>
		findKeyFamily(index, subject, concepts, accept) ??
		(accept ? null : findWorkspaceFamily(index, subject, concepts)) ??
		findFamily(index, subject, concepts, accept) ??
		findInstanceFamily(index, subject, concepts, accept);
	const found = first();
	// The noun's qualifiers ("OAuth" of "OAuth service") decide between families sharing its head.
	const qualifiers = qualifiersOf(subject, concepts);
	if (qualifiers.length === 0 || found?.kind === "workspace") return found;
	const carried = (f: PatternFamily) => carriedCount(familyTexts(f), qualifiers);
	const had = found ? carried(found) : 0;
	if (had === qualifiers.length) return found;
	const better =
		first((f) => carried(f) === qualifiers.length) ?? (had === 0 ? first((f) => carried(f) > 0) : null);
	if (better) return better;
	// None carrying them names the head: one carrying them all may still be what the noun means
	// (`new CustomOAuth(…)` constants for "OAuth service"; answer-pattern-headless.ts). Only beside a
	// family of the head: without one, the noun names no convention here and the flow answer stands.
	const head = subject.split(/\s+/).at(-1) ?? subject;
	const headConcept = concepts.at(-1);
	const roleHead =
		found && had === 0 && headConcept && headIsRole(index, head, headConcept, familyDefinitions(found));
	const headless = roleHead
		? headlessFamily(index, subject, qualifiers, (b) => familyMembers(index, b))
		: null;
	const missing = qualifiers.map((q) => q.word);
	// Told after a note all the same: the head may be what the noun means ("store searcher": a searcher, not a store).
	if (headless) return { kind: "unmet", subject, missing, closest: headless, namedBy: "qualifiers" };
	if (!found || had > 0) return found;
	// The head's family is told as one of the head alone ("a new provider", not "a new payment provider").
	return {
		kind: "unmet",
		subject,
		missing,
		closest: { ...found, subject: head },
		namedBy: "head",
	};
}

/**
 * What the answer says first when no family carries the noun's qualifiers: "No family of services
 * here carries “OAuth” in its names or files; below is the family “service” alone names: the 36
 * classes extending `ServiceClassInternal`."
 */
export function unmetNote(unmet: UnmetFamily): string {
	const words = unmet.subject.split(/\s+/);
	const heads = pluralize.plural(words.at(-1) ?? "");
	const missing = listWords(unmet.missing.map((w) => `“${w}”`));
	const head = words.at(-1) ?? "";
	if (unmet.namedBy === "qualifiers")
		return `No family of ${heads} here carries ${missing} in its names or files; below is the family ${missing} names without “${head}”: ${familyPhrase(unmet.closest)}.`;
	return `No family of ${heads} here carries ${missing} in its names or files; below is the family “${head}” alone names: ${familyPhrase(unmet.closest)}.`;
}

/** "the 36 classes extending `ServiceClassInternal`", "the 284 keys of `meteor-method`". */
function familyPhrase(family: PatternFamily): string {
	switch (family.kind) {
		case "class":
			return `the ${family.members.length} ${memberWord(family.members)} ${family.base.kind === "interface" ? "implementing" : "extending"} ${code(family.base.name)}`;
		case "instances":
			return `the ${family.members.length} instances of ${code(family.base.name)}`;
		case "keys":
			return `the ${family.registers.length} ${pluralize.plural(family.noun)} of ${code(family.trunk)}`;
		default:
			return `the ${family.kind} family`;
	}
}

/** A family's own definitions: its base and members (none for a key family, whose members are keys). */
function familyDefinitions(family: PatternFamily): DefRow[] {
	return family.kind === "class" || family.kind === "instances" ? [family.base, ...family.members] : [];
}

/** The names and files a family is known by, for its qualifiers. */
function familyTexts(family: PatternFamily): FamilyTexts {
	switch (family.kind) {
		case "keys":
			return {
				own: [family.trunk, family.noun],
				members: family.registers.map((r) => `${r.key ?? ""} ${r.file}`),
			};
		case "class":
		case "instances":
			return definitionTexts(family.base, family.members);
		default:
			return { own: [], members: [] };
	}
}

/**
 * "How do you use a database model to query data?": how code reaches and calls a member of the class
 * family the noun names (answer-pattern-use.ts); the question's other words pick the member and call.
 */
function usageFamily(index: PatternIndex, question: string): UseFamily | null {
	const subject = useSubject(question);
	if (!subject) return null;
	const family = findFamily(index, subject, analyzeQuestion(subject).concepts);
	if (!family) return null;
	// The noun's other words ("Rooms" of "Rooms model") may name a member; its head names them all.
	const head = analyzeQuestion(subject).concepts.at(-1);
	const others = analyzeQuestion(question).concepts.filter((c) => c.word !== head?.word);
	return findUse(index, family, others);
}

/**
 * The class family the subject names: a base whose own name holds the subject's head noun, scored by
 * how many of the subject's words its name (or, weaker, path) matches times the log of its members.
 * With `accept` (families sought by the noun's qualifiers), only families it accepts, and also a base
 * whose members mostly carry the noun.
 */
function findFamily(
	index: PatternIndex,
	subject: string,
	concepts: readonly Concept[],
	accept?: (family: ClassFamily) => boolean,
): ClassFamily | null {
	const head = concepts.at(-1);
	if (!head) return null;
	const match = (c: Concept, def: DefRow) =>
		Math.max(conceptMatch(c, wordStems(def.name)), PATH_FACTOR * conceptMatch(c, wordStems(def.file ?? "")));
	let best: { family: ClassFamily; score: number } | null = null;
	for (const { def } of index.familyBases(MIN_MEMBERS)) {
		if (!def.file || isAuxiliaryPath(def.file)) continue;
		// The noun itself is in the base's name: a path word (`packages/`, `models/`) is in too many paths to name a family.
		// Sought by qualifiers, a base whose members carry the noun is one too (`EmailInterface` of `ResendProvider`, …).
		const baseHead = conceptMatch(head, wordStems(def.name));
		if (baseHead < 1 && !accept) continue;
		const own = familyMembers(index, def);
		if (own.length < MIN_MEMBERS) continue;
		const headMatch = baseHead >= 1 || membersCarry(head, own) ? 1 : 0;
		if (headMatch < 1) continue;
		const words = concepts.reduce((sum, c) => sum + (c === head ? headMatch : match(c, def)), 0);
		// Variants declared side by side in one file (`ISettingColor`, `ISettingAction` of one union) are
		// one type's cases: nothing a newcomer adds a file of its own for.
		if (new Set(own.map((d) => d.file)).size < 2) continue;
		const score = words * Math.log2(1 + own.length);
		const family: ClassFamily = { kind: "class", subject, base: def, members: own };
		if ((!best || score > best.score) && (!accept || accept(family))) best = { family, score };
	}
	return best?.family ?? null;
}

/** At least half of the members carry the noun in their names or files (`ResendProvider`, `providers/dub.ts`). */
function membersCarry(head: Concept, members: readonly DefRow[]): boolean {
	const carrying = members.filter(
		(m) => conceptMatch(head, wordStems(m.name)) >= 1 || conceptMatch(head, wordStems(m.file ?? "")) >= 1,
	).length;
	return carrying * 2 >= members.length;
}

function familyMembers(index: PatternIndex, base: DefRow): DefRow[] {
	const seen = new Set<number>();
	const out: DefRow[] = [];
	for (const e of index.edgesTo(base.id)) {
		if (!FAMILY_KINDS.has(e.kind) || seen.has(e.src)) continue;
		seen.add(e.src);
		const d = index.defById(e.src);
		if (d?.file && !isAuxiliaryPath(d.file)) out.push(d);
	}
	return out;
}

function shapeOf(index: PatternIndex, family: ClassFamily, member: DefRow): Shape {
	const kindOf = (e: EdgeRow, from: "src" | "dst") => index.defById(from === "src" ? e.src : e.dst);
	const cls =
		member.kind === "class"
			? member
			: (index
					.edgesTo(member.id)
					.filter((e) => e.kind === "implements")
					.map((e) => kindOf(e, "src"))
					.find((d) => d?.kind === "class" && d.file && !isAuxiliaryPath(d.file)) ?? null);
	const contract =
		member.kind === "interface"
			? member
			: (index
					.edgesFrom(member.id)
					.filter((e) => e.kind === "implements" && e.dst !== family.base.id)
					.map((e) => kindOf(e, "dst"))
					.find((d) => d?.kind === "interface" && d.file) ?? null);
	const parent = cls
		? (index
				.edgesFrom(cls.id)
				.filter((e) => e.kind === "extends")
				.map((e) => index.defById(e.dst))
				.find((d) => d?.file) ?? null)
		: null;
	return { member, cls, contract, created: null, registeredWith: null, parent, listed: null };
}

interface Creation {
	by: DefRow;
	file: string;
	line: number;
	registeredWith: DefRow | null;
}

/** Every place outside tests where `cls` is created (`new cls(…)`), with the function registering the instance there. */
function creationsOf(index: PatternIndex, cls: DefRow): Creation[] {
	const out: Creation[] = [];
	for (const e of index.edgesTo(cls.id)) {
		if (e.kind !== "new" || !e.file || e.line === null || isAuxiliaryPath(e.file)) continue;
		const by = index.defById(e.src);
		if (by)
			out.push({ by, file: e.file, line: e.line, registeredWith: registeringCall(index, by, e.line, cls) });
	}
	return out;
}

/**
 * Where each member is created: by the definition creating the most members (the registry: a
 * startup function, a list of providers) when it creates this one, else a site whose line registers
 * the instance, else the first site.
 */
function placeCreations(index: PatternIndex, shapes: Shape[]): void {
	const sites = new Map<Shape, Creation[]>();
	const creators = new Map<number, number>();
	for (const sh of shapes) {
		const list = sh.cls ? creationsOf(index, sh.cls) : [];
		sites.set(sh, list);
		for (const id of new Set(list.map((c) => c.by.id))) creators.set(id, (creators.get(id) ?? 0) + 1);
	}
	// A registry creates most of the created members; one creating two of nineteen is a corner's.
	const created = shapes.filter((sh) => (sites.get(sh)?.length ?? 0) > 0).length;
	const busiest = [...creators.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
	const registry = busiest && busiest[1] > 1 && busiest[1] * 2 >= created ? busiest : undefined;
	for (const sh of shapes) {
		const list = sites.get(sh) ?? [];
		const c =
			list.find((x) => registry && x.by.id === registry[0]) ??
			list.find((x) => x.registeredWith) ??
			list.find((x) => sh.cls !== null && ownCreator(index, x.by, sh.cls)) ??
			list[0];
		if (c) {
			sh.created = { by: c.by, file: c.file, line: c.line };
			sh.registeredWith = c.registeredWith;
		}
	}
	placeListings(
		index,
		shapes.filter((sh) => !sh.created),
	);
}

/** The leading word of a name: "sendgrid" of `SendgridEmailProvider`, "mail" of `mailFactory`. */
const leadingWord = (name: string) =>
	(/^[A-Z]?[a-z0-9]+|^[A-Z]+(?![a-z])/.exec(name)?.[0] ?? "").toLowerCase();

/**
 * Whether `by` (or the class it is a method of) is the member's own creator, named with the member's
 * leading word: `SendgridHandler.buildProvider` creating `SendgridEmailProvider`, not a catch-all's.
 */
function ownCreator(index: PatternIndex, by: DefRow, cls: DefRow): boolean {
	const word = leadingWord(cls.name);
	if (word.length < 3) return false;
	const owner = by.parentId === null ? undefined : index.defById(by.parentId);
	return [by, owner].some((d) => d !== undefined && leadingWord(d.name) === word);
}

/**
 * The family the example's creator belongs to, when a member is created by a class of another family
 * (each provider by its own handler, the handlers by a factory): how the new member is plugged in. The
 * creator's class, the base it shares with at least MIN_MEMBERS others, and where it is created.
 */
interface CreatorFamily {
	cls: DefRow;
	base: DefRow;
	members: number;
	created: Creation | null;
	/** Members of the creator's family that the same definition creates. */
	sameCreator: number;
}

function creatorFamilyOf(index: PatternIndex, family: ClassFamily, shape: Shape): CreatorFamily | null {
	const by = shape.created?.by;
	const cls = by?.kind === "class" ? by : by?.parentId ? index.defById(by.parentId) : undefined;
	// Only the member's own creator pairs the families (each provider its handler); a caller that
	// merely creates it (a processor scheduling a task) plugs nothing in.
	if (
		cls?.kind !== "class" ||
		cls.id === shape.cls?.id ||
		!by ||
		!shape.cls ||
		!ownCreator(index, by, shape.cls)
	)
		return null;
	let best: { base: DefRow; members: DefRow[] } | null = null;
	for (const e of index.edgesFrom(cls.id)) {
		if (!FAMILY_KINDS.has(e.kind) || e.dst === family.base.id) continue;
		const base = index.defById(e.dst);
		if (!base?.file || isAuxiliaryPath(base.file)) continue;
		const members = familyMembers(index, base);
		if (members.length >= MIN_MEMBERS && (!best || members.length > best.members.length))
			best = { base, members };
	}
	if (!best) return null;
	const created = creationsOf(index, cls).find((c) => c.by.id !== cls.id) ?? null;
	const ids = new Set(best.members.map((d) => d.id));
	const sameCreator = created
		? new Set(
				index
					.edgesFrom(created.by.id)
					.filter((e) => e.kind === "new" && ids.has(e.dst))
					.map((e) => e.dst),
			).size
		: 0;
	return { cls, base: best.base, members: best.members.length, created, sameCreator };
}

/**
 * Members nothing creates with `new` are created by a framework from where they are listed (a DI
 * container's `providers`, a tool list, `useService(X)`): the definition listing the most of them first.
 */
function placeListings(index: PatternIndex, shapes: readonly Shape[]): void {
	const found = new Map<Shape, Listing[]>();
	const listers = new Map<number, number>();
	for (const sh of shapes) {
		const list = listingsOf(index, sh.cls ?? sh.member);
		found.set(sh, list);
		for (const id of new Set(list.map((l) => l.by.id))) listers.set(id, (listers.get(id) ?? 0) + 1);
	}
	const registry = [...listers.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
	for (const sh of shapes) {
		const list = found.get(sh) ?? [];
		sh.listed = list.find((l) => registry && registry[1] > 1 && l.by.id === registry[0]) ?? list[0] ?? null;
	}
}

/**
 * The repository function the new instance is handed to on its line (`registerModel('X', new X())`,
 * `api.registerService(new X())`): a callee of `by` whose call opens before `new cls` on the line
 * (the index keeps one call edge per caller and callee, so the edge's own line may be another's).
 * A method of the instance (`new X().run()`) registers nothing.
 */
function registeringCall(index: PatternIndex, by: DefRow, line: number, cls: DefRow): DefRow | null {
	const text = index.fileLines(by.file ?? "", line, line)?.[0] ?? "";
	const at = text.indexOf(`new ${cls.name}`);
	if (at < 0) return null;
	let best: { def: DefRow; pos: number } | null = null;
	for (const callee of repositoryCallees(index, by)) {
		if (callee.parentId === cls.id) continue;
		const pos = text.lastIndexOf(`${callee.name}(`, at);
		if (pos >= 0 && namesIn(text.slice(pos), callee.name) && (!best || pos > best.pos))
			best = { def: callee, pos };
	}
	return best?.def ?? null;
}

/**
 * The constant the rest of the code reaches a created member through (`Settings = proxify<…>(…)`):
 * only for a member a class carries out, and only a variable (a function merely typed with the
 * member's contract is no way to reach it).
 */
function reachedThrough(index: PatternIndex, family: ClassFamily, shape: Shape) {
	if (!shape.cls) return null;
	const found = accessPoint(index, family, shape.member, shape.cls);
	return found?.access.kind === "variable" ? found : null;
}

/**
 * The example's creator family and access point, read once per question: the material and the
 * answer both tell them, and the shapes (so the example) are read once for both (orderedShapes).
 */
function exampleReach(
	index: PatternIndex,
	family: ClassFamily,
	example: Shape,
): { plugged: CreatorFamily | null; reached: ReturnType<typeof reachedThrough> } {
	let known = reachOfExample.get(example);
	if (!known) {
		known = {
			plugged: creatorFamilyOf(index, family, example),
			reached: reachedThrough(index, family, example),
		};
		reachOfExample.set(example, known);
	}
	return known;
}

const reachOfExample = new WeakMap<Shape, ReturnType<typeof exampleReach>>();

/** How many parts of the shape a member shows: the best example shows them all. */
const completeness = (s: Shape) =>
	Number(s.cls !== null) +
	Number(s.contract !== null) +
	Number(s.created !== null || s.listed !== null) +
	Number(s.registeredWith !== null);

/**
 * The members' shapes, best example first: the one showing the most of the shape, then the most
 * typical (its class extends what most members' classes extend: `BaseRaw`, not an intermediate
 * class of one corner), then the most used (the one a newcomer meets first), then the one whose file
 * the question's search ranks first (`files`, best first: the seeding's order, known before the
 * material is assembled, so the material and the answer show the same example).
 */
function orderedShapes(index: PatternIndex, family: ClassFamily, files: readonly string[]): Shape[] {
	// The material and the answer of one question ask for the same family and file order: read once.
	const known = shapesRead.get(family);
	if (known?.files === files) return known.shapes;
	const shapes = readShapes(index, family, files);
	shapesRead.set(family, { files, shapes });
	return shapes;
}

const shapesRead = new WeakMap<ClassFamily, { files: readonly string[]; shapes: Shape[] }>();

function readShapes(index: PatternIndex, family: ClassFamily, files: readonly string[]): Shape[] {
	const rankOf = new Map<string, number>();
	files.forEach((f, i) => {
		if (!rankOf.has(f)) rankOf.set(f, i);
	});
	const shapes = family.members.map((m) => shapeOf(index, family, m));
	placeCreations(index, shapes);
	const typical = typicalCount(shapes);
	return shapes.sort(
		(a, b) =>
			completeness(b) - completeness(a) ||
			typical(b) - typical(a) ||
			b.member.fanIn - a.member.fanIn ||
			(rankOf.get(a.member.file ?? "") ?? Number.MAX_SAFE_INTEGER) -
				(rankOf.get(b.member.file ?? "") ?? Number.MAX_SAFE_INTEGER) ||
			a.member.qualifiedName.localeCompare(b.member.qualifiedName),
	);
}

/** How many members' classes extend what this shape's class extends. */
function typicalCount(shapes: readonly Shape[]): (sh: Shape) => number {
	const parents = new Map<number, number>();
	for (const sh of shapes) if (sh.parent) parents.set(sh.parent.id, (parents.get(sh.parent.id) ?? 0) + 1);
	return (sh) => (sh.parent ? (parents.get(sh.parent.id) ?? 0) : 0);
}

/** Other members whose definitions go into the answer stage's material beside the example. */
const MATERIAL_EXAMPLES = 2;

/**
 * The definitions an answer to the pattern question is made of, for the answer stage's material
 * (the LLM reads the family, not only the flows its search found): the base, the example with its
 * contract, class, parent class, creator and registering function, and two more members; for a key
 * family, the example registration's handler and registering function and the dispatching code.
 */
export function patternMaterial(
	index: PatternIndex,
	family: PatternFamily,
	files: readonly string[],
): DefRow[] {
	const defs: (DefRow | null | undefined)[] = [];
	if (family.kind === "keys") {
		defs.push(...keyFamilyDefinitions(index, family));
	} else if (family.kind === "workspace") {
		defs.push(...workspaceDefinitions(family));
	} else if (family.kind === "use") {
		defs.push(...useDefinitions(family, useCall(index, family, files)));
	} else if (family.kind === "instances") {
		defs.push(...instanceDefinitions(index, family, files));
	} else {
		const shapes = orderedShapes(index, family, files);
		const [example, ...others] = shapes;
		defs.push(family.base);
		if (example)
			defs.push(
				example.member,
				example.contract,
				example.cls,
				example.parent,
				example.created?.by,
				example.registeredWith,
				example.created ? null : example.listed?.by,
			);
		const hops = example?.registeredWith ? registrarHops(index, example.registeredWith) : null;
		if (hops) defs.push(hops.helpers[0], hops.base, ...(hops.through?.implementations ?? []));
		const loader = example?.created ? loaderOf(index, example.created, shapes) : null;
		if (loader) defs.push(index.defsInFile(loader.file).find((d) => d.kind === "module"));
		if (example) {
			const { plugged, reached } = exampleReach(index, family, example);
			if (plugged) defs.push(plugged.cls, plugged.base, plugged.created?.by);
			defs.push(reached?.access);
		}
		for (const sh of others.slice(0, MATERIAL_EXAMPLES)) defs.push(sh.cls ?? sh.member);
	}
	const seen = new Set<number>();
	return defs.filter((d): d is DefRow => {
		if (!d?.file || seen.has(d.id)) return false;
		seen.add(d.id);
		return true;
	});
}

/**
 * The answer for the family a pattern question names (patternFamily). `ranked` is the citation
 * ranking of the flow search (a key family's closing places); `files` the seeding's file order
 * (among equally typical members, the one the question's other words point at is the example).
 */
export function patternAnswer(
	index: PatternIndex,
	question: string,
	asked: PatternFamily | UnmetFamily,
	ranked: readonly DefRow[],
	files: readonly string[],
): DraftAnswer | null {
	// Qualifiers no family carries are said first, within the message's size.
	const note = asked.kind === "unmet" ? unmetNote(asked) : null;
	const family = asked.kind === "unmet" ? asked.closest : asked;
	const fit: Fit = (most, render) => fitted(index, most, (book, n) => noted(render(book, n), note));
	if (family.kind === "keys")
		return fit(TOP_KEY_FILES, (book, n) => keyFamilyLines(index, question, family, book, ranked, n));
	if (family.kind === "workspace")
		return fit(OTHER_PACKAGES, (book, n) => workspaceLines(index, question, family, book, n));
	if (family.kind === "use") {
		const call = useCall(index, family, files);
		return fit(OTHER_USES, (book, n) => useLines(index, question, family, call, book, n));
	}
	if (family.kind === "instances")
		return fit(OTHER_EXAMPLES, (book, n) =>
			instanceLines(
				index,
				question,
				family,
				files,
				book,
				n,
				(d) => book.cite(d, { startLine: d.startLine ?? 1, endLine: declarationLine(index, d) }),
				(d) => quoteLine(index, d.file ?? "", declarationLine(index, d)),
			),
		);
	return classAnswer(index, question, family, files, fit);
}

function classAnswer(
	index: PatternIndex,
	question: string,
	family: ClassFamily,
	files: readonly string[],
	fit: Fit,
): DraftAnswer | null {
	const { subject } = family;
	const shapes = orderedShapes(index, family, files);
	const typical = typicalCount(shapes);
	const example = shapes[0];
	if (!example) return null;
	const entry = exportedFrom(index, family.base);
	const loader = example.created ? loaderOf(index, example.created, shapes) : null;
	// A new member's contract is exported beside the base when the example's is (`export * from './models/ISettingsModel'`).
	const contractExport =
		example.contract && example.contract !== family.base ? exportedFrom(index, example.contract) : null;
	const contractEntry =
		contractExport && example.contract && contractExport.file === entry?.file
			? { ...contractExport, def: example.contract }
			: null;
	// How a member is plugged in, and how the rest of the code reaches it (`Settings = proxify<…>(…)`).
	const { plugged, reached } = exampleReach(index, family, example);

	const render = (book: CitationBook, examples: number): string[] => {
		const name = (d: DefRow) => book.name(d);
		const at = (d: DefRow) => code(d.file ?? "");
		const quote = (file: string, line: number) => quoteLine(index, file, line);
		const head = (d: DefRow) => ({ startLine: d.startLine ?? 1, endLine: declarationLine(index, d) });
		const cite = (d: DefRow) => book.cite(d, head(d));
		const quoteHead = (d: DefRow) => quote(d.file ?? "", declarationLine(index, d));
		const { base, members } = family;
		const m = example.member;
		const cls = example.cls;
		const joins = base.kind === "interface" && m.kind !== "interface" ? "implement" : "extend";
		const created = example.created;
		const where = (c: NonNullable<Shape["created"]>) =>
			c.by.kind === "module" ? `at the top level of ${code(c.file)}` : `in ${name(c.by)} (${code(c.file)})`;
		const sameCreator = created
			? shapes.filter((sh) =>
					created.by.kind === "module"
						? sh.created?.by.kind === "module" && dirOf(sh.created.file) === dirOf(created.file)
						: sh.created?.by.id === created.by.id,
				).length
			: 0;

		const out: string[] = [`**Question:** ${question.trim()}`, ""];
		const summary = [
			`A new ${subject} takes the shape of the ${members.length} ${memberWord(members)} that ${new Set(members.map((d) => d.kind)).size > 1 && base.kind === "interface" ? "extend or implement" : joins} the ${base.kind === "interface" ? "interface" : "class"} ${name(base)} (${at(base)}) ${cite(base)}.`,
			`${name(m)} is one ${cite(m)}${example.contract && example.contract !== m ? `, with its own contract ${name(example.contract)} ${cite(example.contract)}` : ""}${cls && cls !== m ? `, implemented by ${name(cls)} ${cite(cls)}` : ""}.`,
		];
		if (created && cls) {
			const marker = book.citeRange(created.file, created.line, created.line, cls.name);
			const registered = example.registeredWith ? ` and registered with ${name(example.registeredWith)}` : "";
			const others =
				sameCreator > 1
					? created.by.kind === "module"
						? ` (as ${sameCreator} of the ${members.length} are, each in its own file of ${code(dirOf(created.file))})`
						: sameCreator === members.length
							? ` (which creates all ${sameCreator})`
							: ` (which creates ${sameCreator} of the ${members.length})`
					: "";
			summary.push(`${name(cls)} is created ${where(created)} ${marker}${others}${registered}.`);
			if (plugged) summary.push(pluggedSentence(plugged));
			if (loader)
				summary.push(
					`${code(loader.file)} imports ${loader.loads > 1 ? `${loader.loads} of those files` : "that file"}, which is what runs it ${book.citeRange(loader.file, loader.line, loader.line, loader.named)}.`,
				);
		}
		/** "`SendgridHandler` is one of the 19 classes extending `BaseHandler` [n]; `MailFactory` creates all 19, `SendgridHandler` among them [m]." */
		function pluggedSentence(p: CreatorFamily): string {
			const made = p.created
				? `; ${name(p.created.by)} creates ${p.sameCreator >= p.members ? `all ${p.members}` : p.sameCreator > 1 ? `${p.sameCreator} of them` : "one"}, ${name(p.cls)} among them ${book.citeRange(p.created.file, p.created.line, p.created.line, p.cls.name)}`
				: "";
			return `${name(p.cls)} is one of the ${p.members} ${p.base.kind === "interface" ? "implementations of" : "classes extending"} ${name(p.base)} ${cite(p.base)}${made}.`;
		}
		const listed = created ? null : example.listed;
		const sameLister = listed ? shapes.filter((sh) => sh.listed?.by.id === listed.by.id).length : 0;
		const shownCls = cls ?? m;
		const listing = (l: Listing) =>
			`${l.via ? `handed to ${code(l.via)}` : "listed"} ${l.by.kind === "module" ? `in ${code(l.file)}` : `in ${name(l.by)} (${code(l.file)})`} ${book.citeRange(l.file, l.line, l.line, shownCls.name)}`;
		if (listed)
			summary.push(
				`Nothing creates them with \`new\`: ${name(shownCls)} is ${listing(listed)}${sameLister > 1 ? `, as ${sameLister} of the ${members.length} are` : ""}.`,
			);
		out.push("**In short**", summary.join(" "), "");

		out.push("**The shape, step by step**");
		let n = 1;
		const parentNote =
			cls && example.parent && example.parent.id !== base.id
				? ` (it extends ${name(example.parent)} ${cite(example.parent)}${typical(example) > 1 ? `, as ${typical(example)} of the ${members.length} do` : ""})`
				: "";
		out.push(
			`${n++}. ${joins === "implement" ? "Implement" : "Extend"} ${name(base)} ${cite(base)}${quoteHead(base)}`,
		);
		if (entry)
			out.push(
				`${n++}. Import it from its package's entry ${code(entry.file)} ${book.citeRange(entry.file, entry.line, entry.line, base.name)}${quote(entry.file, entry.line)}${contractEntry ? `; the contract is exported there too, as ${name(contractEntry.def)} is ${book.citeRange(contractEntry.file, contractEntry.line, contractEntry.line, contractEntry.def.name)}` : ""}`,
			);
		if (example.contract && example.contract !== base)
			out.push(
				`${n++}. Declare the contract, as ${name(example.contract)} does ${cite(example.contract)}${quoteHead(example.contract)}`,
			);
		const shown = cls ?? m;
		out.push(
			`${n++}. Write the ${shown.kind === "class" ? "class" : "definition"}, as ${name(shown)} in ${at(shown)} does ${cite(shown)}${quoteHead(shown)}${parentNote}`,
		);
		if (listed)
			out.push(
				`${n++}. List it where the others are: ${name(shownCls)} is ${listing(listed)}${quote(listed.file, listed.line)}`,
			);
		if (created && cls)
			out.push(
				`${n++}. Create ${name(cls)} ${where(created)} ${book.citeRange(created.file, created.line, created.line, cls.name)}${quote(created.file, created.line)}`,
			);
		if (plugged)
			out.push(
				`${n++}. Write its ${name(plugged.cls)} too, as ${at(plugged.cls)} does ${cite(plugged.cls)}${quoteHead(plugged.cls)}${plugged.created ? `; ${name(plugged.created.by)} creates ${name(plugged.cls)} ${book.citeRange(plugged.created.file, plugged.created.line, plugged.created.line, plugged.cls.name)}${quote(plugged.created.file, plugged.created.line)}` : ""}`,
			);
		if (example.registeredWith) {
			// What registering does with the member one hop on (answer-pattern-registrar.ts).
			const hops = registrarHopsWords(index, example.registeredWith, book, subject);
			out.push(
				`${n++}. ${name(example.registeredWith)} registers it ${cite(example.registeredWith)}${quote(example.registeredWith.file ?? "", example.registeredWith.startLine ?? 1)}${hops ? `; ${hops}` : ""}`,
			);
		}
		if (loader)
			out.push(
				`${n++}. Import its file where the others are imported, in ${code(loader.file)} ${book.citeRange(loader.file, loader.line, loader.line, loader.named)}${quote(loader.file, loader.line)}`,
			);
		if (reached)
			out.push(
				`${n++}. Other code reaches it through ${name(reached.access)} in ${at(reached.access)} ${cite(reached.access)}, used in ${reached.userFiles} files${quote(reached.access.file ?? "", reached.access.startLine ?? 1)}`,
			);
		out.push("");

		const others = shapes.slice(1, 1 + examples).map((sh) => sh.cls ?? sh.member);
		if (others.length > 0) {
			out.push("**Other examples**");
			for (const d of others) out.push(`- ${name(d)} in ${at(d)} ${cite(d)}`);
			out.push("");
		}
		out.push(
			`_Offline answer (no LLM), from the ${listWords(["extends", "implements", "new"].map(code))} edges of the index._`,
		);
		return out;
	};
	return fit(OTHER_EXAMPLES, render);
}

/** Lines below a definition's start its declaration may sit on (decorators above a class). */
const DECORATOR_LINES = 12;

/** The line declaring a class or interface (`class X …`), below its decorators; else its first line. */
function declarationLine(index: PatternIndex, d: DefRow): number {
	const start = d.startLine ?? 1;
	const end = Math.min(d.endLine ?? start, start + DECORATOR_LINES);
	const lines = index.fileLines(d.file ?? "", start, end) ?? [];
	const at = lines.findIndex((l) => /\b(class|interface)\b/.test(l) && namesIn(l, d.name));
	return start + Math.max(0, at);
}

/**
 * The file that runs a module-level creation by importing its file (`models/startup.ts` holding
 * `import './Settings'`): of the importers of the creating file, the one importing the most files
 * that create members, with the import line. Null for a creation inside a function, or when the
 * import's line does not name the file.
 */
function loaderOf(
	index: PatternIndex,
	created: NonNullable<Shape["created"]>,
	shapes: readonly Shape[],
): FileLoader | null {
	const creatingModules = new Set(
		shapes
			.map((sh) => sh.created)
			.filter((c) => c?.by.kind === "module")
			.map((c) => c?.by.id as number),
	);
	return fileLoader(index, created.by, creatingModules);
}

/** "classes", "interfaces", or "definitions" when the members are of both kinds. */
function memberWord(members: readonly DefRow[]): string {
	if (members.every((m) => m.kind === "class")) return "classes";
	if (members.every((m) => m.kind === "interface")) return "interfaces";
	return "definitions";
}

/** An answer rendered with `most` further items at most (fitted). */
type Fit = (most: number, render: (book: CitationBook, items: number) => string[]) => DraftAnswer | null;

/** The note after the question's line (`**Question:** …` and a blank line open every answer). */
function noted(lines: string[], note: string | null): string[] {
	return note && lines.length > 0 ? [...lines.slice(0, 2), note, "", ...lines.slice(2)] : lines;
}

/**
 * The answer rendered with `most` further items (examples, files, packages), fewer while it and its
 * sources do not fit one chat message; null when there is nothing to tell.
 */
function fitted(
	index: PatternIndex,
	most: number,
	render: (book: CitationBook, items: number) => string[],
): DraftAnswer | null {
	const labels = new Labels(index as IndexReader);
	for (let items = most; ; items--) {
		const book = new CitationBook(Number.MAX_SAFE_INTEGER, labels);
		const lines = render(book, items);
		if (lines.length === 0) return null;
		if (items <= 0 || messageSize(lines, book, (t) => labels.apply(t)) <= SHORT_ANSWER_CHARS - MARGIN)
			return { body: lines.join("\n").trimEnd(), drafts: book.drafts, labels };
	}
}

const dirOf = (file: string) => file.slice(0, Math.max(0, file.lastIndexOf("/")));

/**
 * The line of the base's package entry (`src/index.ts`, `index.ts`) that exports it: where a new
 * member imports the base from. Null when the package has no such entry or it does not name the base.
 */
function exportedFrom(index: PatternIndex, base: DefRow): { file: string; line: number } | null {
	if (!base.file) return null;
	const pkg = index.packages().find((p) => p.name === base.packageName);
	if (!pkg) return null;
	const root = pkg.dir ? `${pkg.dir}/` : "";
	for (const file of [`${root}src/index.ts`, `${root}index.ts`, `${root}src/index.js`, `${root}index.js`]) {
		if (file === base.file) return null;
		const lines = index.fileLines(file, 1, ENTRY_LINES);
		if (!lines) continue;
		const i = lines.findIndex((l) => /^\s*export\b/.test(l) && namesIn(l, base.name));
		if (i >= 0) return { file, line: i + 1 };
	}
	return null;
}

/** Lines of a package entry read for the base's export. */
const ENTRY_LINES = 400;
