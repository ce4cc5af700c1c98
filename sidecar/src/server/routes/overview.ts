/** POST /v1/overview: the whole repository or one package, offline summary or LLM narrative. */
import { overviewRequestSchema } from "@codeask/shared";
import { Router } from "express";
import { parseBody } from "../../http/validate.js";
import { overview, toOverviewResponse } from "../../overview/index.js";
import type { Lifecycle } from "../lifecycle.js";
import { type QuestionSource, questionsFor } from "../questions.js";

export function overviewRoutes(source: QuestionSource, lifecycle: Lifecycle): Router {
	const router = Router();
	router.post("/v1/overview", async (req, res) => {
		lifecycle.assertAccepting();
		const body = parseBody(overviewRequestSchema, req.body);
		const questions = questionsFor(source, body.repo);
		const llm = questions.llmFor(questions.resolveLlm(body.llm));
		const gone = new AbortController();
		res.on("close", () => {
			if (!res.writableFinished) gone.abort();
		});
		// Runs under the same slots and timeout as questions (an LLM narrative can take a while);
		// the package graph is drawn in the same slot, by a worker in `codeask serve`.
		const { result, png } = await questions.bounded(async (reader, signal, runners) => {
			const result = await overview(reader, {
				...(body.package ? { package: body.package } : {}),
				llm,
				signal,
			});
			const png = body.diagramPng ? await runners.drawPackages({ data: result.data, signal }) : undefined;
			return { result, png: png ? Buffer.from(png, "base64") : undefined };
		}, gone.signal);
		res.json(toOverviewResponse(result, png));
	});
	return router;
}
