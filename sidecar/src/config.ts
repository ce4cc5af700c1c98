/**
 * The sidecar's configuration: environment variables and command-line flags, parsed once with
 * zod. Flags win over the environment; an empty string counts as unset; every problem is
 * reported at once with the variable or flag it came from. Nothing else reads `process.env`.
 */
import { llmProviderSchema } from "@codeask/shared";
import { z } from "zod";

/** Where each setting comes from: its environment variable and (optionally) its flag. */
const SOURCES = {
	indexPath: { env: "CODEASK_INDEX", flag: "--index" },
	host: { env: "CODEASK_HOST", flag: "--host" },
	port: { env: "CODEASK_PORT", flag: "--port" },
	token: { env: "CODEASK_TOKEN" },
	insecureNoAuth: { flag: "--insecure-no-auth" },
	llmProvider: { env: "CODEASK_LLM_PROVIDER", flag: "--llm" },
	llmModel: { env: "CODEASK_LLM_MODEL", flag: "--model" },
	llmBaseUrl: { env: "CODEASK_LLM_BASE_URL", flag: "--llm-base-url" },
	llmApiKey: { env: "CODEASK_LLM_API_KEY" },
	geminiApiKey: { env: "GEMINI_API_KEY" },
	openaiApiKey: { env: "OPENAI_API_KEY" },
	llmTimeoutMs: { env: "CODEASK_LLM_TIMEOUT_MS" },
	llmMinSpacingMs: { env: "CODEASK_LLM_MIN_SPACING_MS" },
	maxRunning: { env: "CODEASK_MAX_RUNNING", flag: "--max-running" },
	maxQueued: { env: "CODEASK_MAX_QUEUED", flag: "--max-queued" },
	askTimeoutMs: { env: "CODEASK_ASK_TIMEOUT_MS", flag: "--ask-timeout-ms" },
	retryAfterSeconds: { env: "CODEASK_RETRY_AFTER_S" },
	cacheEntries: { env: "CODEASK_CACHE_ENTRIES", flag: "--cache-entries" },
	cacheMaxBytes: { env: "CODEASK_CACHE_MAX_BYTES" },
	cacheTtlMs: { env: "CODEASK_CACHE_TTL_MS" },
	jobTtlMs: { env: "CODEASK_JOB_TTL_MS" },
	maxJobs: { env: "CODEASK_MAX_JOBS" },
	callbackAttempts: { env: "CODEASK_CALLBACK_ATTEMPTS" },
	callbackBackoffMs: { env: "CODEASK_CALLBACK_BACKOFF_MS" },
	callbackTimeoutMs: { env: "CODEASK_CALLBACK_TIMEOUT_MS" },
	callbackOrigins: { env: "CODEASK_CALLBACK_ORIGINS" },
	shutdownTimeoutMs: { env: "CODEASK_SHUTDOWN_TIMEOUT_MS" },
	indexPollMs: { env: "CODEASK_INDEX_POLL_MS" },
	waitForIndex: { flag: "--wait-for-index" },
	logLevel: { env: "CODEASK_LOG_LEVEL", flag: "--log-level" },
	feedbackPath: { env: "CODEASK_FEEDBACK_DB" },
} as const satisfies Record<string, { env?: string; flag?: string }>;

type SettingName = keyof typeof SOURCES;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z.union([z.boolean(), z.stringbool()]);

/** Defaults are the documented ones in docs/service.md; keep the two in step. */
const configSchema = z
	.strictObject({
		indexPath: z.string().min(1).default(".codeask/index.db"),
		host: z.string().min(1).default("127.0.0.1"),
		port: int(0, 65535).default(3900),
		token: z
			.string()
			.min(16, "must be at least 16 characters")
			.max(500)
			// A bearer token is one word: with whitespace in it, no request could ever authenticate.
			.regex(/^\S+$/, "must not contain spaces or other whitespace")
			.optional(),
		insecureNoAuth: bool.default(false),
		llmProvider: llmProviderSchema.default("none"),
		llmModel: z.string().min(1).max(200).optional(),
		llmBaseUrl: z.url().optional(),
		llmApiKey: z.string().min(1).optional(),
		geminiApiKey: z.string().min(1).optional(),
		openaiApiKey: z.string().min(1).optional(),
		llmTimeoutMs: int(100, 3_600_000).optional(),
		llmMinSpacingMs: int(0, 120_000).optional(),
		maxRunning: int(1, 64).default(2),
		maxQueued: int(0, 10_000).default(32),
		askTimeoutMs: int(100, 3_600_000).default(120_000),
		retryAfterSeconds: int(1, 3600).default(5),
		cacheEntries: int(0, 100_000).default(500),
		cacheMaxBytes: int(1024, 2 ** 31).default(64 * 1024 * 1024),
		cacheTtlMs: int(1000, 7 * 86_400_000).default(3_600_000),
		jobTtlMs: int(1000, 7 * 86_400_000).default(3_600_000),
		maxJobs: int(1, 1_000_000).default(1000),
		callbackAttempts: int(1, 20).default(6),
		callbackBackoffMs: int(1, 600_000).default(1000),
		callbackTimeoutMs: int(100, 120_000).default(10_000),
		callbackOrigins: z
			.string()
			.transform((text, ctx) => {
				const origins: string[] = [];
				for (const item of text
					.split(",")
					.map((s) => s.trim())
					.filter(Boolean)) {
					const url = URL.canParse(item) ? new URL(item) : null;
					if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
						ctx.addIssue({ code: "custom", message: `"${item}" is not an http(s) origin` });
						return z.NEVER;
					}
					origins.push(url.origin);
				}
				return origins;
			})
			.default([]),
		shutdownTimeoutMs: int(0, 600_000).default(30_000),
		feedbackPath: z.string().min(1).optional(),
		indexPollMs: int(0, 3_600_000).default(2000),
		waitForIndex: bool.default(false),
		logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
	})
	.superRefine((c, ctx) => {
		if (!c.token && !c.insecureNoAuth) {
			ctx.addIssue({
				code: "custom",
				path: ["token"],
				message: "is required (a shared secret of 16+ characters), or pass --insecure-no-auth explicitly",
			});
		}
		if (c.llmProvider === "openai" && !c.llmModel) {
			ctx.addIssue({
				code: "custom",
				path: ["llmModel"],
				message: "is required when the LLM provider is openai (the model name the server serves)",
			});
		}
		if (c.llmProvider === "openai" && !c.llmBaseUrl) {
			ctx.addIssue({
				code: "custom",
				path: ["llmBaseUrl"],
				message: "is required when the LLM provider is openai (an OpenAI-compatible server)",
			});
		}
	});

type ParsedConfig = z.infer<typeof configSchema>;

/** The LLM the sidecar uses when a request does not name its own. `apiKey` never leaves the process. */
export interface LlmDefaults {
	provider: ParsedConfig["llmProvider"];
	model?: string;
	baseUrl?: string;
	apiKey?: string;
	timeoutMs?: number;
	minSpacingMs?: number;
}

export interface Config {
	indexPath: string;
	host: string;
	port: number;
	/** null only with --insecure-no-auth. */
	token: string | null;
	llm: LlmDefaults;
	/** Keys per provider from the environment, used when a request switches provider without a key. */
	providerKeys: { gemini?: string; openai?: string };
	limits: { maxRunning: number; maxQueued: number; askTimeoutMs: number; retryAfterSeconds: number };
	cache: { entries: number; maxBytes: number; ttlMs: number };
	jobs: {
		ttlMs: number;
		maxJobs: number;
		callbackAttempts: number;
		callbackBackoffMs: number;
		callbackTimeoutMs: number;
		/** Origins a job's callback URL may have; empty = any http(s) URL. */
		callbackOrigins: string[];
	};
	shutdownTimeoutMs: number;
	indexPollMs: number;
	waitForIndex: boolean;
	logLevel: ParsedConfig["logLevel"];
	/** The feedback store (SQLite); default: feedback.db beside the index. */
	feedbackPath?: string;
}

/** Every problem found, each naming the variable or flag it came from. */
export class ConfigError extends Error {
	constructor(readonly problems: string[]) {
		super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
		this.name = "ConfigError";
	}
}

export type Flags = Partial<Record<SettingName, string | number | boolean | undefined>>;

/** Settings a command does not use: their variables are ignored (and so cannot make it fail). */
export type ConfigScope = "serve" | "mcp";

const SERVE_ONLY: readonly SettingName[] = [
	"host",
	"port",
	"token",
	"insecureNoAuth",
	"maxRunning",
	"maxQueued",
	"retryAfterSeconds",
	"cacheEntries",
	"cacheMaxBytes",
	"cacheTtlMs",
	"jobTtlMs",
	"maxJobs",
	"callbackAttempts",
	"callbackBackoffMs",
	"callbackTimeoutMs",
	"callbackOrigins",
	"shutdownTimeoutMs",
	"waitForIndex",
	"feedbackPath",
];

function describe(name: SettingName): string {
	const s: { env?: string; flag?: string } = SOURCES[name];
	return [s.env, s.flag].filter(Boolean).join(" / ");
}

/**
 * Parse the configuration for a command from the environment and its flags.
 * Throws ConfigError listing every problem; never reads `process.env` itself.
 */
export function loadConfig(
	env: Record<string, string | undefined>,
	flags: Flags,
	scope: ConfigScope,
): Config {
	const raw: Record<string, unknown> = {};
	for (const name of Object.keys(SOURCES) as SettingName[]) {
		if (scope !== "serve" && SERVE_ONLY.includes(name)) continue;
		const source: { env?: string; flag?: string } = SOURCES[name];
		const fromFlag = flags[name];
		const fromEnv = source.env ? env[source.env] : undefined;
		const value = fromFlag !== undefined && fromFlag !== "" ? fromFlag : fromEnv;
		if (value !== undefined && value !== "") raw[name] = typeof value === "string" ? value.trim() : value;
	}
	if (scope !== "serve") raw.insecureNoAuth = true;

	const parsed = configSchema.safeParse(raw);
	if (!parsed.success) {
		throw new ConfigError(
			parsed.error.issues.map((issue) => {
				const name = issue.path[0] as SettingName | undefined;
				return name && name in SOURCES ? `${describe(name)}: ${issue.message}` : issue.message;
			}),
		);
	}
	const c = parsed.data;
	const providerKeys = { gemini: c.geminiApiKey, openai: c.openaiApiKey };
	const providerKey = c.llmProvider === "none" ? undefined : providerKeys[c.llmProvider];
	return {
		indexPath: c.indexPath,
		host: c.host,
		port: c.port,
		token: c.insecureNoAuth && !c.token ? null : (c.token ?? null),
		llm: {
			provider: c.llmProvider,
			model: c.llmModel,
			baseUrl: c.llmBaseUrl,
			apiKey: c.llmApiKey ?? providerKey,
			timeoutMs: c.llmTimeoutMs,
			minSpacingMs: c.llmMinSpacingMs,
		},
		providerKeys,
		limits: {
			maxRunning: c.maxRunning,
			maxQueued: c.maxQueued,
			askTimeoutMs: c.askTimeoutMs,
			retryAfterSeconds: c.retryAfterSeconds,
		},
		cache: { entries: c.cacheEntries, maxBytes: c.cacheMaxBytes, ttlMs: c.cacheTtlMs },
		jobs: {
			ttlMs: c.jobTtlMs,
			maxJobs: c.maxJobs,
			callbackAttempts: c.callbackAttempts,
			callbackBackoffMs: c.callbackBackoffMs,
			callbackTimeoutMs: c.callbackTimeoutMs,
			callbackOrigins: c.callbackOrigins,
		},
		shutdownTimeoutMs: c.shutdownTimeoutMs,
		indexPollMs: c.indexPollMs,
		waitForIndex: c.waitForIndex,
		logLevel: c.logLevel,
		...(c.feedbackPath ? { feedbackPath: c.feedbackPath } : {}),
	};
}

/** Names of the environment variables the sidecar reads, for `--help` texts and docs. */
export function environmentVariables(scope: ConfigScope): string[] {
	return (Object.keys(SOURCES) as SettingName[])
		.filter((n) => scope === "serve" || !SERVE_ONLY.includes(n))
		.map((n) => (SOURCES[n] as { env?: string }).env)
		.filter((e): e is string => Boolean(e));
}

// --- Repositories (issue 14): `codeask serve --repos-dir` and `codeask repos` ---

const REPO_SOURCES = {
	reposDir: { env: "CODEASK_REPOS_DIR", flag: "--repos-dir" },
	adminToken: { env: "CODEASK_ADMIN_TOKEN" },
	localRoot: { env: "CODEASK_REPOS_LOCAL_ROOT", flag: "--local-root" },
	gitProtocols: { env: "CODEASK_GIT_PROTOCOLS" },
	gitToken: { env: "CODEASK_GIT_TOKEN" },
	gitUsername: { env: "CODEASK_GIT_USERNAME" },
	gitCredentialsFile: { env: "CODEASK_GIT_CREDENTIALS_FILE" },
	gitCaFile: { env: "CODEASK_GIT_CA_FILE" },
	cloneTimeoutMs: { env: "CODEASK_CLONE_TIMEOUT_MS" },
	repoMaxMb: { env: "CODEASK_REPO_MAX_MB" },
	pollMs: { env: "CODEASK_REPO_POLL_MS" },
	webhookSecret: { env: "CODEASK_WEBHOOK_SECRET" },
	defaultRepo: { env: "CODEASK_DEFAULT_REPO" },
	syncConcurrency: { env: "CODEASK_SYNC_CONCURRENCY" },
	redisUrl: { env: "CODEASK_REDIS_URL" },
} as const satisfies Record<string, { env?: string; flag?: string }>;

const repoConfigSchema = z.strictObject({
	reposDir: z.string().min(1).optional(),
	adminToken: z
		.string()
		.min(16, "must be at least 16 characters")
		.max(500)
		.regex(/^\S+$/, "must not contain whitespace")
		.optional(),
	localRoot: z.string().min(1).optional(),
	gitProtocols: z
		.string()
		.transform((s) =>
			s
				.split(",")
				.map((p) => p.trim())
				.filter(Boolean),
		)
		.pipe(z.array(z.enum(["https", "ssh", "file"])))
		.default(["https", "ssh", "file"]),
	gitToken: z.string().min(1).optional(),
	gitUsername: z.string().min(1).max(200).optional(),
	gitCredentialsFile: z.string().min(1).optional(),
	gitCaFile: z.string().min(1).optional(),
	cloneTimeoutMs: int(1000, 3_600_000).default(600_000),
	repoMaxMb: int(1, 1_000_000).default(4096),
	pollMs: int(0, 86_400_000).default(300_000),
	webhookSecret: z.string().min(16, "must be at least 16 characters").max(500).optional(),
	defaultRepo: z.string().min(1).max(63).optional(),
	syncConcurrency: int(1, 16).default(1),
	redisUrl: z
		.string()
		.regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
		.optional(),
});

export type RepoConfig = z.infer<typeof repoConfigSchema>;
export type RepoFlags = Partial<Record<keyof typeof REPO_SOURCES, string | undefined>>;

/** The repository settings (registry folder, git limits and credentials, webhooks, queue). */
export function loadRepoConfig(env: Record<string, string | undefined>, flags: RepoFlags = {}): RepoConfig {
	const raw: Record<string, unknown> = {};
	for (const name of Object.keys(REPO_SOURCES) as (keyof typeof REPO_SOURCES)[]) {
		const source: { env?: string; flag?: string } = REPO_SOURCES[name];
		const fromFlag = flags[name];
		const value =
			fromFlag !== undefined && fromFlag !== "" ? fromFlag : source.env ? env[source.env] : undefined;
		if (value !== undefined && value !== "") raw[name] = value.trim();
	}
	const parsed = repoConfigSchema.safeParse(raw);
	if (!parsed.success) {
		throw new ConfigError(
			parsed.error.issues.map((issue) => {
				const name = issue.path[0] as keyof typeof REPO_SOURCES | undefined;
				const s: { env?: string; flag?: string } | undefined = name ? REPO_SOURCES[name] : undefined;
				return s ? `${[s.env, s.flag].filter(Boolean).join(" / ")}: ${issue.message}` : issue.message;
			}),
		);
	}
	if (parsed.data.adminToken && parsed.data.adminToken === env.CODEASK_TOKEN) {
		throw new ConfigError(["CODEASK_ADMIN_TOKEN: must differ from CODEASK_TOKEN (the asking token)"]);
	}
	return parsed.data;
}
