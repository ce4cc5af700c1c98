/**
 * HTTP for repositories, mounted before the service's bearer check because these routes have
 * their own: reading (`GET /v1/repos`) takes the asking or the admin token; adding, removing and
 * syncing take the admin token (CODEASK_ADMIN_TOKEN, which must differ from the asking token);
 * webhooks (`POST /v1/webhooks/:name`) are authenticated by their forge's signature instead.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { type RepoProgress, repoAddRequestSchema, repoNameSchema } from "@codeask/shared";
import express, { type Request, type RequestHandler, Router } from "express";
import { deliverCallback } from "../http/callback.js";
import { HttpError } from "../http/http-error.js";
import { jsonBody } from "../http/json-body.js";
import { parseBody } from "../http/validate.js";
import type { Logger } from "../logger.js";
import { GitError } from "./git.js";
import type { RepoManager } from "./manager.js";
import { RegistryError } from "./registry.js";
import { RepoUrlError } from "./url.js";
import { readWebhook, WebhookError } from "./webhooks.js";

export interface RepoRoutesOptions {
	/** The asking token; null = no authentication at all (--insecure-no-auth). */
	token: string | null;
	/** The admin token; null = adding/removing is refused (unless auth is off). */
	adminToken: string | null;
	/** Shared secret of push webhooks; null = webhooks are off. */
	webhookSecret: string | null;
	callbacks: {
		attempts: number;
		backoffMs: number;
		timeoutMs: number;
		/** Origins whose callbacks may reach loopback/private addresses (CODEASK_CALLBACK_ORIGINS). */
		localOrigins?: readonly string[];
		/**
		 * The service's callback policy (listed plus app-registered origins), when there is one: it
		 * decides instead of `localOrigins`, so an origin the app registered works here too.
		 */
		policy?: () => { allowsLocal(origin: string): boolean; accepts(origin: string): boolean } | undefined;
	};
	log: Logger;
	/** Progress callbacks report a percentage at most this often (default 30 s). */
	progressEveryMs?: number;
}

/** Largest webhook body read (GitHub sends up to 25 MB; a push with many commits is rarely > 1 MB). */
const WEBHOOK_LIMIT = "5mb";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

function bearerOf(req: Request): string | null {
	const header = req.headers.authorization;
	const match = typeof header === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
	return match?.[1] ?? null;
}

function auth(options: RepoRoutesOptions, level: "read" | "admin"): RequestHandler {
	const admin = options.adminToken ? digest(options.adminToken) : null;
	const asking = options.token ? digest(options.token) : null;
	return (req, _res, next) => {
		if (options.token === null) return next();
		const given = bearerOf(req);
		if (!given)
			return next(new HttpError(401, "unauthorized", "missing bearer token (Authorization: Bearer <token>)"));
		const d = digest(given);
		const isAdmin = admin !== null && timingSafeEqual(d, admin);
		const isAsker = asking !== null && timingSafeEqual(d, asking);
		if (level === "admin" && !isAdmin) {
			return next(
				admin === null
					? new HttpError(
							403,
							"admin-disabled",
							"managing repositories needs CODEASK_ADMIN_TOKEN to be set on the sidecar",
						)
					: new HttpError(403, "forbidden", "adding, removing or syncing repositories needs the admin token"),
			);
		}
		if (!isAdmin && !isAsker) return next(new HttpError(403, "forbidden", "wrong bearer token"));
		next();
	};
}

function toHttp(err: unknown): unknown {
	if (err instanceof RepoUrlError) return new HttpError(400, "bad-repo-url", err.message);
	if (err instanceof RegistryError)
		return new HttpError(err.code === "repo-exists" ? 409 : 404, err.code, err.message);
	if (err instanceof GitError) return new HttpError(502, `git-${err.code}`, err.message);
	return err;
}

function nameParam(req: Request): string {
	const parsed = repoNameSchema.safeParse(req.params.name);
	if (!parsed.success) throw new HttpError(404, "unknown-repo", "no repository by that name");
	return parsed.data;
}

export function repoRoutes(repos: RepoManager, options: RepoRoutesOptions): Router {
	const router = Router();
	const read = auth(options, "read");
	const admin = auth(options, "admin");
	const json = jsonBody("16kb");

	router.get("/v1/repos", read, (_req, res) => {
		res.json({ repos: repos.list() });
	});
	router.get("/v1/repos/:name", read, (req, res) => {
		const info = repos.get(nameParam(req));
		if (!info) throw new HttpError(404, "unknown-repo", "no repository by that name");
		res.json(info);
	});
	router.post("/v1/repos", admin, ...json, async (req, res) => {
		const body = parseBody(repoAddRequestSchema, req.body);
		const policy = options.callbacks.policy?.();
		if (body.callback && policy && !policy.accepts(new URL(body.callback.url).origin)) {
			throw new HttpError(
				400,
				"callback-not-allowed",
				"callback.url is not on this service's list of callback origins (CODEASK_CALLBACK_ORIGINS)",
			);
		}
		try {
			const info = await repos.add(body);
			// The first sync starts after this turn of the event loop: no event is missed.
			if (body.callback) followProgress(repos, body.name, body.callback, body.context ?? null, options);
			req.log?.info({ repo: info.name }, "repository added");
			res.status(201).location(`/v1/repos/${info.name}`).json(info);
		} catch (err) {
			throw toHttp(err);
		}
	});
	router.delete("/v1/repos/:name", admin, (req, res) => {
		const name = nameParam(req);
		if (!repos.remove(name)) throw new HttpError(404, "unknown-repo", `no repository named "${name}"`);
		req.log?.info({ repo: name }, "repository removed");
		res.json({ removed: name });
	});
	router.post("/v1/repos/:name/sync", admin, async (req, res) => {
		try {
			res.status(202).json({ queued: await repos.sync(nameParam(req)) });
		} catch (err) {
			throw toHttp(err);
		}
	});
	router.post("/v1/repos/sync", admin, async (_req, res) => {
		res.status(202).json({ queued: await repos.sync() });
	});

	// One webhook for a whole organisation (GitHub/Gitea organisation hooks, GitLab group hooks):
	// the pushed repository is matched by its URLs against the registered locations.
	router.post("/v1/webhooks", express.raw({ type: () => true, limit: WEBHOOK_LIMIT }), async (req, res) => {
		const event = verified(req, options);
		if (event.kind === "ignored") {
			res.status(202).json({ ignored: `${event.forge} event "${event.event}" is not a push` });
			return;
		}
		const queued = await repos.pushedByUrls(event.repoUrls, event.branch, event.after);
		req.log?.info({ forge: event.forge, branch: event.branch, queued }, "organisation push webhook");
		res
			.status(202)
			.json(queued.length ? { queued } : { ignored: "no registered repository tracks this branch" });
	});

	router.post(
		"/v1/webhooks/:name",
		express.raw({ type: () => true, limit: WEBHOOK_LIMIT }),
		async (req, res) => {
			const event = verified(req, options);
			const name = nameParam(req);
			if (event.kind === "ignored") {
				res.status(202).json({ ignored: `${event.forge} event "${event.event}" is not a push` });
				return;
			}
			try {
				const outcome = await repos.pushed(name, event.branch, event.after);
				req.log?.info({ repo: name, forge: event.forge, branch: event.branch, outcome }, "push webhook");
				res
					.status(202)
					.json(outcome === "queued" ? { queued: [name] } : { ignored: "not the tracked branch" });
			} catch (err) {
				throw toHttp(err);
			}
		},
	);
	return router;
}

/**
 * Report a new repository's indexing to the caller's callback: started, a percentage at most every
 * `progressEveryMs`, then finished (with counts) or failed (with the reason). Stops listening then.
 */
function followProgress(
	repos: RepoManager,
	name: string,
	callback: { url: string; secret: string },
	context: string | null,
	options: RepoRoutesOptions,
): void {
	const every = options.progressEveryMs ?? 30_000;
	let lastPercentAt = 0;
	const send = (p: Omit<RepoProgress, "context">) => {
		void deliverCallback({
			url: callback.url,
			secret: callback.secret,
			rawBody: JSON.stringify({ ...p, context } satisfies RepoProgress),
			...options.callbacks,
			allowLocal: allowsLocal(options, new URL(callback.url).origin),
		}).then((r) => {
			if (!r.delivered)
				options.log.warn({ repo: name, lastError: r.lastError }, "progress callback not delivered");
		});
	};
	const listener = (p: Omit<RepoProgress, "context">) => {
		if (p.repo !== name) return;
		if (p.event === "progress") {
			const now = Date.now();
			if (now - lastPercentAt < every) return;
			lastPercentAt = now;
		} else if (p.event === "started") {
			lastPercentAt = Date.now();
		}
		send(p);
		if (p.event === "finished" || p.event === "failed") repos.events.off("progress", listener);
	};
	repos.events.on("progress", listener);
}

function allowsLocal(options: RepoRoutesOptions, origin: string): boolean {
	const policy = options.callbacks.policy?.();
	if (policy) return policy.allowsLocal(origin);
	return options.callbacks.localOrigins?.includes(origin) ?? false;
}

/** The webhook delivery, verified with its forge's signature scheme (HttpError 401/400/404). */
function verified(req: Request, options: RepoRoutesOptions): ReturnType<typeof readWebhook> {
	if (options.webhookSecret === null)
		throw new HttpError(404, "webhooks-disabled", "webhooks are off (set CODEASK_WEBHOOK_SECRET)");
	const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
	try {
		return readWebhook(req.headers, raw, options.webhookSecret);
	} catch (err) {
		if (err instanceof WebhookError) throw new HttpError(err.status, err.code, err.message);
		throw err;
	}
}
