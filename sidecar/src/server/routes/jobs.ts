/** POST /v1/jobs (202 + jobId, answer later by signed callback) and GET /v1/jobs/:id. */
import { callbackOriginRequestSchema, jobRequestSchema } from "@codeask/shared";
import { Router } from "express";
import { HttpError } from "../../http/http-error.js";
import { parseBody } from "../../http/validate.js";
import type { JobStore } from "../jobs.js";
import type { Lifecycle } from "../lifecycle.js";

const JOB_ID = /^[0-9a-f-]{36}$/;

export function jobRoutes(jobs: JobStore, lifecycle: Lifecycle): Router {
	const router = Router();
	router.post("/v1/jobs", (req, res) => {
		lifecycle.assertAccepting();
		const body = parseBody(jobRequestSchema, req.body);
		const requestId = res.getHeader("x-request-id");
		const job = jobs.submit(body, typeof requestId === "string" ? requestId : undefined);
		req.log?.info({ jobId: job.jobId, user: body.user, callback: Boolean(body.callback) }, "job accepted");
		res.status(202).location(`/v1/jobs/${job.jobId}`).json({ jobId: job.jobId });
	});
	router.post("/v1/callback-origins", (req, res) => {
		const body = parseBody(callbackOriginRequestSchema, req.body);
		res.json({ origin: jobs.registerOrigin(body.origin) });
	});
	router.get("/v1/jobs/:id", (req, res) => {
		const id = req.params.id;
		const job = JOB_ID.test(id) ? jobs.get(id) : undefined;
		if (!job)
			throw new HttpError(404, "job-not-found", "no such job (unknown id, or its result has expired)");
		res.json(job);
	});
	return router;
}
