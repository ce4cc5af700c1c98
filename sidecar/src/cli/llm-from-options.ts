/**
 * The LLM client a CLI command asked for with `--llm/--model/--base-url`. A provider that cannot
 * be set up (no key, bad URL) is not fatal: the command answers offline and says why.
 */
import type { LlmProvider } from "@codeask/shared";
import { z } from "zod";
import type { LlmClient } from "../llm/types.js";

export interface LlmCliOptions {
	llm: LlmProvider;
	model?: string | undefined;
	baseUrl?: string | undefined;
}

export async function llmFromCliOptions(
	opts: LlmCliOptions,
	env: Readonly<Record<string, string | undefined>>,
): Promise<{ llm: LlmClient | undefined; setupError: string | null }> {
	if (opts.llm === "none") return { llm: undefined, setupError: null };
	// Said in the CLI's own words (flags and variables), not the settings' field names.
	const missing = missingForCli(opts, env);
	if (missing) return { llm: undefined, setupError: missing };
	const timeout = timeoutFromEnv(env);
	if (!timeout.ok) return { llm: undefined, setupError: timeout.error };
	// The provider SDKs load only when an LLM is asked for: offline commands start faster.
	const { createLlmClient, LlmError, RequestBudget } = await import("../llm/index.js");
	try {
		const llm = createLlmClient(
			{
				provider: opts.llm,
				...(opts.model ? { model: opts.model } : {}),
				...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
				...(timeout.ms !== undefined ? { timeoutMs: timeout.ms } : {}),
			},
			new RequestBudget(),
			{ env },
		);
		return { llm, setupError: null };
	} catch (err) {
		if (!(err instanceof LlmError)) throw err;
		return { llm: undefined, setupError: err.message };
	}
}

/** What `--llm gemini|openai` lacks on this command line, or null. */
function missingForCli(
	opts: LlmCliOptions,
	env: Readonly<Record<string, string | undefined>>,
): string | null {
	if (opts.llm === "gemini" && !env.GEMINI_API_KEY?.trim())
		return "--llm gemini needs an API key in GEMINI_API_KEY";
	if (opts.llm === "openai") {
		const lacking = [!opts.model && "--model", !opts.baseUrl && "--base-url"].filter(Boolean);
		if (lacking.length > 0)
			return `--llm openai needs ${lacking.join(" and ")} (e.g. --model qwen2.5-coder:7b --base-url http://127.0.0.1:11434/v1)`;
	}
	return null;
}

const TIMEOUT_ENV = "CODEASK_LLM_TIMEOUT_MS";
const timeoutSchema = z.coerce.number().int().min(100).max(3_600_000);

/** The per-attempt timeout the service also reads (`CODEASK_LLM_TIMEOUT_MS`), checked the same way. */
function timeoutFromEnv(
	env: Readonly<Record<string, string | undefined>>,
): { ok: true; ms: number | undefined } | { ok: false; error: string } {
	const raw = env[TIMEOUT_ENV]?.trim();
	if (!raw) return { ok: true, ms: undefined };
	const parsed = timeoutSchema.safeParse(raw);
	return parsed.success
		? { ok: true, ms: parsed.data }
		: {
				ok: false,
				error: `${TIMEOUT_ENV} must be a whole number of milliseconds from 100 to 3600000 (got "${raw}")`,
			};
}
