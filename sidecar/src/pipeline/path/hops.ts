/** A hop's line of code: where a call or dispatch is written and the name on it a citation is checked against. */
import { keyLiteral } from "../../bus-key.js";
import type { DefRow, EdgeRow } from "../../index/types.js";
import { lastSegment, namesIn } from "../verify.js";
import { encloses } from "./site.js";
import type { Hop, PathIndex } from "./types.js";

export function lineHop(index: PathIndex, e: EdgeRow, from: DefRow, to: DefRow, key: DefRow | null): Hop {
	const kind = key ? "dispatch" : (e.kind as Hop["kind"]);
	// An implementation edge is written at the implementation, not in this body: no hop line here.
	if (kind === "implementation" || !e.file || e.line === null) {
		return { kind, key, file: null, line: null, text: null, named: null };
	}
	// A callback handed to `from` by a caller (the edge written where it was handed): the hop is the line of
	// `from`'s body that runs it (`config.fn({`), when one calls it by its name.
	if (!key && !encloses(from, { file: e.file, line: e.line })) {
		const run = runLine(index, from, to);
		if (run) return { kind, key, file: from.file, line: run.line, text: run.text, named: run.named };
	}
	if (e.file !== from.file) {
		return { kind, key, file: null, line: null, text: null, named: null };
	}
	// A key as the line writes it: a bus-scoped key by its event (the bus is no text of the line).
	const names = key
		? [keyLiteral(key.name), lastSegment(key.qualifiedName)]
		: [to.name, lastSegment(to.qualifiedName)];
	const found = namedHopLine(index, from, e.file, e.line, names);
	if (!found) {
		const text = index.fileLines(e.file, e.line, e.line)?.[0]?.trim() ?? null;
		return { kind, key, file: e.file, line: e.line, text, named: null };
	}
	const hop: Hop = { kind, key, file: e.file, line: found.line, text: found.text, named: found.named };
	return found.line < e.line ? { ...hop, endLine: e.line } : hop;
}

/** Lines above a dispatch's key looked through for the call that makes it. */
const CALL_ABOVE_KEY = 2;

/**
 * Where a hop of `from` recorded at line `at` is written, with the name on it a citation is checked
 * against: that line when it names one of `names` (the callee, or the key); else the dispatching call on
 * it or a line or two above (`publish(` with the key on the next line, `triggerJob({` then `name: 'x'`,
 * `beforeRoomCreateCallback.run(` for a key its registry was created with), named by its callee. `text`
 * runs from that line to `at`. Null when neither is there: the hop is cited at its definition's head.
 */
export function namedHopLine(
	index: PathIndex,
	from: DefRow,
	file: string,
	at: number,
	names: readonly string[],
): { line: number; text: string; named: string } | null {
	const own = index.fileLines(file, at, at)?.[0]?.trim() ?? "";
	const name = names.find((n) => n && namesIn(own, n));
	if (name) return { line: at, text: own, named: name };
	const calls = index.edgesFrom(from.id).filter((c) => c.kind === "call" && c.file === file);
	for (let line = at; line >= at - CALL_ABOVE_KEY && line >= (from.startLine ?? at); line--) {
		const text = index.fileLines(file, line, line)?.[0] ?? "";
		const callee = calls
			.filter((c) => c.line === line)
			.map((c) => index.defById(c.dst)?.name ?? "")
			.find((n) => n && namesIn(text, n));
		if (!callee) continue;
		const span = (index.fileLines(file, line, at) ?? []).map((l) => l.trim()).join(" ");
		return { line, text: span, named: callee };
	}
	return null;
}

/**
 * The first line of `from`'s body calling `to` by its own name (a handed callback's member: `config.fn(…)`,
 * `fn?.(…)`), or null (called through a parameter of another name: the hop has no line of its own).
 */
function runLine(
	index: PathIndex,
	from: DefRow,
	to: DefRow,
): { line: number; text: string; named: string } | null {
	const name = to.name.replace(/~\d+$/, "");
	if (!from.file || from.startLine === null || from.endLine === null || !/^[\w$]+$/.test(name)) return null;
	const call = new RegExp(`(^|[^\\w$])${name.replace(/\$/g, "\\$")}\\s*(\\?\\.)?\\(`);
	const lines = index.fileLines(from.file, from.startLine, from.endLine) ?? [];
	const at = lines.findIndex((l) => call.test(l));
	if (at < 0) return null;
	return { line: from.startLine + at, text: (lines[at] as string).trim(), named: name };
}
