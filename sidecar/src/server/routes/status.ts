/** GET /v1/status: what the sidecar serves — version, index, trunk summary, LLM (never a key). */
import { API_VERSION, type RepoInfo, type StatusResponse } from "@codeask/shared";
import { Router } from "express";
import type { LlmDefaults } from "../../config.js";
import { HttpError } from "../../http/http-error.js";
import type { IndexReader } from "../../index/reader.js";
import type { ServedIndex } from "../../repos/view.js";
import { VERSION } from "../../version.js";

type IndexSummary = Pick<StatusResponse, "index" | "trunks">;

/** Keys per trunk, and how many have both a register and a dispatch site. */
export function trunkSummary(reader: IndexReader): StatusResponse["trunks"] {
	const rows = reader.db
		.prepare(
			`SELECT trunk, count(*) AS keys, sum(CASE WHEN r > 0 AND d > 0 THEN 1 ELSE 0 END) AS bothSides
       FROM (SELECT trunk, key, sum(side = 'register') AS r, sum(side = 'dispatch') AS d
             FROM dispatch_sites WHERE key IS NOT NULL GROUP BY trunk, key)
       GROUP BY trunk ORDER BY trunk`,
		)
		.all() as { trunk: string; keys: number; bothSides: number }[];
	return Object.fromEntries(rows.map((r) => [r.trunk, { keys: r.keys, bothSides: r.bothSides }]));
}

function summarise(reader: IndexReader): IndexSummary {
	const meta = reader.meta();
	const counts = reader.counts();
	return {
		index: {
			commit: meta.commit,
			builtAt: meta.builtAt,
			repoRoot: meta.repoRoot,
			...counts,
			remoteUrl: meta.remoteUrl,
			subdir: meta.subdir,
		},
		trunks: trunkSummary(reader),
	};
}

/** Live figures for `runtime`; supplied by the service so this route stays a view. */
export type RuntimeFigures = () => NonNullable<StatusResponse["runtime"]>;

export function statusRoutes(
	holder: ServedIndex,
	llm: LlmDefaults,
	runtime?: RuntimeFigures,
	repos?: () => RepoInfo[],
): Router {
	const router = Router();
	// Counting rows on a large index takes a moment: compute once per index generation.
	let memo: { identity: string; summary: IndexSummary } | null = null;
	router.get("/v1/status", (_req, res) => {
		if (!holder.ready) throw new HttpError(503, "index-not-ready", holder.problem ?? "index not loaded");
		const lease = holder.acquire();
		try {
			if (memo?.identity !== lease.identity)
				memo = { identity: lease.identity, summary: summarise(lease.reader) };
		} finally {
			lease.release();
		}
		const body: StatusResponse = {
			version: VERSION,
			apiVersion: API_VERSION,
			...memo.summary,
			index: { ...memo.summary.index, refused: holder.refused },
			llm: { provider: llm.provider, model: llm.model ?? null },
			...(runtime ? { runtime: runtime() } : {}),
			...(repos ? { repos: repos() } : {}),
		};
		res.json(body);
	});
	return router;
}
