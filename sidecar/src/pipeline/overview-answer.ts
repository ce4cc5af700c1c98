/**
 * An overview in the shape of an answer (`AskResult`), so the answer pipeline can hand an
 * overview question ("what are the main modules?") to the overview without an extra request and
 * every caller of `ask` (CLI, service, MCP, app) gets it unchanged. Its citations are the most
 * used definitions of the packages it describes, each checked against the index.
 */
import type { Citation } from "@codeask/shared";
import type { IndexReader } from "../index/reader.js";
import type { LlmClient } from "../llm/types.js";
import type { OverviewRoute } from "../overview/classify.js";
import { overview } from "../overview/index.js";
import type { AskResult } from "./types.js";

const MAX_CITATIONS = 12;

export async function overviewAsAnswer(
	index: IndexReader,
	route: OverviewRoute,
	options: { llm?: LlmClient; signal?: AbortSignal } = {},
): Promise<AskResult> {
	const started = performance.now();
	const r = await overview(index, {
		...(route.package ? { package: route.package } : {}),
		...(options.llm ? { llm: options.llm } : {}),
		...(options.signal ? { signal: options.signal } : {}),
	});
	const citations = overviewCitations(
		index,
		r.data.packages.flatMap((p) => p.topSymbols.slice(0, 3)),
	);
	const sources = citations.length
		? [
				"",
				"### Sources",
				...citations.map((c) => `[${c.n}] ${c.file}:${c.startLine}-${c.endLine} — ${c.symbol}`),
			]
		: [];
	const body = r.narrative ? `${r.narrative}\n\n---\n\n${r.markdown}` : r.markdown;
	return {
		answer: [body.trimEnd(), ...sources].join("\n"),
		citations,
		chains: [],
		usage: r.usage,
		indexCommit: index.meta().commit,
		timings: { overview: r.timings.total ?? 0, total: Math.round(performance.now() - started) },
		provider: r.provider,
		fallbackReason: r.fallbackReason,
		droppedCitations: 0,
		diagram: r.diagram,
		trace: {
			routedSections: [],
			seeds: [],
			skeleton: [],
			read: [],
			requests: r.usage.requests
				? [
						{
							stage: "overview",
							tokensIn: r.usage.tokensIn,
							tokensOut: r.usage.tokensOut,
							ms: r.timings.narrate ?? 0,
							ok: r.narrative !== null,
						},
					]
				: [],
		},
	};
}

/** Citations for definitions, one per file, only when the range lies inside the indexed file. */
function overviewCitations(index: IndexReader, symbols: readonly { defId: string }[]): Citation[] {
	const out: Citation[] = [];
	const files = new Set<string>();
	for (const s of symbols) {
		if (out.length >= MAX_CITATIONS) break;
		const def = index.def(s.defId);
		if (!def?.file || def.startLine === null || def.endLine === null || files.has(def.file)) continue;
		const lineCount = index.file(def.file)?.lineCount ?? 0;
		if (def.startLine < 1 || def.endLine > lineCount || def.endLine < def.startLine) continue;
		files.add(def.file);
		out.push({
			n: out.length + 1,
			file: def.file,
			startLine: def.startLine,
			endLine: def.endLine,
			symbol: def.qualifiedName,
			verified: true,
		});
	}
	return out;
}
