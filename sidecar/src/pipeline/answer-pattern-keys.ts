/**
 * The pattern answer for a family of string keys: "how do I add a new endpoint / hook / command?"
 * where the code registers its Xs by key (a trunk: `API.v1.addRoute('chat.delete', …)`,
 * `callbacks.add('afterSaveMessage', …)`). A new X is registered the way the others are: the answer
 * shows one registration (from the file that registers most of them), its handler, a place that
 * dispatches the same key (the other end), and the files that register most — each cited at its line.
 */
import { escapeRegExp } from "../escape-regexp.js";
import type { IndexReader } from "../index/reader.js";
import type { DefRow, DispatchSiteRow } from "../index/types.js";
import type { CitationBook } from "./answer-offline.js";
import { registrarHops, registrarHopsClause } from "./answer-pattern-registrar.js";
import { code, namesKeyFamily, trunkNoun } from "./markdown.js";
import { conceptMatch, isAuxiliaryPath, wordStems } from "./match.js";
import { implementationStart } from "./material/slices.js";
import { openCallAt } from "./open-call.js";
import type { Concept } from "./query.js";
import { lastSegment, namesIn } from "./verify.js";

export type KeyFamilyIndex = Pick<
	IndexReader,
	| "trunkNames"
	| "dispatchSites"
	| "def"
	| "defById"
	| "edgesFrom"
	| "edgesTo"
	| "fileLines"
	| "defsByQualifiedName"
>;

/** Lines above a register site's key its call may start on (`API.v1.addRoute(` a line or two before the key). */
const CALL_LINES_ABOVE = 3;

/**
 * The repository function a register site calls (`APIClass.addRoute` for `API.v1.addRoute('x', …)`):
 * where registering is implemented. A callee of the enclosing definition whose name is written on
 * the key's line or the few above it (the index keeps one call edge per caller and callee, at its
 * first line, so the line of the edge itself may be another registration's), the nearest first.
 */
function registeredBy(index: KeyFamilyIndex, site: DispatchSiteRow): DefRow | null {
	const within = site.enclosingDefId ? index.def(site.enclosingDefId) : undefined;
	if (!within) return null;
	const from = Math.max(1, site.line - CALL_LINES_ABOVE);
	const lines = index.fileLines(site.file, from, site.line) ?? [];
	const keyText = keyWritten(site, lines.at(-1) ?? "");
	if (!keyText) return null;
	let best: { def: DefRow; line: number } | null = null;
	for (const callee of repositoryCallees(index, within)) {
		// The call opens before the key: on a line above it, or earlier on the key's own line (not a
		// method declared under the key's name, nor a decorator inside its parameters).
		const at = lines.findLastIndex((l, i) => {
			const call = l.lastIndexOf(`${callee.name}(`);
			if (call < 0 || !namesIn(l, callee.name)) return false;
			return i < lines.length - 1 || l.indexOf(keyText, call + callee.name.length) > call;
		});
		if (at < 0) continue;
		if (!best || from + at > best.line) best = { def: callee, line: from + at };
	}
	// Else the key is a property of an object handed to the call: `new Worker({ jobs: { key: … } })`.
	return best?.def ?? callAround(index, site)?.def ?? null;
}

/**
 * The repository function or class whose call a site's key is written inside of (open-call.ts):
 * `Worker.enqueue` for `job: "scheduleEmail"` in `worker.enqueue({ … })`, or null.
 */
export function callAround(
	index: KeyFamilyIndex,
	site: DispatchSiteRow,
): { def: DefRow; line: number } | null {
	const within = site.enclosingDefId ? index.def(site.enclosingDefId) : undefined;
	if (!within) return null;
	const text = index.fileLines(site.file, site.line, site.line)?.[0] ?? "";
	const written = keyWritten(site, text);
	const column = written ? text.indexOf(written) : text.length;
	return openCallAt(index, within, site.file, site.line, column < 0 ? text.length : column);
}

/**
 * The repository functions `by` calls (each once, tests and fixtures left out). The index keeps one
 * call edge per caller and callee, at its first line, so which line calls one is read from the text.
 */
export function repositoryCallees(index: Pick<IndexReader, "edgesFrom" | "defById">, by: DefRow): DefRow[] {
	const seen = new Set<number>();
	const out: DefRow[] = [];
	for (const e of index.edgesFrom(by.id)) {
		if (e.kind !== "call" || seen.has(e.dst)) continue;
		seen.add(e.dst);
		const callee = index.defById(e.dst);
		if (callee?.file && !isAuxiliaryPath(callee.file)) out.push(callee);
	}
	return out;
}

export interface KeyFamily {
	kind: "keys";
	/** The noun asked for ("REST API endpoint"). */
	subject: string;
	trunk: string;
	/** What the trunk's keys are ("endpoint"). */
	noun: string;
	/** Its register sites with a key, outside tests. */
	registers: DispatchSiteRow[];
	dispatches: DispatchSiteRow[];
}

/** Register sites a trunk needs to be a family. */
const MIN_SITES = 3;
/** A quoted line of code at most. */
export const QUOTE_CHARS = 110;

/**
 * The line a function or method's implementation is declared on: past the overload declarations its
 * range starts with (`implementationStart`), else its first line.
 */
export function implementationLine(index: Pick<IndexReader, "fileLines">, def: DefRow): number {
	const start = def.startLine ?? 1;
	const end = Math.min(def.endLine ?? start, start + OVERLOAD_WINDOW);
	const lines = index.fileLines(def.file ?? "", start, end) ?? [];
	return start + implementationStart(lines, 0, def.name);
}

/** Lines read for overloads above an implementation (implementationStart looks 40 lines on). */
const OVERLOAD_WINDOW = 41;

/** A line of code quoted after a marker (": `code`"), clipped. */
export function quoteLine(index: Pick<IndexReader, "fileLines">, file: string, line: number): string {
	const text = (index.fileLines(file, line, line)?.[0] ?? "").trim();
	return text ? `: ${code(text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text)}` : "";
}

/**
 * A marker for a site's line, cited by a name written there: the key as written, the key, or its
 * last path or dotted part (`providers` on `@Get('providers')` for `GET /auth/providers`); "" when
 * the line writes none of them (a key built at run time).
 */
function citeSite(index: Pick<IndexReader, "fileLines">, book: CitationBook, site: DispatchSiteRow): string {
	const name = keyWritten(site, index.fileLines(site.file, site.line, site.line)?.[0] ?? "");
	return name ? book.citeRange(site.file, site.line, site.line, name) : "";
}

/**
 * How a site's key is written on its line: as written, normalised, or its last path or dotted part
 * (`rooms.get` for a `v1/rooms.get` key a prefix completes); null when the line writes none of them.
 */
function keyWritten(site: DispatchSiteRow, text: string): string | null {
	const key = site.key ?? "";
	const names = [site.rawKey ?? "", key, key.split("/").filter(Boolean).at(-1) ?? "", lastSegment(key)];
	return names.find((n) => n && !n.includes(" ") && namesIn(text, n)) ?? null;
}

/**
 * A key registered by a decorator on its handler (`@Query(() => Infra)` above `infra(…)`, where the
 * index puts the site at the method's name): the decorator's first line, else null.
 */
function decoratorAbove(
	index: Pick<IndexReader, "fileLines">,
	site: DispatchSiteRow,
	handler: DefRow | undefined,
): number | null {
	if (!handler || handler.file !== site.file || handler.startLine === null || handler.startLine >= site.line)
		return null;
	const first = index.fileLines(site.file, handler.startLine, handler.startLine)?.[0] ?? "";
	return /^\s*@/.test(first) ? handler.startLine : null;
}

/** Whether the index links `d` to one of `anchors` (either way, any edge but an import). */
function linked(index: KeyFamilyIndex, d: DefRow, anchors: ReadonlySet<number>): boolean {
	const hit = (e: { kind: string; src: number; dst: number }) =>
		e.kind !== "import" && (anchors.has(e.src) || anchors.has(e.dst));
	return index.edgesFrom(d.id).some(hit) || index.edgesTo(d.id).some(hit);
}

/** A place that lists a class for a framework to pick it up, or hands it to a function. */
export interface Listing {
	/** The definition whose body holds the line (a module, a decorator's class, a function). */
	by: DefRow;
	file: string;
	line: number;
	/** The function the class is handed to (`useService(X)`), when that is how it is listed. */
	via: string | null;
}

/** Lines of a referencing definition looked through for the listing line. */
const LISTING_LINES = 400;
const IMPORT_LINE = /^\s*(import\b|export\s*(\*|\{[^}]*\})\s*from\b)/;

/**
 * Where a class is listed among others for a framework to pick it up (`controllers: [AuthController]`,
 * `providers: [A, B]`, a tool list) or handed to a registering function (`useService(X)`): in each
 * definition of another file that references it, the first line holding it so (imports skipped).
 */
export function listingsOf(
	index: Pick<IndexReader, "edgesTo" | "defById" | "fileLines">,
	cls: DefRow,
): Listing[] {
	const name = escapeRegExp(cls.name);
	const inList = new RegExp(`[\\[,]\\s*${name}\\b|\\b${name}\\s*[,\\]]`);
	const handed = new RegExp(`([\\w$.]+)\\(\\s*${name}\\s*[,)]`);
	const out: Listing[] = [];
	const seen = new Set<number>();
	for (const e of index.edgesTo(cls.id)) {
		if (
			e.kind !== "reference" ||
			seen.has(e.src) ||
			!e.file ||
			e.file === cls.file ||
			isAuxiliaryPath(e.file)
		)
			continue;
		seen.add(e.src);
		const by = index.defById(e.src);
		if (!by?.file || by.startLine === null || by.endLine === null) continue;
		const lines =
			index.fileLines(by.file, by.startLine, Math.min(by.endLine, by.startLine + LISTING_LINES)) ?? [];
		const at = lines.findIndex((l) => !IMPORT_LINE.test(l) && (inList.test(l) || handed.test(l)));
		if (at < 0) continue;
		const text = lines[at] ?? "";
		const via = inList.test(text) ? null : (handed.exec(text)?.[1] ?? null);
		if (via === "new") continue;
		out.push({ by, file: by.file, line: by.startLine + at, via });
	}
	return out;
}

/** The first place listing a class (listingsOf), or null. */
export function listedIn(
	index: Pick<IndexReader, "edgesTo" | "defById" | "fileLines">,
	cls: DefRow,
): Listing | null {
	return listingsOf(index, cls)[0] ?? null;
}

/** "endpoints", "activities", "GraphQL operations". */
const plural = (noun: string) => (/[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);

/** Decorator lines looked past at most. */
const DECORATOR_LINES = 12;

/** A definition's first line that is no decorator (`@Get('x')` above a controller method). */
function pastDecorators(index: Pick<IndexReader, "fileLines">, d: DefRow): number {
	const start = d.startLine ?? 1;
	const lines =
		index.fileLines(d.file ?? "", start, Math.min(d.endLine ?? start, start + DECORATOR_LINES)) ?? [];
	// The line declaring it by name (below a decorator of several lines), else the first no decorator starts.
	const named = lines.findIndex((l) => !/^\s*@/.test(l) && namesIn(l, d.name));
	const at = named >= 0 ? named : lines.findIndex((l) => !/^\s*@/.test(l) && l.trim() !== "");
	return start + Math.max(0, at);
}

/** The characters a rendered answer takes with its sources list (as ask.ts renders it). */
export function messageSize(
	lines: readonly string[],
	book: CitationBook,
	apply: (s: string) => string,
): number {
	const body = lines.join("\n");
	const sources = book.drafts
		.filter((d) => body.includes(`[${d.n}]`))
		.reduce((sum, d) => sum + `[${d.n}] ${d.file}:${d.startLine}-${d.endLine} — ${d.symbol}\n`.length, 12);
	return apply(body).length + sources + 2;
}

/**
 * The trunk whose keys the subject's head noun names: the noun its name gives its keys
 * ("endpoint", "hook", "job") or the last word of its name (`rest`, `method`); a further word of
 * the subject matching the name ("REST" of "REST API endpoint") and more sites decide between two.
 */
export function findKeyFamily(
	index: KeyFamilyIndex,
	subject: string,
	concepts: readonly Concept[],
	accept: (family: KeyFamily) => boolean = () => true,
): KeyFamily | null {
	const head = concepts.at(-1);
	if (!head) return null;
	let best: { family: KeyFamily; score: number } | null = null;
	for (const trunk of index.trunkNames()) {
		const noun = trunkNoun(trunk);
		const words = trunk
			.toLowerCase()
			.split(/[^a-z0-9]+/)
			.filter(Boolean);
		const headWords = wordStems([noun?.split(" ").at(-1) ?? "", words.at(-1) ?? ""].join(" "));
		if (conceptMatch(head, headWords) < 1 && !namesKeyFamily(head.word, trunk)) continue;
		const nameStems = wordStems(`${words.join(" ")} ${noun ?? ""}`);
		const others = concepts.filter((c) => c !== head && conceptMatch(c, nameStems) >= 1).length;
		const sites = index.dispatchSites(trunk).filter((s) => s.key !== null && !isAuxiliaryPath(s.file));
		const registers = sites.filter((s) => s.side === "register");
		if (registers.length < MIN_SITES) continue;
		const score = (1 + others) * Math.log2(1 + registers.length);
		if (best && score <= best.score) continue;
		const family: KeyFamily = {
			kind: "keys",
			subject,
			trunk,
			noun: noun ?? `${trunk} key`,
			registers,
			dispatches: sites.filter((s) => s.side === "dispatch"),
		};
		if (accept(family)) best = { family, score };
	}
	return best?.family ?? null;
}

/**
 * The site's handler as a definition of its own: not one that merely encloses the site (an inline
 * handler the index kept inside its function: `scheduleEmail: async () => …` in `initializeWorker`),
 * except a method whose decorators above it do the registering.
 */
function ownHandler(index: KeyFamilyIndex, site: DispatchSiteRow): DefRow | undefined {
	const handler = site.handlerDefId ? index.def(site.handlerDefId) : undefined;
	if (!handler || handler.file !== site.file || handler.startLine === null || handler.endLine === null)
		return handler;
	const encloses = handler.startLine < site.line && handler.endLine >= site.line;
	return encloses && decoratorAbove(index, site, handler) === null ? undefined : handler;
}

/** Where a file is loaded: the importing file, the import line and the name it writes there, and how many of a set it loads. */
export interface FileLoader {
	file: string;
	line: number;
	named: string;
	loads: number;
}

/**
 * The file that loads `module` (a file whose top level registers or creates something) by importing
 * it, `api/server/index.ts` holding `import './v1/channels'`: of its importers, the one importing the
 * most of `peers` (the module definitions of the files doing the same), with the import line, which
 * must name the file. Code that only runs once its file is imported is not reached by a call: a new
 * file of the kind needs the same import, or it never runs. Null when no importer names it.
 */
export function fileLoader(
	index: Pick<IndexReader, "edgesTo" | "edgesFrom" | "defById" | "fileLines">,
	module: DefRow,
	peers: ReadonlySet<number>,
): FileLoader | null {
	if (module.kind !== "module" || !module.file) return null;
	const named = (module.file.split("/").at(-1) ?? "").replace(/\.[cm]?[jt]sx?$/, "");
	if (!named) return null;
	let best: FileLoader | null = null;
	for (const e of index.edgesTo(module.id)) {
		if (e.kind !== "import" || e.line === null) continue;
		const importer = index.defById(e.src);
		if (!importer?.file || isAuxiliaryPath(importer.file)) continue;
		const text = index.fileLines(importer.file, e.line, e.line)?.[0] ?? "";
		if (!namesIn(text, named)) continue;
		const loads = index.edgesFrom(importer.id).filter((x) => x.kind === "import" && peers.has(x.dst)).length;
		if (!best || loads > best.loads) best = { file: importer.file, line: e.line, named, loads };
	}
	return best;
}

/** Lines of a call's arguments looked through for the key's other entry, at most. */
const SIBLING_LINES = 400;

/**
 * Another line where the call registering a key (found around it: `new Worker({ … })`) writes the
 * same key as a property — `scheduleEmail: { schema, retry }` in its `catalog` beside the handler in
 * its `jobs` — the first from the call's opening line on, or null.
 */
function siblingEntry(
	index: KeyFamilyIndex,
	site: DispatchSiteRow,
	key: string,
	registrar: DefRow,
): { start: number; end: number } | null {
	const opened = callAround(index, site);
	const within = site.enclosingDefId ? index.def(site.enclosingDefId) : undefined;
	if (!opened || opened.def.id !== registrar.id || !within || within.endLine === null) return null;
	const end = Math.min(within.endLine, opened.line + SIBLING_LINES);
	const lines = index.fileLines(site.file, opened.line, end) ?? [];
	const entry = new RegExp(`^\\s*(['"\`]?)${escapeRegExp(key)}\\1\\s*:`);
	const at = lines.findIndex((l, i) => opened.line + i !== site.line && entry.test(l));
	if (at < 0) return null;
	// The entry runs to where its braces close (`scheduleEmail: { schema, retry: { … } },`), a few lines at most.
	let depth = 0;
	let last = at;
	for (let i = at; i < Math.min(lines.length, at + ENTRY_LINES); i++) {
		for (const ch of lines[i] ?? "") depth += ch === "{" ? 1 : ch === "}" ? -1 : 0;
		last = i;
		if (depth <= 0) break;
	}
	return { start: opened.line + at, end: opened.line + (depth <= 0 ? last : at) };
}

/** Lines an entry's object may take and still be cited whole. */
const ENTRY_LINES = 15;

/** The module definitions of the files whose sites register at their top level. */
function registeringModules(
	index: KeyFamilyIndex,
	registers: readonly DispatchSiteRow[],
): Map<string, DefRow> {
	const modules = new Map<string, DefRow>();
	for (const id of new Set(registers.map((s) => s.enclosingDefId))) {
		const d = id ? index.def(id) : undefined;
		if (d?.kind === "module" && d.file) modules.set(d.file, d);
	}
	return modules;
}

/** Code beside the product (end-to-end utilities, examples, scripts): counted, never the example. */
const SIDE_CODE = /(^|\/)(e2e|tests?|__tests__|examples?|scripts?|fixtures?|mocks?)(\/|$)/;

/** Registrations per file. */
function registrationsPerFile(registers: readonly DispatchSiteRow[]): Map<string, number> {
	const perFile = new Map<string, number>();
	for (const s of registers) perFile.set(s.file, (perFile.get(s.file) ?? 0) + 1);
	return perFile;
}

/**
 * The registration shown as the example: one whose handler the index knows and whose key some code
 * dispatches (all three ends can be shown), from the file registering the most.
 */
function exampleRegistration(
	family: KeyFamily,
	perFile: ReadonlyMap<string, number>,
): DispatchSiteRow | undefined {
	const dispatched = new Set(family.dispatches.map((s) => s.key));
	return [...family.registers].sort(
		(a, b) =>
			Number(SIDE_CODE.test(a.file)) - Number(SIDE_CODE.test(b.file)) ||
			Number(b.handlerDefId !== null) - Number(a.handlerDefId !== null) ||
			Number(dispatched.has(b.key)) - Number(dispatched.has(a.key)) ||
			(perFile.get(b.file) ?? 0) - (perFile.get(a.file) ?? 0) ||
			a.file.localeCompare(b.file) ||
			a.line - b.line,
	)[0];
}

/** The declaration of a key in a typed map of the keys, and the type that takes the map in. */
export interface KeyDeclaration {
	/** The map's member named by the key (`ChatEndpoints(/v1/chat.sendMessage)`). */
	member: DefRow;
	/** The key as the member writes it (`/v1/chat.sendMessage`, or the constant: `Events.USER_CREATED`). */
	written: string;
	/** Where another type takes the member's map in (`interface Endpoints extends ChatEndpoints, …`). */
	takenIn: { by: DefRow; file: string; line: number; named: string } | null;
}

/**
 * Where the index has a key declared by a typed map's member (a `declares` edge into the key's node,
 * trunks/declarations.ts): the member outside tests, the first by file, and the interface or type of
 * another file that extends or references the member's map, when one does. Null when none declares it.
 */
export function keyDeclaration(index: KeyFamilyIndex, trunk: string, key: string): KeyDeclaration | null {
	const node = index.def(`trunk:${trunk}#${key}`);
	if (!node) return null;
	const member = index
		.edgesTo(node.id)
		.filter((e) => e.kind === "declares")
		.map((e) => index.defById(e.src))
		.filter((d): d is DefRow => !!d?.file && d.startLine !== null && !isAuxiliaryPath(d.file))
		.sort((a, b) => (a.file ?? "").localeCompare(b.file ?? "") || (a.startLine ?? 0) - (b.startLine ?? 0))[0];
	if (!member) return null;
	const map = member.parentId === null ? undefined : index.defById(member.parentId);
	const written = map ? member.qualifiedName.slice(map.qualifiedName.length + 1, -1) : key;
	let takenIn: KeyDeclaration["takenIn"] = null;
	if (map) {
		for (const e of index.edgesTo(map.id)) {
			if ((e.kind !== "extends" && e.kind !== "reference") || !e.file || e.line === null) continue;
			if (e.file === map.file || isAuxiliaryPath(e.file)) continue;
			const by = index.defById(e.src);
			if (!by || (by.kind !== "interface" && by.kind !== "type")) continue;
			takenIn = { by, file: e.file, line: e.line, named: map.name };
			break;
		}
	}
	return { member, written, takenIn };
}

/**
 * The definitions of the example registration: its handler, its registering function and what that
 * hands the member to (answer-pattern-registrar.ts), the code dispatching its key, and the typed
 * map's member declaring the key (beside the handler: its contract).
 */
export function keyFamilyDefinitions(index: KeyFamilyIndex, family: KeyFamily): DefRow[] {
	const example = exampleRegistration(family, registrationsPerFile(family.registers));
	if (!example) return [];
	const handler = ownHandler(index, example);
	const caller = family.dispatches.find((s) => s.key === example.key);
	const dispatcher = caller?.enclosingDefId ? index.def(caller.enclosingDefId) : undefined;
	const declared = example.key === null ? null : keyDeclaration(index, family.trunk, example.key);
	const registrar = registeredBy(index, example);
	const hops = registrar ? registrarHops(index, registrar) : null;
	return [
		handler,
		declared?.member,
		registrar,
		hops?.helpers[0],
		hops?.base,
		...(hops?.through?.implementations ?? []),
		dispatcher?.kind === "module" ? undefined : dispatcher,
		caller ? callAround(index, caller)?.def : null,
	].filter((d): d is DefRow => d !== undefined && d !== null);
}

/**
 * The answer's lines for a key family. The example registration comes from the file holding the
 * most registrations (where a new one usually goes), preferring a key some code dispatches and
 * whose handler the index knows: then all three ends can be shown.
 */
export function keyFamilyLines(
	index: KeyFamilyIndex,
	question: string,
	family: KeyFamily,
	book: CitationBook,
	ranked: readonly DefRow[],
	/** Files that register the most, named at most (and the question's ranked places). */
	topFiles: number,
): string[] {
	const { registers, dispatches, noun } = family;
	const perFile = registrationsPerFile(registers);
	const files = [...perFile.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
	const example = exampleRegistration(family, perFile);
	if (!example || example.key === null) return [];
	const home = example.file;
	const registrar = registeredBy(index, example);
	const key = example.key;
	const shownKey = example.rawKey ?? key;
	const handler = ownHandler(index, example);
	const caller = dispatches.find((s) => s.key === key);
	// The function the other end hands the key to (`Worker.enqueue`, `Callbacks.run`): where dispatching is implemented.
	const through = caller ? (callAround(index, caller)?.def ?? null) : null;
	const via = (d: DefRow | null) =>
		d && d.id !== registrar?.id
			? `, through ${book.name(d)} ${book.cite(d, { startLine: implementationLine(index, d), endLine: implementationLine(index, d) })}`
			: "";
	const head = (d: DefRow) => ({ startLine: d.startLine ?? 1, endLine: d.startLine ?? 1 });
	const site = (x: DispatchSiteRow) => citeSite(index, book, x);
	const registerMarker = site(example);

	const out: string[] = [`**Question:** ${question.trim()}`, ""];
	const summary = [
		`A new ${family.subject} is registered the way the ${registers.length} ${plural(noun)} of this code are (${code(family.trunk)} keys, in ${perFile.size} ${perFile.size === 1 ? "file" : "files"}): ${(perFile.get(home) ?? 0) > 1 ? `${code(home)} registers ${perFile.get(home)} of them, ${code(shownKey)} among them` : `${code(home)} registers ${code(shownKey)}`} ${registerMarker}.`,
	];
	if (registrar) {
		// An overloaded registrar (`addRoute(path, action): void;` … then the body) is cited where its body starts.
		const line = implementationLine(index, registrar);
		summary.push(
			// What registering gives a new member: the machinery of other files the registrar reaches.
			`${book.name(registrar)} does the registering ${book.cite(registrar, { startLine: line, endLine: line })}${registrarHopsClause(index, registrar, book, noun)}.`,
		);
	}
	if (handler) summary.push(`Its handler is ${book.name(handler)} ${book.cite(handler, head(handler))}.`);
	if (caller)
		summary.push(
			`The other end calls it by the same key in ${code(caller.file)} ${site(caller)}${via(through)}.`,
		);
	out.push("**In short**", summary.join(" "), "");

	out.push("**The shape, step by step**");
	let n = 1;
	out.push(
		`${n++}. Register the key, as ${code(example.file)} does for ${code(shownKey)} ${registerMarker}${quoteLine(index, example.file, decoratorAbove(index, example, handler) ?? example.line)}`,
	);
	if (handler?.file && handler.startLine !== null)
		out.push(
			`${n++}. Write its handler, as ${book.name(handler)} ${book.cite(handler, head(handler))}${quoteLine(index, handler.file, pastDecorators(index, handler))}`,
		);
	// A handler that is a method of a class is reached once its class is listed (a Nest module's `controllers`).
	const owner = handler?.parentId ? index.defById(handler.parentId) : undefined;
	const listed = owner?.kind === "class" ? listedIn(index, owner) : null;
	if (owner && listed)
		out.push(
			`${n++}. List its class where the others are, as ${book.name(listed.by)} lists ${code(owner.name)} ${book.citeRange(listed.file, listed.line, listed.line, owner.name)}${quoteLine(index, listed.file, listed.line)}`,
		);
	// A registration at a file's top level runs once the file is imported: where the others are loaded.
	const modules = registeringModules(index, registers);
	const homeModule = modules.get(home);
	const loader = homeModule
		? fileLoader(index, homeModule, new Set([...modules.values()].map((m) => m.id)))
		: null;
	// The same call may take the key twice (a worker's `catalog: { x: { retry … } }` beside `jobs: { x: … }`): a new one needs both.
	const sibling = registrar ? siblingEntry(index, example, key, registrar) : null;
	if (sibling)
		out.push(
			`${n++}. Describe it where the same call describes the others, as ${code(example.file)} does for ${code(shownKey)} ${book.citeRange(example.file, sibling.start, sibling.end, shownKey)}${quoteLine(index, example.file, sibling.start)}`,
		);
	// A typed map of the keys (`'/v1/chat.sendMessage': { POST: … }`) wants the new key too, or its clients do not compile.
	const declared = keyDeclaration(index, family.trunk, key);
	if (declared?.member.file) {
		const { member, written, takenIn } = declared;
		const taken = takenIn
			? `; ${code(takenIn.by.name)} in ${code(takenIn.file)} takes ${code(takenIn.named)} in ${book.citeRange(takenIn.file, takenIn.line, takenIn.line, takenIn.named)}`
			: "";
		out.push(
			`${n++}. Declare its type, as ${code(member.file ?? "")} does for ${code(written)} ${book.cite(member, head(member))}${quoteLine(index, member.file ?? "", member.startLine ?? 1)}${taken}`,
		);
	}
	if (loader)
		out.push(
			`${n++}. Import its file where the others are imported: ${code(loader.file)} imports ${loader.loads > 1 ? `${loader.loads} of the files that register ${plural(noun)}` : code(loader.named)} ${book.citeRange(loader.file, loader.line, loader.line, loader.named)}${quoteLine(index, loader.file, loader.line)}`,
		);
	if (caller)
		out.push(
			`${n++}. Dispatch it by the key, as ${code(caller.file)} does ${site(caller)}${quoteLine(index, caller.file, caller.line)}`,
		);
	out.push("");

	const more = files.filter(([file]) => file !== home && !SIDE_CODE.test(file)).slice(0, topFiles);
	if (more.length > 0) {
		out.push(`**Other files that register ${plural(noun)}**`);
		for (const [file, count] of more) {
			const marker =
				registers
					.filter((x) => x.file === file)
					.map(site)
					.find(Boolean) ?? "";
			out.push(`- ${code(file)}: ${count} ${count === 1 ? noun : plural(noun)} ${marker}`);
		}
		out.push("");
	}
	// What the question's own search ranks first that the index links to the example's handler or its
	// class: a place sharing only the question's words (a client's saved REST collections for "a new REST
	// endpoint", `resolvedType` for "a new resolver") is not told.
	const cited = new Set(book.drafts.map((d) => d.file));
	const anchors = new Set([handler, owner].filter((d): d is DefRow => !!d).map((d) => d.id));
	const seen = new Set<string>();
	const places = ranked.filter((d) => {
		if (!d.file || cited.has(d.file) || seen.has(d.file) || d.startLine === null) return false;
		if (!linked(index, d, anchors)) return false;
		seen.add(d.file);
		return true;
	});
	if (places.length > 0 && topFiles > 0) {
		out.push("**Where to look**");
		for (const d of places.slice(0, topFiles))
			out.push(`- ${book.name(d)} in ${code(d.file ?? "")} ${book.cite(d, head(d))}`);
		out.push("");
	}
	out.push(`_Offline answer (no LLM), from the index's ${code(family.trunk)} register and dispatch sites._`);
	return out;
}
