/**
 * POST /v1/feedback: a user's 👍/👎 on an answer (named by its `answerId` or its job's `jobId`),
 * stored with what the answer was made from when the service still remembers it.
 */
import { type FeedbackResponse, feedbackRequestSchema } from "@codeask/shared";
import { Router } from "express";
import { FeedbackStore } from "../../feedback/store.js";
import { HttpError } from "../../http/http-error.js";
import { parseBody } from "../../http/validate.js";
import type { Logger } from "../../logger.js";
import type { AnswerLog } from "../answer-log.js";

/** Opens the store on first use, so a service that never gets a vote never writes a file. */
export class LazyFeedbackStore {
	private store: FeedbackStore | null = null;

	constructor(
		readonly path: string,
		private readonly log: Logger,
	) {}

	get(): FeedbackStore {
		if (this.store) return this.store;
		try {
			this.store = FeedbackStore.open(this.path);
			return this.store;
		} catch (err) {
			this.log.error({ err, path: this.path }, "feedback store cannot be opened");
			throw new HttpError(
				503,
				"feedback-unavailable",
				"feedback cannot be stored right now (see the sidecar log)",
			);
		}
	}

	close(): void {
		this.store?.close();
		this.store = null;
	}
}

export function feedbackRoutes(store: LazyFeedbackStore, answers: AnswerLog): Router {
	const router = Router();
	router.post("/v1/feedback", (req, res) => {
		const body = parseBody(feedbackRequestSchema, req.body);
		const known = answers.get(body.answerId);
		const row = store.get().add({
			question: body.question,
			answerId: body.answerId,
			vote: body.vote,
			comment: body.comment || null,
			user: body.user ?? null,
			repo: body.repo ?? null,
			answer: known
				? {
						indexCommit: known.indexCommit,
						indexIdentity: known.indexIdentity,
						repository: known.repository,
						provider: known.provider,
						model: known.model,
						version: known.version,
						citations: known.citations,
					}
				: null,
		});
		req.log?.info({ feedbackId: row.id, vote: body.vote, answerKnown: Boolean(known) }, "feedback stored");
		res
			.status(201)
			.json({ id: row.id, stored: true, answerKnown: Boolean(known) } satisfies FeedbackResponse);
	});
	return router;
}
