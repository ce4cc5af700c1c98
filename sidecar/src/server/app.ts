/**
 * The Express application, without `listen` (tests drive it with supertest or a real listener).
 * Order matters: request id + logging first, probes before auth, auth before any body is read,
 * then the routes, then 404 and the one error envelope.
 */
import type { RepoInfo } from "@codeask/shared";
import express, { type Express, type Router } from "express";
import { pinoHttp } from "pino-http";
import type { LlmDefaults } from "../config.js";
import { jsonBody } from "../http/json-body.js";
import type { Logger } from "../logger.js";
import type { ServedIndex } from "../repos/view.js";
import type { JobStore } from "./jobs.js";
import type { Lifecycle } from "./lifecycle.js";
import { bearerAuth } from "./middleware/auth.js";
import { errorHandler, notFound } from "./middleware/errors.js";
import { redactUrl } from "./middleware/redact-url.js";
import { requestIdOf } from "./middleware/request-id.js";
import { openApiDocument } from "./openapi.js";
import type { QuestionSource } from "./questions.js";
import { askRoutes } from "./routes/ask.js";
import { healthRoutes } from "./routes/health.js";
import { jobRoutes } from "./routes/jobs.js";
import { overviewRoutes } from "./routes/overview.js";
import { type RuntimeFigures, statusRoutes } from "./routes/status.js";

/** Largest JSON body accepted. */
export const BODY_LIMIT = "16kb";

export interface AppDeps {
	/** The shared bearer token; null disables auth (only with --insecure-no-auth). */
	token: string | null;
	llm: LlmDefaults;
	log: Logger;
	holder: ServedIndex;
	/** The question service, or one per repository (`repo` in a request). */
	questions: QuestionSource;
	jobs: JobStore;
	lifecycle: Lifecycle;
	/** Live load figures for GET /v1/status. */
	runtime?: RuntimeFigures;
	/** Repository mode: every repository's freshness, for GET /v1/status. */
	repos?: () => RepoInfo[];
	/** POST /v1/feedback (absent: no feedback endpoint). */
	feedback?: Router;
	/** Routes with their own authentication (repositories, webhooks), mounted before the bearer check. */
	preAuthRoutes?: Router;
}

export function createApp(deps: AppDeps): Express {
	const app = express();
	app.disable("x-powered-by");
	app.set("etag", false);
	app.set("query parser", "simple");

	app.use(
		pinoHttp({
			logger: deps.log,
			genReqId: requestIdOf,
			// 503 is designed back-pressure (busy, not ready, draining): info, not an error.
			customLogLevel: (_req, res, err) =>
				res.statusCode === 503
					? "info"
					: err || res.statusCode >= 500
						? "error"
						: res.statusCode >= 400
							? "warn"
							: "info",
			// The redact paths cover headers and fields; a secret in the query string is masked here.
			serializers: {
				req: (req: { url?: string; query?: unknown }) => {
					if (typeof req.url === "string") req.url = redactUrl(req.url);
					// The parsed query repeats the URL's values in clear; the masked URL says it all.
					delete req.query;
					return req;
				},
			},
			// Probes are polled constantly; they would drown the log.
			autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
		}),
	);
	app.use(healthRoutes(deps.holder, deps.lifecycle));
	// The API description holds no secret: served before the token check, built once.
	let openApi: string | null = null;
	app.get("/v1/openapi.json", (_req, res) => {
		openApi ??= JSON.stringify(openApiDocument());
		res.type("application/json").send(openApi);
	});
	if (deps.preAuthRoutes) app.use(deps.preAuthRoutes);
	if (deps.token !== null) app.use("/v1", bearerAuth(deps.token));
	app.use(jsonBody(BODY_LIMIT));
	app.use(statusRoutes(deps.holder, deps.llm, deps.runtime, deps.repos));
	app.use(askRoutes(deps.questions, deps.lifecycle));
	app.use(jobRoutes(deps.jobs, deps.lifecycle));
	app.use(overviewRoutes(deps.questions, deps.lifecycle));
	if (deps.feedback) app.use(deps.feedback);
	app.use(notFound);
	app.use(errorHandler(deps.log));
	return app;
}
