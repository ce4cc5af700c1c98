/** `POST /v1/overview` (and the MCP `overview` tool) in one call: request in, wire response out. */
import type { OverviewRequest, OverviewResponse } from "@codeask/shared";
import type { IndexReader } from "../index/reader.js";
import type { LlmClient } from "../llm/types.js";
import { overview, toOverviewResponse } from "./index.js";

export async function respondOverview(
	index: IndexReader,
	request: Pick<OverviewRequest, "package" | "diagramPng">,
	llm?: LlmClient,
	signal?: AbortSignal,
): Promise<OverviewResponse> {
	const result = await overview(index, {
		...(request.package ? { package: request.package } : {}),
		...(llm ? { llm } : {}),
		...(signal ? { signal } : {}),
	});
	if (!request.diagramPng) return toOverviewResponse(result);
	const { packageGraphPng } = await import("../diagram/render.js");
	return toOverviewResponse(result, await packageGraphPng(result.data));
}
