/**
 * The production LLM factory: one client per question, each with a fresh 3-request budget.
 * The service passes fully merged settings (request over defaults), so no environment is read here.
 */
import { ConfigError, type LlmDefaults } from "../config.js";
import { createLlmClient, RequestBudget } from "../llm/index.js";
import type { Logger } from "../logger.js";
import type { LlmFactory, ResolvedLlmSettings } from "./questions.js";

/** Drop unset fields: the LLM settings schema is strict about what it is given. */
function defined(settings: ResolvedLlmSettings): Record<string, unknown> {
	return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
}

export function llmFactory(log: Logger): LlmFactory {
	const logger = log.child({ component: "llm" });
	return (settings) => createLlmClient(defined(settings), new RequestBudget(), { logger });
}

/**
 * The factory for a command that answers with `defaults` (serve, mcp): the defaults are tried
 * once at start-up, so bad LLM settings stop the command with a ConfigError (exit 2) rather
 * than failing every question later.
 */
export function checkedLlmFactory(defaults: LlmDefaults, log: Logger): LlmFactory {
	const create = llmFactory(log);
	if (defaults.provider !== "none") {
		try {
			create(defaults);
		} catch (err) {
			throw new ConfigError([(err as Error).message]);
		}
	}
	return create;
}
