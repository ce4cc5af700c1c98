/**
 * Push webhooks from GitHub, GitLab and Gitea/Forgejo, each verified with its forge's own scheme
 * over the raw body bytes: GitHub `X-Hub-Signature-256: sha256=<hex HMAC-SHA256>`, GitLab
 * `X-Gitlab-Token: <secret>`, Gitea `X-Gitea-Signature` / Forgejo `X-Forgejo-Signature:
 * <hex HMAC-SHA256>`. Comparisons are constant-time. Only the branch and commit are read.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export type Forge = "github" | "gitlab" | "gitea" | "forgejo";

export type PushEvent =
	| {
			kind: "push";
			forge: Forge;
			branch: string | null;
			after: string | null;
			/** The pushed repository's URLs as the forge gives them (clone, ssh, web), for matching. */
			repoUrls: string[];
	  }
	| { kind: "ignored"; forge: Forge; event: string };

export class WebhookError extends Error {
	constructor(
		readonly status: 400 | 401,
		readonly code: string,
		message: string,
	) {
		super(message);
		this.name = "WebhookError";
	}
}

type Headers = Record<string, string | string[] | undefined>;
const header = (h: Headers, name: string): string | undefined => {
	const v = h[name];
	return Array.isArray(v) ? v[0] : v;
};

const digest = (s: string | Buffer) => createHash("sha256").update(s).digest();
/** Constant-time equality of two strings of any lengths (both hashed first). */
function same(a: string, b: string): boolean {
	return timingSafeEqual(digest(a), digest(b));
}
const hmac = (secret: string, body: Buffer) => createHmac("sha256", secret).update(body).digest("hex");

const urlFields = z.looseObject({
	clone_url: z.string().optional(),
	ssh_url: z.string().optional(),
	git_url: z.string().optional(),
	html_url: z.string().optional(),
	git_http_url: z.string().optional(),
	git_ssh_url: z.string().optional(),
	web_url: z.string().optional(),
});
const pushSchema = z.looseObject({
	ref: z.string().optional(),
	after: z.string().optional(),
	checkout_sha: z.string().nullable().optional(),
	// GitHub and Gitea/Forgejo: repository.*; GitLab: project.*
	repository: urlFields.optional().catch(undefined),
	project: urlFields.optional().catch(undefined),
});

/**
 * One spelling of a repository location for comparing webhook URLs with registered ones:
 * `host/path` in lower case, without scheme, user, port, `.git` or trailing slashes
 * (`git@github.com:Org/Repo.git`, `https://github.com/org/repo` and `ssh://git@github.com/org/repo.git`
 * are the same repository).
 */
export function repoKey(url: string): string | null {
	const trimmed = url.trim();
	const scp = /^[A-Za-z0-9._~-]+@([^:/]+):(.+)$/.exec(trimmed);
	let host: string;
	let path: string;
	if (scp && !trimmed.includes("://")) {
		host = scp[1] as string;
		path = scp[2] as string;
	} else {
		if (!URL.canParse(trimmed)) return null;
		const u = new URL(trimmed);
		if (u.protocol === "file:") return null;
		host = u.hostname;
		path = u.pathname;
	}
	const clean = path.replace(/^\/+|\/+$/g, "").replace(/\.git$/i, "");
	return clean ? `${host}/${clean}`.toLowerCase() : null;
}

/** Which forge sent this, from its event header; null when none of them did. */
function forgeOf(h: Headers): { forge: Forge; event: string } | null {
	const gh = header(h, "x-github-event");
	if (gh) return { forge: "github", event: gh };
	const gl = header(h, "x-gitlab-event");
	if (gl) return { forge: "gitlab", event: gl };
	const fj = header(h, "x-forgejo-event");
	if (fj) return { forge: "forgejo", event: fj };
	const gt = header(h, "x-gitea-event");
	if (gt) return { forge: "gitea", event: gt };
	return null;
}

/** Verify and read a webhook delivery. Throws WebhookError (401 for a bad signature). */
export function readWebhook(headers: Headers, raw: Buffer, secret: string): PushEvent {
	const from = forgeOf(headers);
	if (!from)
		throw new WebhookError(
			400,
			"unknown-webhook",
			"not a GitHub, GitLab, Gitea or Forgejo webhook (no event header)",
		);
	let ok = false;
	if (from.forge === "github") {
		const sig = header(headers, "x-hub-signature-256") ?? "";
		ok = same(sig, `sha256=${hmac(secret, raw)}`);
	} else if (from.forge === "gitlab") {
		ok = same(header(headers, "x-gitlab-token") ?? "", secret);
	} else {
		const sig = header(headers, "x-forgejo-signature") ?? header(headers, "x-gitea-signature") ?? "";
		ok = same(sig.toLowerCase(), hmac(secret, raw));
	}
	if (!ok) throw new WebhookError(401, "bad-signature", `the ${from.forge} webhook signature does not match`);

	const isPush = from.event === "push" || from.event === "Push Hook";
	if (!isPush) return { kind: "ignored", forge: from.forge, event: from.event };
	let body: unknown;
	try {
		body = JSON.parse(raw.toString("utf8"));
	} catch {
		throw new WebhookError(400, "invalid-json", "the webhook body is not JSON");
	}
	const parsed = pushSchema.safeParse(body);
	if (!parsed.success) throw new WebhookError(400, "invalid-body", "the push event has no usable ref");
	const ref = parsed.data.ref ?? "";
	const branch = ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null;
	const after = parsed.data.checkout_sha ?? parsed.data.after ?? null;
	const repoUrls = [parsed.data.repository, parsed.data.project]
		.flatMap((r) => (r ? Object.values(r) : []))
		.filter((v): v is string => typeof v === "string" && v.length > 0 && v.length < 2000);
	return { kind: "push", forge: from.forge, branch, after, repoUrls };
}
