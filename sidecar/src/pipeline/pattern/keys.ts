/**
 * The pattern answer for a family of string keys: "how do I add a new endpoint / hook / command?"
 * where the code registers its Xs by key (a trunk: `api.addRoute('notes.delete', …)`,
 * `callbacks.add('afterMessageSave', …)`). A new X is registered the way the others are: the answer
 * shows one registration (from the file that registers most of them), its handler, a place that
 * dispatches the same key (the other end), and the files that register most — each cited at its line.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow, DispatchSiteRow } from "../../index/types.js";
import type { CitationBook } from "../citation-book.js";
import { listedIn } from "../class-listings.js";
import { fileLoader } from "../file-loader.js";
import { implementationLine } from "../implementation-line.js";
import { code } from "../markdown.js";
import { quoteLine } from "../quote-line.js";
import { namesIn } from "../verify.js";
import { keyDeclaration } from "./key-declaration.js";
import { exampleRegistration, registrationsPerFile, SIDE_CODE } from "./key-example.js";
import type { KeyFamily, KeyFamilyIndex } from "./key-family.js";
import { callAround, citeSite, decoratorAbove, ownHandler, registeredBy, siblingEntry } from "./key-sites.js";
import { registrarHops, registrarHopsClause } from "./registrar.js";

/** Whether the index links `d` to one of `anchors` (either way, any edge but an import). */
function linked(index: KeyFamilyIndex, d: DefRow, anchors: ReadonlySet<number>): boolean {
	const hit = (e: { kind: string; src: number; dst: number }) =>
		e.kind !== "import" && (anchors.has(e.src) || anchors.has(e.dst));
	return index.edgesFrom(d.id).some(hit) || index.edgesTo(d.id).some(hit);
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

/**
 * The definitions of the example registration: its handler, its registering function and what that
 * hands the member to (pattern/registrar.ts), the code dispatching its key, and the typed
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
	// A typed map of the keys (`'/v1/notes.create': { POST: … }`) wants the new key too, or its clients do not compile.
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
