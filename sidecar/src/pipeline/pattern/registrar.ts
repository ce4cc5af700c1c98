/**
 * What a keyed family's registrar does with a new member, one hop on: the machinery in other files
 * that a developer adding a member gets for free. A route registrar (`ApiClass.addRoute`) may wrap each
 * handler with helpers of another file (`checkAuth`, `logRoute` of `helpers.ts`) and hand the route on to
 * its base class's method (`super.addRoute(…)`); a service registry's `enrollService` may hand each
 * service to an interface method (`IDispatcher.startService`) that two dispatchers implement. Read from the index's call and
 * `implementation` edges out of the registrar and its class's `extends`: no names are looked for.
 */
import { escapeRegExp } from "../../escape-regexp.js";
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { CitationBook } from "../citation-book.js";
import { code, listWords } from "../markdown.js";

/** The reader's lookups used. */
export type RegistrarIndex = Pick<IndexReader, "edgesFrom" | "defById" | "fileLines" | "defsByQualifiedName">;

/**
 * An interface (or abstract) method the registrar hands the member to (`this.dispatcher.startService(instance)`
 * through `IDispatcher`), with the class methods implementing it: where registering is really done.
 */
export interface HandedThrough {
	method: DefRow;
	implementations: DefRow[];
}

/** The registrar's hops into other files. */
export interface RegistrarHops {
	/**
	 * The functions of one other file the registrar calls (the helpers it wraps the handler with),
	 * in the order it first calls them; empty when none.
	 */
	helpers: DefRow[];
	helpersFile: string | null;
	/** The base class's method of the same name it hands the member on to (`super.addRoute(…)`), or null. */
	base: DefRow | null;
	/** When it has no base method: the interface method it hands the member to, and its implementations. */
	through: HandedThrough | null;
}

/**
 * Callees called from more definitions than this are the code's shared utilities (a model's
 * `findOne`, a config getter), not machinery of the registrar's own.
 */
const SHARED_FAN_IN = 20;
/**
 * Callees one other file must hold to be told as the registrar's machinery: a lone call out (a sort
 * comparator, a logger) is more often incidental than what registering gives the member.
 */
const MIN_HELPERS = 2;
/** Helpers named in the sentence, at most. */
const NAMED_HELPERS = 3;
const CALLABLE = new Set(["function", "method", "variable"]);
/** Lines of a class's head read for its `extends` clause. */
const CLASS_HEAD_LINES = 6;
/**
 * Implementations an interface method may have to be told: more, and it is a plug-in point of its
 * own (a family), not the one place registering goes on to.
 */
const MAX_IMPLEMENTATIONS = 3;
/** Lines of a call read for its arguments (a call's arguments may wrap). */
const CALL_LINES = 3;

/**
 * The registrar's hops into other files, or null when it has none (it stores the member itself, or
 * hands it to a library): the base method it passes the member on to, and the other file most of its
 * own-machinery callees are defined in, two at least (the file called first winning a tie).
 */
export function registrarHops(index: RegistrarIndex, registrar: DefRow): RegistrarHops | null {
	const elsewhere = calleesElsewhere(index, registrar);
	const base =
		elsewhere.find((c) => c.name === registrar.name && c.kind === "method") ?? superMethod(index, registrar);
	const byFile = new Map<string, DefRow[]>();
	for (const c of elsewhere) {
		if (c === base || c.fanIn > SHARED_FAN_IN || !c.file) continue;
		byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
	}
	let best: [string, DefRow[]] | null = null;
	for (const entry of byFile)
		if (entry[1].length >= MIN_HELPERS && (!best || entry[1].length > best[1].length)) best = entry;
	const through = base ? null : handedThrough(index, registrar);
	if (!best && !base && !through) return null;
	return {
		helpers: best?.[1].slice(0, NAMED_HELPERS) ?? [],
		helpersFile: best?.[0] ?? null,
		base: base ?? null,
		through,
	};
}

/**
 * The functions and methods of other files `by` calls (tests left out), each once, in the order of
 * the line that first calls them.
 */
function calleesElsewhere(index: RegistrarIndex, by: DefRow): DefRow[] {
	const firstLine = new Map<number, number>();
	for (const e of index.edgesFrom(by.id))
		if (e.kind === "call")
			firstLine.set(
				e.dst,
				Math.min(firstLine.get(e.dst) ?? Number.POSITIVE_INFINITY, e.line ?? Number.POSITIVE_INFINITY),
			);
	const out: DefRow[] = [];
	for (const [id] of [...firstLine].sort((a, b) => a[1] - b[1])) {
		const c = index.defById(id);
		if (!c?.file || c.file === by.file || c.startLine === null || isAuxiliaryPath(c.file)) continue;
		if (CALLABLE.has(c.kind)) out.push(c);
	}
	return out;
}

/**
 * The base method a registrar calls as `super.<its name>(…)` when the index kept no call edge for it
 * (a base imported from a path the indexer could not resolve): the class its class's head extends,
 * through the `extends` edge, else by the name written there when exactly one class of another file
 * has such a method.
 */
function superMethod(index: RegistrarIndex, registrar: DefRow): DefRow | null {
	const cls = registrar.parentId === null ? undefined : index.defById(registrar.parentId);
	if (!cls?.file || cls.kind !== "class" || cls.startLine === null || registrar.startLine === null)
		return null;
	const body =
		index.fileLines(registrar.file ?? "", registrar.startLine, registrar.endLine ?? registrar.startLine) ??
		[];
	const handsOn = new RegExp(`\\bsuper\\.${escapeRegExp(registrar.name)}\\s*\\(`);
	if (!body.some((l) => handsOn.test(l))) return null;
	const extended = index
		.edgesFrom(cls.id)
		.filter((e) => e.kind === "extends")
		.map((e) => index.defById(e.dst))
		.find((d) => d?.kind === "class");
	const baseName = extended?.name ?? extendedName(index, cls);
	if (!baseName) return null;
	const found = index
		.defsByQualifiedName(`${baseName}.${registrar.name}`)
		.filter((d) => d.file && d.file !== registrar.file && d.startLine !== null && !isAuxiliaryPath(d.file));
	return found.length === 1 ? (found[0] ?? null) : null;
}

/**
 * The interface method the registrar hands the member to: the first call, in line order, whose
 * callee the index links to implementing methods (one to three, tests left out) and whose arguments
 * pass the registrar's first parameter (`this.dispatcher.startService(instance, …)`, not
 * `instance.setRegistry(this)`, a call on the member itself). Null when there is none.
 */
function handedThrough(index: RegistrarIndex, registrar: DefRow): HandedThrough | null {
	const member = firstParameter(registrar);
	if (!member || !registrar.file) return null;
	const calls = index
		.edgesFrom(registrar.id)
		.filter((e) => e.kind === "call" && e.line !== null)
		.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
	for (const call of calls) {
		const method = index.defById(call.dst);
		if (method?.kind !== "method") continue;
		const implementations = new Map<number, DefRow>();
		for (const e of index.edgesFrom(method.id)) {
			const d = e.kind === "implementation" ? index.defById(e.dst) : undefined;
			if (d?.file && d.startLine !== null && d.id !== registrar.id && !isAuxiliaryPath(d.file))
				implementations.set(d.id, d);
		}
		if (implementations.size === 0 || implementations.size > MAX_IMPLEMENTATIONS) continue;
		if (!passesArgument(index, call.file ?? registrar.file, call.line ?? 0, method.name, member)) continue;
		const byFile = [...implementations.values()].sort((a, b) => (a.file ?? "").localeCompare(b.file ?? ""));
		return { method, implementations: byFile };
	}
	return null;
}

/** The name of a function's first parameter from its signature (`enrollService(instance: …)`), or null. */
function firstParameter(fn: DefRow): string | null {
	const name = /^[^(]*\(\s*([A-Za-z_$][\w$]*)/.exec(fn.signature ?? "")?.[1];
	return name && name !== "this" ? name : null;
}

/** Whether the call of `method` written at `line` passes `argument` among its arguments. */
function passesArgument(
	index: RegistrarIndex,
	file: string,
	line: number,
	method: string,
	argument: string,
): boolean {
	const text = (index.fileLines(file, line, line + CALL_LINES - 1) ?? []).join(" ");
	const at = new RegExp(`\\b${escapeRegExp(method)}\\s*(<[^()]*>)?\\s*\\(`).exec(text);
	if (!at) return false;
	const args = text.slice(at.index + at[0].length);
	return new RegExp(`^[^)]*\\b${escapeRegExp(argument)}\\b`).test(args);
}

/**
 * The name a class's head writes after `extends` (`Router` in `class ApiClass<T extends string> extends
 * Router {`), type parameters left out, or null.
 */
function extendedName(index: RegistrarIndex, cls: DefRow): string | null {
	let head = (
		index.fileLines(cls.file ?? "", cls.startLine ?? 1, (cls.startLine ?? 1) + CLASS_HEAD_LINES) ?? []
	).join(" ");
	head = head.slice(0, head.indexOf("{") < 0 ? head.length : head.indexOf("{"));
	for (let before = ""; before !== head; ) {
		before = head;
		head = head.replace(/<[^<>]*>/g, "");
	}
	return (
		new RegExp(`\\bclass\\s+${escapeRegExp(cls.name)}\\s+extends\\s+([A-Za-z_$][\\w$]*)`).exec(head)?.[1] ??
		null
	);
}

/**
 * The clause telling the hops, to follow "`ApiClass.addRoute` does the registering [n]": ": it calls
 * `checkAuth`, … of `helpers.ts` [n] and hands each endpoint on to `Router.addRoute` in
 * `router.ts` [n]", citing each at its head; "" when the registrar has no such hop.
 */
export function registrarHopsClause(
	index: RegistrarIndex,
	registrar: DefRow,
	book: CitationBook,
	/** What the family's keys are ("endpoint"). */
	noun: string,
): string {
	const words = registrarHopsWords(index, registrar, book, noun);
	return words ? `: ${words}` : "";
}

/**
 * The hops as a sentence of their own: "it calls `checkAuth`, … of `helpers.ts` [n] and
 * hands each endpoint on to `Router.addRoute` in `router.ts` [n]", or, through an interface, "it
 * hands each service on to `IDispatcher.startService`, implemented by `LocalDispatcher.startService` in
 * `local.dispatcher.ts` and …" (these named, not cited); "" when the registrar has no such hop.
 */
export function registrarHopsWords(
	index: RegistrarIndex,
	registrar: DefRow,
	book: CitationBook,
	/** What a member is ("endpoint", "service"). */
	noun: string,
): string {
	const hops = registrarHops(index, registrar);
	if (!hops) return "";
	const head = (d: DefRow) => book.cite(d, { startLine: d.startLine ?? 1, endLine: d.startLine ?? 1 });
	const parts: string[] = [];
	const first = hops.helpers[0];
	if (first && hops.helpersFile)
		parts.push(
			`calls ${listWords(hops.helpers.map((c) => code(c.qualifiedName)))} of ${code(hops.helpersFile)} ${head(first)}`,
		);
	if (hops.base?.file)
		parts.push(
			`hands each ${noun} on to ${book.name(hops.base)} in ${code(hops.base.file)} ${head(hops.base)}`,
		);
	// Named with their files, not cited: a step further from the question than the registrar, citing
	// them would push the family's own examples down the sources (one measured question's service out of the first 10).
	if (hops.through)
		parts.push(
			`hands each ${noun} on to ${book.name(hops.through.method)}, implemented by ${listWords(
				hops.through.implementations.map((d) => `${book.name(d)} (${code(d.file ?? "")})`),
			)}`,
		);
	return parts.length > 0 ? `it ${parts.join(" and ")}` : "";
}
