/**
 * LLM settings: one zod schema for every provider, resolved against an injected environment
 * (only config-style code reads env; nothing here touches process.env).
 */
import { type LlmProvider, llmProviderSchema } from "@codeask/shared";
import { z } from "zod";
import { LlmError } from "./types.js";

/** A current Gemini Flash model; override with `model` (e.g. "gemini-flash-latest"). */
export const DEFAULT_GEMINI_MODEL = "gemini-3.5-flash";

/** Empty strings count as unset, so `GEMINI_API_KEY=` behaves like no key at all. */
const optionalText = (max: number) =>
	z.preprocess(
		(v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
		z.string().max(max).optional(),
	);

export const llmSettingsSchema = z.strictObject({
	provider: llmProviderSchema.default("none"),
	model: optionalText(200),
	apiKey: optionalText(500),
	baseUrl: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
	/** Per-attempt timeout. Up to an hour: a local model on a CPU, or a person playing the model, is slow. */
	timeoutMs: z.number().int().positive().max(3_600_000).default(60_000),
	/** Minimum gap between two requests to the same endpoint (free tiers: e.g. 4000 for 15 RPM). */
	minSpacingMs: z.number().int().nonnegative().max(600_000).default(0),
	/** Retries after a 408/409/429/5xx, a timeout or a network fault. */
	maxRetries: z.number().int().min(0).max(10).default(2),
	/** First backoff delay; doubles per retry, with jitter. */
	retryBaseMs: z.number().int().nonnegative().max(60_000).default(1000),
	/** Longest single wait. A retry-after longer than this is not waited for: the request fails. */
	maxRetryDelayMs: z.number().int().nonnegative().max(600_000).default(30_000),
});

export type LlmSettingsInput = z.input<typeof llmSettingsSchema>;
export type LlmSettings = z.output<typeof llmSettingsSchema>;

/** Settings with the provider-specific requirements checked and defaults filled in. */
export interface ResolvedLlmSettings extends Omit<LlmSettings, "model" | "apiKey"> {
	provider: LlmProvider;
	model: string | null;
	apiKey: string | undefined;
}

export type LlmEnv = Readonly<Record<string, string | undefined>>;

function invalid(message: string): LlmError {
	return new LlmError("invalid-config", `invalid LLM settings: ${message}`, false);
}

/**
 * Validates `input` and fills provider defaults. Keys come from the settings first, then from
 * `env` (GEMINI_API_KEY for gemini, OPENAI_API_KEY for openai). Throws LlmError("invalid-config")
 * listing every problem with its field path; the message never contains a key.
 */
export function resolveLlmSettings(input: unknown, env: LlmEnv = {}): ResolvedLlmSettings {
	const parsed = llmSettingsSchema.safeParse(input ?? {});
	if (!parsed.success) {
		const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
		throw invalid(issues.join("; "));
	}
	const s = parsed.data;
	const envText = (name: string) => {
		const v = env[name];
		return v && v.trim() !== "" ? v.trim() : undefined;
	};
	switch (s.provider) {
		case "none":
			return { ...s, model: null, apiKey: undefined };
		case "gemini": {
			const apiKey = s.apiKey ?? envText("GEMINI_API_KEY");
			if (!apiKey) throw invalid("gemini needs an API key: set GEMINI_API_KEY or pass apiKey");
			return { ...s, model: s.model ?? DEFAULT_GEMINI_MODEL, apiKey };
		}
		case "openai": {
			const missing = [!s.model && "model", !s.baseUrl && "baseUrl"].filter(Boolean);
			if (missing.length > 0) {
				throw invalid(
					`openai-compatible needs ${missing.join(" and ")} (e.g. model "qwen2.5-coder:7b", baseUrl "http://127.0.0.1:11434/v1")`,
				);
			}
			return { ...s, model: s.model ?? null, apiKey: s.apiKey ?? envText("OPENAI_API_KEY") };
		}
	}
}
