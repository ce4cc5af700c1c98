/**
 * The production LLM factory: one client per question, each with a fresh 3-request budget.
 * The service passes fully merged settings (request over defaults), so no environment is read here.
 */
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
