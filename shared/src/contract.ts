/**
 * The HTTP contract between the Rocket.Chat App and the CodeAsk sidecar.
 * The sidecar validates with these schemas; the app imports only the types (`import type`),
 * so zod never ships inside the Rocket.Chat App package.
 */
import { z } from "zod";

/** Version of the HTTP API between the Rocket.Chat App and the sidecar (the `/v1` prefix). */
export const API_VERSION = 1;
/** Longest question the service accepts, in characters. */
export const MAX_QUESTION_CHARS = 2000;

export const llmProviderSchema = z.enum(["none", "gemini", "openai"]);
export type LlmProvider = z.infer<typeof llmProviderSchema>;

/** Per-request LLM settings; `apiKey` overrides the sidecar's own key for this request only. */
export const llmRequestSchema = z.strictObject({
	provider: llmProviderSchema,
	model: z.string().min(1).max(200).optional(),
	apiKey: z.string().min(1).max(500).optional(),
	baseUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
});
export type LlmRequest = z.infer<typeof llmRequestSchema>;

/**
 * A question, as every entry point (HTTP, MCP, CLI, the pipeline itself) accepts it: the one place
 * that says what a question is, so nothing valid here is refused later.
 */
export const questionSchema = z
	.string()
	.trim()
	.min(1, "question is empty")
	.max(MAX_QUESTION_CHARS, `question is longer than ${MAX_QUESTION_CHARS} characters`)
	// Control characters other than whitespace mean binary input, not a question.
	// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting them is the point
	.refine((q) => !/[\u0000-\u0008\u000e-\u001f]/.test(q), {
		message: "question contains control characters: send plain text",
	})
	.refine((q) => /[\p{L}\p{N}]/u.test(q), {
		message: "question has no letters or digits: ask in words, e.g. 'how are messages saved?'",
	});

export const askRequestSchema = z.strictObject({
	question: questionSchema,
	llm: llmRequestSchema.optional(),
	/** Also return the answer's chains drawn as a base64 PNG (`diagramPng`). */
	diagramPng: z.boolean().optional(),
	requestId: z.string().max(200).optional(),
	/** Who asked (for logs and rate limits); never used for authorisation. */
	user: z.string().max(200).optional(),
	/** "short" (default): one chat message with the path through the code; "full": every chain and code excerpts. */
	detail: z.enum(["short", "full"]).optional(),
	/** Which registered repository to answer from; optional when the sidecar serves one (or has a default). */
	repo: z.string().trim().min(1).max(63).optional(),
});
export type AskRequest = z.infer<typeof askRequestSchema>;

export const citationSchema = z.object({
	n: z.number().int().positive(),
	file: z.string(),
	startLine: z.number().int().positive(),
	endLine: z.number().int().positive(),
	symbol: z.string(),
	verified: z.boolean(),
});
export type Citation = z.infer<typeof citationSchema>;

/** One hop of a chain: a definition, or a dispatch key joining a dispatcher to its handlers. */
export const chainHopSchema = z.object({
	defId: z.string(),
	kind: z.string(),
	file: z.string().nullable(),
	startLine: z.number().int().nullable(),
	endLine: z.number().int().nullable(),
	/** How this hop is reached from the previous one: call, dispatch:<trunk>, implementation, … */
	via: z.string().nullable(),
	depth: z.number().int().nonnegative(),
	/** defId of the hop this one was reached from (null for a chain's starting hops), when known. */
	from: z.string().nullable().optional(),
});
export const chainSchema = z.object({
	id: z.string(),
	title: z.string(),
	direction: z.enum(["downstream", "upstream"]),
	hops: z.array(chainHopSchema),
});
export type Chain = z.infer<typeof chainSchema>;

export const usageSchema = z.object({
	requests: z.number().int().nonnegative(),
	tokensIn: z.number().int().nonnegative(),
	tokensOut: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof usageSchema>;

/** The answer to one question: the body of `POST /v1/ask` and of `codeask ask --json`. */
export const askResponseSchema = z.object({
	answer: z.string(),
	citations: z.array(citationSchema),
	chains: z.array(chainSchema),
	usage: usageSchema,
	/** The repository commit the index was built from (null when not a git checkout). */
	indexCommit: z.string().nullable(),
	/** Milliseconds per stage, plus `total`. */
	timings: z.record(z.string(), z.number()),
	/** Which LLM produced the answer; "none" for an offline (extractive) answer. */
	provider: llmProviderSchema,
	/** Why the LLM was not used or stopped being used, when it was configured. */
	fallbackReason: z.string().nullable().optional(),
	/** Citations removed because they did not verify against the index. */
	droppedCitations: z.number().int().nonnegative(),
	/** True when the answer says the code holds nothing that matches the question ("I don't know"). */
	abstained: z.boolean().optional(),
	/** Mermaid flowchart of the answer's chains, when available. */
	diagram: z.string().optional(),
	/** The chains drawn as a PNG (base64), when the request asked for `diagramPng`. */
	diagramPng: z.string().optional(),
	/** Names this answer for feedback (`POST /v1/feedback`, as does a job's `jobId`); a cached repeat has the same id. */
	answerId: z.string().optional(),
});
export type AskResponse = z.infer<typeof askResponseSchema>;

/** `POST /v1/overview`: the whole repository, or one package (by name or folder). */
export const overviewRequestSchema = z.strictObject({
	package: z.string().trim().min(1).max(200).optional(),
	/** Which registered repository (see `askRequestSchema.repo`). */
	repo: z.string().trim().min(1).max(63).optional(),
	llm: llmRequestSchema.optional(),
	/** Also return the package graph as a base64 PNG. */
	diagramPng: z.boolean().optional(),
	requestId: z.string().max(200).optional(),
	user: z.string().max(200).optional(),
});
export type OverviewRequest = z.infer<typeof overviewRequestSchema>;

export const overviewResponseSchema = z.object({
	scope: z.enum(["repository", "package"]),
	/** The package the overview is about (scope "package"). */
	package: z.string().nullable(),
	/** Structured Markdown summary (always present; the offline answer). */
	markdown: z.string(),
	/** The LLM's narrative, when an LLM was used and answered. */
	narrative: z.string().nullable(),
	/** Mermaid flowchart of the package graph. */
	diagram: z.string(),
	diagramPng: z.string().optional(),
	/** The structured data behind the summary (packages, dependencies, trunk links, folders). */
	data: z.record(z.string(), z.unknown()),
	usage: usageSchema,
	provider: llmProviderSchema,
	fallbackReason: z.string().nullable().optional(),
	timings: z.record(z.string(), z.number()),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

/**
 * Where the sidecar POSTs a finished job; the body is signed with HMAC-SHA256 using `secret`.
 * Only http(s) URLs without credentials; an operator can further limit the origins
 * (CODEASK_CALLBACK_ORIGINS, docs/service.md).
 */
export const jobCallbackSchema = z.strictObject({
	url: z
		.url({ protocol: /^https?$/, error: "must be an http(s) URL" })
		.refine((u) => !/^[a-z]+:\/\/[^/?#]*@/i.test(u), "must not carry credentials (user:password@)"),
	secret: z.string().min(16).max(500),
});
/**
 * `POST /v1/callback-origins`: the app says where its callbacks go (e.g. `http://rocketchat:3000`),
 * so callbacks to that origin may reach a loopback or private address. A few per process.
 */
export const callbackOriginRequestSchema = z.strictObject({
	origin: z
		.url({ protocol: /^https?$/, error: "must be an http(s) URL" })
		.refine((u) => !/^[a-z]+:\/\/[^/?#]*@/i.test(u), "must not carry credentials (user:password@)"),
});
export type CallbackOriginRequest = z.infer<typeof callbackOriginRequestSchema>;

export const jobRequestSchema = askRequestSchema.extend({ callback: jobCallbackSchema.optional() });
export type JobRequest = z.infer<typeof jobRequestSchema>;

export const jobStatusSchema = z.enum(["queued", "running", "done", "failed"]);
export const jobCreatedSchema = z.object({ jobId: z.string() });
export const jobSchema = z.object({
	jobId: z.string(),
	status: jobStatusSchema,
	question: z.string(),
	createdAt: z.string(),
	finishedAt: z.string().nullable(),
	result: askResponseSchema.nullable(),
	error: z.object({ code: z.string(), message: z.string() }).nullable(),
	/** Delivery of the signed callback, when the job has one (absent from the callback body itself). */
	callback: z
		.object({
			state: z.enum(["pending", "delivered", "failed"]),
			attempts: z.number().int().nonnegative(),
			lastError: z.string().nullable(),
		})
		.optional(),
});
export type Job = z.infer<typeof jobSchema>;

/**
 * The body of a signed job callback: which job finished and how. It stays a few hundred bytes
 * whatever the answer's size (Rocket.Chat parses app endpoint bodies with a 100 kB limit); the
 * receiver reads the finished job with `GET /v1/jobs/:id` and its token.
 */
export const jobCallbackBodySchema = z.strictObject({
	jobId: z.string(),
	status: z.enum(["done", "failed"]),
});
export type JobCallbackBody = z.infer<typeof jobCallbackBodySchema>;

/**
 * Headers on a job callback. Signature = hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`).
 * Receivers reject timestamps older than five minutes.
 */
export const CALLBACK_SIGNATURE_HEADER = "x-codeask-signature";
export const CALLBACK_TIMESTAMP_HEADER = "x-codeask-timestamp";

export const statusResponseSchema = z.object({
	version: z.string(),
	apiVersion: z.number().int(),
	index: z.object({
		commit: z.string().nullable(),
		builtAt: z.string(),
		repoRoot: z.string(),
		files: z.number().int(),
		definitions: z.number().int(),
		edges: z.number().int(),
		packages: z.number().int(),
		/**
		 * The indexed checkout's git remote (`origin`) and the index root's folder inside it ("" at
		 * the top), recorded at index time: clients turn citations into web links from them.
		 */
		remoteUrl: z.string().nullable().optional(),
		subdir: z.string().optional(),
		/** The last replacement file refused since this index was loaded (still serving this one), and why. */
		refused: z.object({ reason: z.string(), at: z.string() }).nullable().optional(),
	}),
	trunks: z.record(z.string(), z.object({ keys: z.number().int(), bothSides: z.number().int() })),
	llm: z.object({ provider: llmProviderSchema, model: z.string().nullable() }),
	/** Live load figures of the service (questions in flight, cache, jobs kept). */
	runtime: z
		.object({
			running: z.number().int(),
			queued: z.number().int(),
			maxRunning: z.number().int(),
			maxQueued: z.number().int(),
			cache: z.object({
				entries: z.number().int(),
				bytes: z.number().int(),
				hits: z.number().int(),
				misses: z.number().int(),
			}),
			jobs: z.number().int(),
			rssBytes: z.number().int(),
			uptimeSeconds: z.number(),
		})
		.optional(),
	/** Repository mode: each repository's indexed commit, branch head last seen, last sync, last error. */
	repos: z.array(z.lazy(() => repoInfoSchema)).optional(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** The one error envelope every non-2xx response uses. */
export const errorResponseSchema = z.object({
	error: z.object({
		code: z.string(),
		message: z.string(),
		requestId: z.string().optional(),
		/** Field-level problems for 400s: `path` is the dotted field path. */
		issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
	}),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * `POST /v1/feedback`: a reader's vote on one answer. `answerId` is the job id of the answer
 * (`jobId` of `POST /v1/jobs`); the sidecar stores the vote with that answer's question, commit and
 * configuration, and `codeask feedback export` turns the votes into a question set.
 */
export const feedbackRequestSchema = z.strictObject({
	answerId: z.string().min(1).max(200),
	question: questionSchema,
	vote: z.enum(["up", "down"]),
	comment: z.string().trim().max(2000).optional(),
	/** Who voted (for de-duplication and logs); never used for authorisation. */
	user: z.string().max(200).optional(),
	requestId: z.string().max(200).optional(),
	/** The repository the answer was about (repository mode). */
	repo: z.string().trim().min(1).max(63).optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;
export const feedbackResponseSchema = z.object({
	id: z.string(),
	stored: z.boolean(),
	/** Whether the sidecar still knew the answer (its commit, settings and citations were stored with the vote). */
	answerKnown: z.boolean().optional(),
});
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

// --- Repositories (issue 14): a sidecar serving several repositories, kept fresh on every push ---

/** A registered repository's name: what `repo` in a question, `/codeask in <repo>` and URLs use. */
export const repoNameSchema = z
	.string()
	.trim()
	.regex(
		/^[a-z0-9][a-z0-9._-]{0,62}$/,
		"repository names are 1-63 characters: lower-case letters, digits, '.', '_' and '-', starting with a letter or digit",
	);

/** A branch name git accepts, and nothing that reads as an option or a path trick. */
export const branchSchema = z
	.string()
	.trim()
	.min(1)
	.max(200)
	.regex(
		/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/,
		"branch names are letters, digits, '.', '_', '/' and '-', not starting with '-'",
	)
	.refine(
		(b) => !b.includes("..") && !b.includes("//") && !b.endsWith("/") && !b.endsWith(".lock"),
		"not a valid branch name",
	);

/** A folder inside the repository to index (a package of a monorepo). */
export const subdirSchema = z
	.string()
	.trim()
	.min(1)
	.max(500)
	.refine(
		(d) =>
			!d.startsWith("/") &&
			!d.startsWith("-") &&
			!d.split("/").some((s) => s === ".." || s === "") &&
			!d.includes("\\"),
		"the subfolder must be a relative path inside the repository (no '..', no leading '/')",
	);

/** `POST /v1/repos` (admin token): register a repository and start its first index. */
export const repoAddRequestSchema = z.strictObject({
	name: repoNameSchema,
	/** https://…, ssh://…, user@host:path, or a local folder / file:// under the sidecar's local root. */
	url: z.string().trim().min(1).max(2000),
	branch: branchSchema.optional(),
	subdir: subdirSchema.optional(),
	/** String-dispatch trunks: the built-in presets (default) or none. */
	trunks: z.enum(["builtin", "none"]).optional(),
	/** Where to POST indexing progress (started, percent, finished, failed), signed like job callbacks. */
	callback: jobCallbackSchema.optional(),
	/** Opaque to the sidecar: echoed in progress callbacks (the app puts the room id here). */
	context: z.string().max(500).optional(),
});
export type RepoAddRequest = z.infer<typeof repoAddRequestSchema>;

export const repoStateSchema = z.enum(["queued", "syncing", "indexing", "ready", "failed"]);

/** One repository and its freshness: indexed commit, branch head last seen, last sync, last error. */
export const repoInfoSchema = z.object({
	name: z.string(),
	url: z.string(),
	branch: z.string(),
	subdir: z.string().nullable(),
	trunks: z.enum(["builtin", "none"]),
	addedAt: z.string(),
	state: repoStateSchema,
	indexedCommit: z.string().nullable(),
	headSeen: z.string().nullable(),
	lastSyncAt: z.string().nullable(),
	lastError: z.string().nullable(),
	/** Percent of the running index, when one is running. */
	progress: z.number().int().min(0).max(100).nullable(),
	counts: z
		.object({ files: z.number().int(), definitions: z.number().int(), edges: z.number().int() })
		.nullable(),
	/** Is this the repository a question without `repo` is answered from? */
	isDefault: z.boolean(),
});
export type RepoInfo = z.infer<typeof repoInfoSchema>;
export const repoListSchema = z.object({ repos: z.array(repoInfoSchema) });
export type RepoList = z.infer<typeof repoListSchema>;

/** Body of an indexing progress callback (`POST /v1/repos` with `callback`). */
export const repoProgressSchema = z.object({
	repo: z.string(),
	event: z.enum(["started", "progress", "finished", "failed"]),
	percent: z.number().int().min(0).max(100).nullable(),
	commit: z.string().nullable(),
	counts: z
		.object({ files: z.number().int(), definitions: z.number().int(), edges: z.number().int() })
		.nullable(),
	error: z.string().nullable(),
	context: z.string().nullable(),
});
export type RepoProgress = z.infer<typeof repoProgressSchema>;
