/**
 * `overview(index, { package?, llm? })`: the whole-repository (or one-package) view.
 * Offline it is a structured summary; with an LLM, one request turns it into a narrative.
 */
import type { LlmProvider, OverviewResponse } from "@codeask/shared";
import { packageGraphMermaid } from "../diagram/mermaid.js";
import type { IndexReader } from "../index/reader.js";
import { isOffline } from "../llm/none.js";
import type { LlmClient } from "../llm/types.js";
import { type CollectOptions, collectOverview } from "./collect.js";
import { renderOverviewMarkdown } from "./markdown.js";
import { buildOverviewPrompt } from "./prompt.js";
import type { OverviewResult } from "./types.js";

export interface OverviewOptions extends CollectOptions {
	/** Absent or `none`: offline structured summary. */
	llm?: LlmClient;
	signal?: AbortSignal;
}

export async function overview(index: IndexReader, options: OverviewOptions = {}): Promise<OverviewResult> {
	const t0 = performance.now();
	const data = collectOverview(index, options);
	const markdown = renderOverviewMarkdown(data);
	const diagram = packageGraphMermaid(data);
	const timings: Record<string, number> = { collect: Math.round(performance.now() - t0) };
	const usage = { requests: 0, tokensIn: 0, tokensOut: 0 };
	let narrative: string | null = null;
	let fallbackReason: string | null = null;
	let provider: LlmProvider = "none";

	if (!isOffline(options.llm) && options.llm) {
		const t1 = performance.now();
		try {
			const { system, prompt } = buildOverviewPrompt(data, markdown);
			const result = await options.llm.generateText({
				stage: "overview",
				system,
				prompt,
				maxOutputTokens: 1500,
				temperature: 0.2,
				...(options.signal ? { signal: options.signal } : {}),
			});
			narrative = result.text.trim() || null;
			usage.requests = 1;
			usage.tokensIn = result.usage.tokensIn;
			usage.tokensOut = result.usage.tokensOut;
			provider = options.llm.provider;
			if (!narrative) fallbackReason = "the LLM returned an empty narrative";
		} catch (err) {
			// The structured summary is a complete answer on its own; say why the narrative is missing.
			fallbackReason = `LLM request failed (${(err as { code?: string }).code ?? "error"}): ${(err as Error).message}`;
			usage.requests = 1;
		}
		timings.narrate = Math.round(performance.now() - t1);
	}
	timings.total = Math.round(performance.now() - t0);
	return { data, markdown, narrative, diagram, provider, usage, fallbackReason, timings };
}

/** The wire shape of `POST /v1/overview` (`diagramPng`: base64 of `renderPackageGraphPng`'s bytes, if asked). */
export function toOverviewResponse(result: OverviewResult, diagramPng?: Buffer): OverviewResponse {
	return {
		scope: result.data.scope,
		package: result.data.focus,
		markdown: result.markdown,
		narrative: result.narrative,
		diagram: result.diagram,
		...(diagramPng ? { diagramPng: diagramPng.toString("base64") } : {}),
		data: result.data as unknown as Record<string, unknown>,
		usage: result.usage,
		provider: result.provider,
		fallbackReason: result.fallbackReason,
		timings: result.timings,
	};
}

export { isOverviewQuestion, mentionedPackage, type OverviewRoute } from "./classify.js";
export { collectOverview, findPackage, OverviewError } from "./collect.js";
export { renderOverviewMarkdown } from "./markdown.js";
export { buildOverviewPrompt, OVERVIEW_PROMPT_VERSION } from "./prompt.js";
export type * from "./types.js";
