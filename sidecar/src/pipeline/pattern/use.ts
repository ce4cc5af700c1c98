/**
 * The short offline answer to "how do you use an X to do Y?" when X names a family of classes or
 * interfaces (the models, the repositories, the services): the way other code reaches a member and
 * calls it, which a flow through the code does not show. Read from the index alone: the access
 * point is the definition outside the family that references a member's contract and that the most
 * files import (`export const Messages = proxify<IChatMessagesModel>(…)`), or, with none, the member
 * itself (a class injected where it is used); the worked call is a caller's call of one of the
 * contract's methods, and the class method that carries it out comes from the implementation edge.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { CitationBook } from "../citation-book.js";
import { code } from "../markdown.js";
import { conceptMatch, wordStems } from "../match.js";
import type { Concept } from "../query.js";
import { quoteLine } from "../quote-line.js";

export type UseIndex = Pick<IndexReader, "edgesTo" | "edgesFrom" | "defById" | "fileLines" | "defsInFile">;

/**
 * "How do you use a database model to query data?", "how can I use the cache in a handler", "how is
 * a repository used": the noun used is group 1.
 */
const USE_QUESTION =
	/\bhow (?:do|does|can|would|should|could|to)\b[^?]*?\buse\s+(?:(?:a|an|the|one|each)\s+)?([a-z0-9][\w\s-]*?)(?=\s+(?:to|for|in|so|when|from|with|inside|within)\b|\s*[?.!]|\s*$)/i;
const PASSIVE_USE_QUESTION = /\bhow (?:is|are) (?:(?:a|an|the)\s+)?([a-z0-9][\w\s-]*?)\s+used\b/i;

/** The noun a usage question asks about ("database model"), or null. */
export function useSubject(question: string): string | null {
	const m = USE_QUESTION.exec(question) ?? PASSIVE_USE_QUESTION.exec(question);
	const subject = m?.[1]?.trim();
	return subject ? subject : null;
}

/** Kinds of definition other code reaches a member through (a constant holding it, a getter function). */
const ACCESS_KINDS = new Set(["variable", "function"]);
/** Files an access point must be imported in to be the way code reaches members. */
const MIN_USER_FILES = 3;
/** What a question word naming a member is worth, in doublings of the files using it. */
const NAMED_WORTH = 3;
/** Further members named with their access points. */
export const OTHER_USES = 3;

export interface UseFamily {
	kind: "use";
	subject: string;
	base: DefRow;
	members: DefRow[];
	/** The member shown, the class carrying it out, and how code reaches it. */
	example: Use;
	others: Use[];
	/** The question's words besides the noun: they pick the member and the method shown. */
	concepts: readonly Concept[];
}

/** A caller's call of one of the member's methods through the access point, and the method's implementation. */
export interface UseCall {
	by: DefRow;
	line: number;
	method: DefRow;
	impl: DefRow | null;
}

interface Use {
	member: DefRow;
	cls: DefRow | null;
	/** The constant or function other code imports to reach the member; null when it uses the member itself. */
	access: DefRow | null;
	/** Distinct files that reference the access point (or the member). */
	userFiles: number;
	/** The definitions referencing it, outside the family's own files and tests. */
	users: DefRow[];
}

/**
 * How code uses the family's members: the member to show (named by the question's other words, else
 * the most used), its access point and a caller's call. Null when no member is reached from at least
 * MIN_USER_FILES files.
 */
export function findUse(
	index: UseIndex,
	family: { subject: string; base: DefRow; members: DefRow[] },
	concepts: readonly Concept[],
): UseFamily | null {
	// Each member's class: the member itself, or the class implementing it (read once, used twice).
	const classes = family.members.map((m) => (m.kind === "class" ? m : implementingClass(index, m)));
	// Code inside the family and its classes is the family at work, not a use of it.
	const familyFiles = new Set<string | null>(
		[family.base, ...family.members, ...classes].map((d) => d?.file ?? null),
	);
	const uses = family.members
		.map((m, i) => useOf(index, m, classes[i] ?? null, familyFiles))
		.filter((u): u is Use => u !== null && u.userFiles >= MIN_USER_FILES);
	if (uses.length === 0) return null;
	// A member the question names wins unless it is a corner few files use ("data" of "query data" names `ExportData`).
	const worth = (u: Use) =>
		Math.log2(1 + u.userFiles) +
		NAMED_WORTH * concepts.reduce((s, c) => s + conceptMatch(c, wordStems(u.member.name)), 0);
	uses.sort(
		(a, b) =>
			Number(b.access !== null) - Number(a.access !== null) ||
			worth(b) - worth(a) ||
			a.member.qualifiedName.localeCompare(b.member.qualifiedName),
	);
	const [example, ...rest] = uses as [Use, ...Use[]];
	return {
		kind: "use",
		subject: family.subject,
		base: family.base,
		members: family.members,
		example,
		others: rest,
		concepts,
	};
}

/**
 * How other code reaches one member of a family: the constant or getter outside the family's files
 * that references it and that at least MIN_USER_FILES files use (`export const Config =
 * makeProxy<IConfigModel>(…)`), with the count of those files; null when code uses the class itself.
 */
export function accessPoint(
	index: UseIndex,
	family: { base: DefRow; members: readonly DefRow[] },
	member: DefRow,
	cls: DefRow | null,
): { access: DefRow; userFiles: number } | null {
	const classes = family.members.map((m) => (m.kind === "class" ? m : implementingClass(index, m)));
	const familyFiles = new Set<string | null>(
		[family.base, ...family.members, ...classes].map((d) => d?.file ?? null),
	);
	const use = useOf(index, member, cls, familyFiles);
	return use?.access && use.userFiles >= MIN_USER_FILES
		? { access: use.access, userFiles: use.userFiles }
		: null;
}

function useOf(
	index: UseIndex,
	member: DefRow,
	cls: DefRow | null,
	familyFiles: ReadonlySet<string | null>,
): Use | null {
	let best: { access: DefRow; users: DefRow[]; files: number } | null = null;
	for (const e of index.edgesTo(member.id)) {
		if (e.kind !== "reference") continue;
		const d = index.defById(e.src);
		if (!d?.file || !ACCESS_KINDS.has(d.kind) || familyFiles.has(d.file) || isAuxiliaryPath(d.file)) continue;
		const users = usersOf(index, d, familyFiles);
		const files = new Set(users.map((u) => u.file)).size;
		if (!best || files > best.files) best = { access: d, users, files };
	}
	if (best && best.files >= MIN_USER_FILES)
		return { member, cls, access: best.access, userFiles: best.files, users: best.users };
	// No constant or getter holds it: code references the class itself (a constructor's injected parameter).
	const target = cls ?? member;
	const users = usersOf(index, target, familyFiles);
	return { member, cls, access: null, userFiles: new Set(users.map((u) => u.file)).size, users };
}

function usersOf(index: UseIndex, target: DefRow, familyFiles: ReadonlySet<string | null>): DefRow[] {
	const seen = new Set<number>();
	const out: DefRow[] = [];
	for (const e of index.edgesTo(target.id)) {
		if ((e.kind !== "reference" && e.kind !== "call") || seen.has(e.src)) continue;
		seen.add(e.src);
		const d = index.defById(e.src);
		if (d?.file && !familyFiles.has(d.file) && !isAuxiliaryPath(d.file) && d.kind !== "module") out.push(d);
	}
	return out;
}

function implementingClass(index: UseIndex, member: DefRow): DefRow | null {
	for (const e of index.edgesTo(member.id)) {
		if (e.kind !== "implements") continue;
		const d = index.defById(e.src);
		if (d?.kind === "class" && d.file && !isAuxiliaryPath(d.file)) return d;
	}
	return null;
}

/**
 * A user's call of one of the member's (or its class's) methods: the method the question's other
 * words name first, then the user whose file the question's search ranks first (`files`, the
 * seeding's order, known before the material: the material and the answer show the same call).
 */
export function useCall(index: UseIndex, family: UseFamily, files: readonly string[]): UseCall | null {
	const known = callsFound.get(family);
	if (known?.files === files) return known.call;
	const call = findCall(index, family.example, family.concepts, files);
	callsFound.set(family, { files, call });
	return call;
}

const callsFound = new WeakMap<UseFamily, { files: readonly string[]; call: UseCall | null }>();

function findCall(
	index: UseIndex,
	use: Use,
	concepts: readonly Concept[],
	files: readonly string[],
): UseCall | null {
	const owners = new Set([use.member.id, use.cls?.id].filter((id): id is number => id !== undefined));
	const rank = (file: string | null) => {
		const i = files.indexOf(file ?? "");
		return i < 0 ? Number.MAX_SAFE_INTEGER : i;
	};
	// The method the question's words name, else a typical one (the most called), then the user the search ranks first.
	let best: { call: UseCall; key: number[] } | null = null;
	for (const by of callersAmong(index, use.users)) {
		for (const e of index.edgesFrom(by.id)) {
			if (e.kind !== "call" || e.line === null) continue;
			const method = index.defById(e.dst);
			if (!method || method.parentId === null || !owners.has(method.parentId)) continue;
			const named = concepts.reduce((s, c) => s + conceptMatch(c, wordStems(method.name)), 0);
			const key = [named, method.fanIn, -rank(by.file)];
			if (!best || isAbove(key, best.key)) best = { call: { by, line: e.line, method, impl: null }, key };
		}
	}
	return best ? { ...best.call, impl: implementationOf(index, best.call.method) } : null;
}

/**
 * The users and, for a method (a constructor taking the member as a parameter), the other methods of
 * its class: an injected member is referenced where it comes in and called where it is used.
 */
function callersAmong(index: UseIndex, users: readonly DefRow[]): DefRow[] {
	const out = new Map<number, DefRow>();
	for (const u of users) {
		out.set(u.id, u);
		if (u.kind !== "method" || u.parentId === null || !u.file) continue;
		for (const d of index.defsInFile(u.file))
			if (d.parentId === u.parentId && d.kind === "method") out.set(d.id, d);
	}
	return [...out.values()];
}

/** Is `a` above `b`, compared element by element? */
function isAbove(a: readonly number[], b: readonly number[]): boolean {
	for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
	return false;
}

function implementationOf(index: UseIndex, method: DefRow): DefRow | null {
	for (const e of index.edgesFrom(method.id)) {
		if (e.kind !== "implementation") continue;
		const d = index.defById(e.dst);
		if (d?.file && !isAuxiliaryPath(d.file)) return d;
	}
	return null;
}

/** The definitions the usage answer is made of, for the answer stage's material. */
export function useDefinitions(family: UseFamily, call: UseCall | null): (DefRow | null | undefined)[] {
	const { example } = family;
	return [
		family.base,
		example.member,
		example.cls,
		example.access,
		call?.by,
		call?.method,
		call?.impl,
		...family.others.slice(0, 2).map((u) => u.access ?? u.cls ?? u.member),
	];
}

/** The usage answer's lines with `others` further members named. */
export function useLines(
	index: UseIndex,
	question: string,
	family: UseFamily,
	call: UseCall | null,
	book: CitationBook,
	others: number,
): string[] {
	const name = (d: DefRow) => book.name(d);
	const head = (d: DefRow) => book.cite(d, { startLine: d.startLine ?? 1, endLine: d.startLine ?? 1 });
	const quote = (d: DefRow, line = d.startLine ?? 1) => quoteLine(index, d.file ?? "", line);
	const { example, base, members } = family;
	const m = example.member;
	const cls = example.cls && example.cls !== m ? example.cls : null;
	const access = example.access;
	const out: string[] = [`**Question:** ${question.trim()}`, ""];
	const summary = [
		`A ${family.subject} is used the way other code uses the ${members.length} definitions that extend or implement ${name(base)} (${code(base.file ?? "")}) ${head(base)}.`,
		`${name(m)} is one ${head(m)}${cls ? `, implemented by ${name(cls)} ${head(cls)}` : ""}.`,
		access
			? `Code reaches it through ${name(access)}, defined in ${code(access.file ?? "")} ${head(access)} and used in ${example.userFiles} files.`
			: `Code uses ${name(cls ?? m)} itself, in ${example.userFiles} files.`,
	];
	const callMarker = call
		? book.citeRange(call.by.file ?? "", call.line, call.line, call.method.qualifiedName)
		: "";
	if (call)
		summary.push(
			`${name(call.by)} (${code(call.by.file ?? "")}) calls ${name(call.method)} on it ${callMarker}${call.impl ? `, which ${name(call.impl)} carries out ${head(call.impl)}` : ""}.`,
		);
	out.push("**In short**", summary.join(" "), "");

	const steps: string[] = [];
	let n = 1;
	if (access)
		steps.push(
			`${n++}. Import ${name(access)}${access.packageName ? ` from ${code(access.packageName)}` : ""}, as the others are: it is defined in ${code(access.file ?? "")} ${head(access)}${quote(access)}`,
		);
	if (call) {
		steps.push(
			`${n++}. Call a method of ${name(m)} on it, as ${name(call.by)} does ${callMarker}${quoteLine(index, call.by.file ?? "", call.line)}`,
		);
		if (call.impl)
			out.push(`${n++}. The method runs in ${name(call.impl)} ${head(call.impl)}${quote(call.impl)}`);
	}
	if (steps.length > 0) out.push("**How to use one, step by step**", ...steps, "");

	const shown = family.others.slice(0, others);
	if (shown.length > 0) {
		out.push("**Others used the same way**");
		for (const u of shown) {
			const d = u.access ?? u.cls ?? u.member;
			out.push(`- ${name(d)} in ${code(d.file ?? "")}: used in ${u.userFiles} files ${head(d)}`);
		}
		out.push("");
	}
	out.push(
		`_Offline answer (no LLM), from the ${code("reference")}, ${code("call")} and ${code("implementation")} edges of the index._`,
	);
	return out;
}
