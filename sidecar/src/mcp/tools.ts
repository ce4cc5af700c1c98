/**
 * The MCP tools as plain functions over an index: each takes validated arguments and returns
 * data, or throws ToolError with a message meant for the model that called it.
 */
import type { AskResponse } from "@codeask/shared";
import { callees, callers, GraphQueryError, listeners, toNode } from "../graph/index.js";
import type { GraphNode, ListenersResult, NeighbourResult } from "../graph/types.js";
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";

export class ToolError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ToolError";
	}
}

export interface SymbolHit extends GraphNode {
	signature: string | null;
	exported: boolean;
	fanIn: number;
	match: "exact" | "text";
}

const hit = (d: DefRow, match: SymbolHit["match"]): SymbolHit => ({
	...toNode(d),
	signature: d.signature,
	exported: d.exported,
	fanIn: d.fanIn,
	match,
});

/** Definitions named `query` (bare or qualified) first, then full-text matches over names, paths and docs. */
export function findSymbol(reader: IndexReader, query: string, limit: number): SymbolHit[] {
	const q = query.trim();
	const seen = new Set<string>();
	const out: SymbolHit[] = [];
	const add = (d: DefRow, match: SymbolHit["match"]) => {
		if (out.length >= limit || seen.has(d.defId) || d.kind === "module") return;
		seen.add(d.defId);
		out.push(hit(d, match));
	};
	const exactDef = reader.def(q);
	if (exactDef) add(exactDef, "exact");
	for (const d of reader.defsByQualifiedName(q, limit)) add(d, "exact");
	if (!q.includes(".")) for (const d of reader.defsByName(q, limit)) add(d, "exact");
	const words = q.split(/[^A-Za-z0-9_]+/).flatMap((w) => w.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(" "));
	for (const { def } of reader.searchDefs(words, limit * 2)) add(def, "text");
	return out;
}

function graphQuery<T>(run: () => T): T {
	try {
		return run();
	} catch (err) {
		if (err instanceof GraphQueryError) {
			const more = err.candidates.length ? ` Candidates: ${err.candidates.join(", ")}` : "";
			throw new ToolError(`${err.message}.${more} Use find_symbol to look up defIds.`);
		}
		throw err;
	}
}

export function getCallers(
	reader: IndexReader,
	defId: string,
	depth: number,
	limit: number,
): NeighbourResult {
	return graphQuery(() => callers(reader, defId, { depth, limit }));
}

export function getCallees(
	reader: IndexReader,
	defId: string,
	depth: number,
	limit: number,
): NeighbourResult {
	return graphQuery(() => callees(reader, defId, { depth, limit }));
}

/**
 * Every key of `trunk` that `key` names: the key as typed and the literal on each named bus or
 * receiver it is scoped to (one result each, as `codeask query listeners` prints them).
 */
export function dispatchKey(reader: IndexReader, trunk: string, key: string): ListenersResult[] {
	const trunks = reader.trunkNames();
	if (!trunks.includes(trunk)) {
		throw new ToolError(
			`unknown trunk "${trunk}"; this index has: ${trunks.length ? trunks.join(", ") : "(no string-dispatch trunks)"}`,
		);
	}
	const results = graphQuery(() => listeners(reader, key, { trunk }));
	if (results.length === 0) throw new ToolError(`no sites for key "${key}" in trunk ${trunk}`);
	return results;
}

/** Markdown answer followed by its verified sources, as an MCP client shows text. */
export function renderAnswer(answer: AskResponse): string {
	const sources = answer.citations
		.filter((c) => c.verified)
		.map((c) => `[${c.n}] ${c.file}:${c.startLine}-${c.endLine} — ${c.symbol}`);
	const answerHasSources =
		sources.length > 0 && sources.every((s) => answer.answer.includes(s.split(" — ")[0] ?? s));
	const tail = sources.length && !answerHasSources ? `\n\nSources:\n${sources.join("\n")}` : "";
	return `${answer.answer}${tail}`;
}
