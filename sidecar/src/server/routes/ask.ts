/** POST /v1/ask: answer a question and wait for it (the answer JSON of `codeask ask --json`). */
import { askRequestSchema } from "@codeask/shared";
import { Router } from "express";
import { parseBody } from "../../http/validate.js";
import type { Lifecycle } from "../lifecycle.js";
import { type QuestionSource, questionsFor } from "../questions.js";

export function askRoutes(source: QuestionSource, lifecycle: Lifecycle): Router {
	const router = Router();
	router.post("/v1/ask", async (req, res) => {
		lifecycle.assertAccepting();
		const body = parseBody(askRequestSchema, req.body);
		const questions = questionsFor(source, body.repo);
		// A caller that hangs up while queued frees its place in the queue.
		const gone = new AbortController();
		res.on("close", () => {
			if (!res.writableFinished) gone.abort();
		});
		req.log?.info(
			{ user: body.user, clientRequestId: body.requestId, chars: body.question.length, repo: body.repo },
			"ask",
		);
		const { answer, cache } = await questions.answer(body.question, body.llm, gone.signal, undefined, {
			diagramPng: body.diagramPng,
			detail: body.detail,
		});
		res.setHeader("x-codeask-cache", cache);
		res.json(answer);
	});
	return router;
}
