/**
 * OpenAI-compatible adapter on the `openai` package (`chat.completions.create`): OpenAI itself,
 * Ollama, vLLM, llama.cpp server, LM Studio… The SDK's retries are off; the client retries.
 * JSON is requested with `response_format: json_schema`; a server that rejects it (400) is asked
 * again once without it, and the JSON is then parsed from the text (fenced blocks included).
 * The SDK is loaded on the first request (dynamic import), so offline runs never pay for it.
 */
import type OpenAI from "openai";
import type {
	ChatCompletion,
	ChatCompletionCreateParamsNonStreaming,
} from "openai/resources/chat/completions";
import { httpError, providerMessage } from "./errors.js";
import type { ProviderCall, ProviderReply, ProviderTransport } from "./provider.js";
import { parseRetryAfter } from "./retry.js";
import { LlmError } from "./types.js";
import { convertOpenAiUsage } from "./usage.js";

export interface OpenAiOptions {
	model: string;
	/** Including the API prefix, e.g. "http://127.0.0.1:11434/v1". */
	baseUrl: string;
	/** Optional: local servers usually need none, and then no Authorization header is sent. */
	apiKey?: string;
	/** The client's per-attempt deadline; the SDK's own must not cut in before it. */
	timeoutMs?: number;
}

type OpenAiModule = typeof import("openai");
let sdk: Promise<OpenAiModule> | undefined;
/** The SDK module, imported once per process on first use. */
const loadSdk = (): Promise<OpenAiModule> => {
	sdk ??= import("openai");
	return sdk;
};

export function createOpenAiTransport(options: OpenAiOptions): ProviderTransport {
	let client: OpenAI | undefined;
	const secrets = [options.apiKey];
	// Learned per client: once a server rejects response_format, stop sending it.
	let structuredOutput = true;

	async function request(body: ChatCompletionCreateParamsNonStreaming, signal: AbortSignal) {
		const { default: OpenAIClient, APIConnectionError, APIError, APIUserAbortError } = await loadSdk();
		// Loaded with the SDK: offline runs never pay for the HTTP client.
		const { dispatcherFor } = await import("./dispatcher.js");
		// Every option the SDK would otherwise read from process.env is passed explicitly.
		client ??= new OpenAIClient({
			apiKey: options.apiKey ?? "no-key",
			baseURL: options.baseUrl,
			organization: null,
			project: null,
			maxRetries: 0,
			timeout: (options.timeoutMs ?? 600_000) + 1_000,
			fetchOptions: { dispatcher: dispatcherFor(options.timeoutMs ?? 600_000) },
			...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
		});
		try {
			return await client.chat.completions.create(body, { signal });
		} catch (err) {
			if (err instanceof APIUserAbortError || err instanceof APIConnectionError) throw err;
			if (err instanceof APIError && typeof err.status === "number") {
				throw httpError(
					"openai-compatible server",
					err.status,
					providerMessage(err.error === undefined ? undefined : { error: err.error }, err.message),
					secrets,
					parseRetryAfter(err.headers),
				);
			}
			if (err instanceof SyntaxError) {
				throw new LlmError(
					"malformed-output",
					"openai-compatible server answered with a body that is not JSON",
					false,
					200,
				);
			}
			throw err;
		}
	}

	async function send(call: ProviderCall, signal: AbortSignal): Promise<ProviderReply> {
		const body: ChatCompletionCreateParamsNonStreaming = {
			model: options.model,
			messages: [
				{ role: "system", content: call.system },
				...call.turns.map((t) => ({ role: t.role, content: t.text })),
			],
			// max_tokens rather than max_completion_tokens: what self-hosted servers understand.
			...(call.maxOutputTokens !== undefined ? { max_tokens: call.maxOutputTokens } : {}),
			...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
		};
		let completion: ChatCompletion;
		if (call.jsonSchema && structuredOutput) {
			const withFormat: ChatCompletionCreateParamsNonStreaming = {
				...body,
				response_format: {
					type: "json_schema",
					json_schema: { name: "output", schema: call.jsonSchema, strict: false },
				},
			};
			try {
				completion = await request(withFormat, signal);
			} catch (err) {
				if (!(err instanceof LlmError && err.status === 400)) throw err;
				structuredOutput = false;
				completion = await request(body, signal);
			}
		} else {
			completion = await request(body, signal);
		}
		const choice = completion.choices?.[0];
		const text = choice?.message?.content ?? "";
		const promptText = call.system + call.turns.map((t) => t.text).join("\n");
		return {
			text,
			usage: convertOpenAiUsage(completion.usage, promptText, text),
			...(choice?.finish_reason ? { finishReason: choice.finish_reason } : {}),
		};
	}

	return {
		provider: "openai",
		model: options.model,
		endpoint: `openai|${options.baseUrl}`,
		send,
	};
}
