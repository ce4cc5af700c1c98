/**
 * How one register site of a key family is read from its lines: the repository function doing the
 * registering, the call its key is written inside of, the key as its line writes it (to cite the line
 * by), the handler registered and the same key described again in the same call.
 */
import { escapeRegExp } from "../../escape-regexp.js";
import type { IndexReader } from "../../index/reader.js";
import type { DefRow, DispatchSiteRow } from "../../index/types.js";
import type { CitationBook } from "../citation-book.js";
import { openCallAt } from "../open-call.js";
import { repositoryCallees } from "../repository-callees.js";
import { lastSegment, namesIn } from "../verify.js";
import type { KeyFamilyIndex } from "./key-family.js";

/** Lines above a register site's key its call may start on (`api.addRoute(` a line or two before the key). */
const CALL_LINES_ABOVE = 3;

/**
 * The repository function a register site calls (`ApiClass.addRoute` for `api.addRoute('x', …)`):
 * where registering is implemented. A callee of the enclosing definition whose name is written on
 * the key's line or the few above it (the index keeps one call edge per caller and callee, at its
 * first line, so the line of the edge itself may be another registration's), the nearest first.
 */
export function registeredBy(index: KeyFamilyIndex, site: DispatchSiteRow): DefRow | null {
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
 * A marker for a site's line, cited by a name written there: the key as written, the key, or its
 * last path or dotted part (`providers` on `@Get('providers')` for `GET /auth/providers`); "" when
 * the line writes none of them (a key built at run time).
 */
export function citeSite(
	index: Pick<IndexReader, "fileLines">,
	book: CitationBook,
	site: DispatchSiteRow,
): string {
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
export function decoratorAbove(
	index: Pick<IndexReader, "fileLines">,
	site: DispatchSiteRow,
	handler: DefRow | undefined,
): number | null {
	if (!handler || handler.file !== site.file || handler.startLine === null || handler.startLine >= site.line)
		return null;
	const first = index.fileLines(site.file, handler.startLine, handler.startLine)?.[0] ?? "";
	return /^\s*@/.test(first) ? handler.startLine : null;
}

/**
 * The site's handler as a definition of its own: not one that merely encloses the site (an inline
 * handler the index kept inside its function: `scheduleEmail: async () => …` in `initializeWorker`),
 * except a method whose decorators above it do the registering.
 */
export function ownHandler(index: KeyFamilyIndex, site: DispatchSiteRow): DefRow | undefined {
	const handler = site.handlerDefId ? index.def(site.handlerDefId) : undefined;
	if (!handler || handler.file !== site.file || handler.startLine === null || handler.endLine === null)
		return handler;
	const encloses = handler.startLine < site.line && handler.endLine >= site.line;
	return encloses && decoratorAbove(index, site, handler) === null ? undefined : handler;
}

/** Lines of a call's arguments looked through for the key's other entry, at most. */
const SIBLING_LINES = 400;

/**
 * Another line where the call registering a key (found around it: `new Worker({ … })`) writes the
 * same key as a property — `scheduleEmail: { schema, retry }` in its `catalog` beside the handler in
 * its `jobs` — the first from the call's opening line on, or null.
 */
export function siblingEntry(
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
