/**
 * Gemini adapter on @google/genai (`models.generateContent`). The SDK's own retries are off
 * (no retryOptions): retries, budget and timeouts are the client's job. A per-call fetch
 * wrapper keeps the response headers, which the SDK's ApiError drops, for retry-after.
 * The SDK is loaded on the first request (dynamic import), so offline runs never pay for it.
 */
import type { GenerateContentResponse, GoogleGenAI } from "@google/genai";
import { httpError, providerMessage } from "./errors.js";
import type { ProviderCall, ProviderReply, ProviderTransport } from "./provider.js";
import { parseGoogleRetryDelay, parseRetryAfter } from "./retry.js";
import { LlmError } from "./types.js";
import { convertGeminiUsage } from "./usage.js";

export interface GeminiOptions {
	apiKey: string;
	model: string;
	/** The client's per-attempt timeout, which Node's fetch must not cut short (dispatcher.ts). */
	timeoutMs?: number;
	/** Origin only (the SDK appends `/v1beta/models/…`); default Google's endpoint. */
	baseUrl?: string;
}

const DEFAULT_ENDPOINT = "https://generativelanguage.googleapis.com";

type GenAiModule = typeof import("@google/genai");
let sdk: Promise<GenAiModule> | undefined;
/** The SDK module, imported once per process on first use. */
const loadSdk = (): Promise<GenAiModule> => {
	sdk ??= import("@google/genai");
	return sdk;
};

export function createGeminiTransport(options: GeminiOptions): ProviderTransport {
	let client: GoogleGenAI | undefined;
	const secrets = [options.apiKey];

	async function send(call: ProviderCall, signal: AbortSignal): Promise<ProviderReply> {
		let lastHeaders: Headers | undefined;
		const { withDispatcher } = await import("./dispatcher.js");
		const observingFetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
			const response = await fetch(input, withDispatcher(init, options.timeoutMs ?? 600_000));
			lastHeaders = response.headers;
			return response;
		};
		const { ApiError, GoogleGenAI } = await loadSdk();
		// vertexai: false so GOOGLE_GENAI_USE_VERTEXAI in the environment cannot redirect requests.
		client ??= new GoogleGenAI({
			apiKey: options.apiKey,
			vertexai: false,
			...(options.baseUrl ? { httpOptions: { baseUrl: options.baseUrl } } : {}),
		});
		let response: GenerateContentResponse;
		try {
			response = await client.models.generateContent({
				model: options.model,
				contents: call.turns.map((t) => ({
					role: t.role === "assistant" ? "model" : "user",
					parts: [{ text: t.text }],
				})),
				config: {
					systemInstruction: call.system,
					...(call.maxOutputTokens !== undefined ? { maxOutputTokens: call.maxOutputTokens } : {}),
					...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
					...(call.jsonSchema
						? { responseMimeType: "application/json", responseJsonSchema: call.jsonSchema }
						: {}),
					abortSignal: signal,
					httpOptions: { fetch: observingFetch },
				},
			});
		} catch (err) {
			if (err instanceof ApiError) throw toLlmError(err, lastHeaders, secrets);
			if (err instanceof SyntaxError) {
				// A 2xx whose body is not JSON: the provider answered (billed), the output is unusable.
				throw new LlmError("malformed-output", "gemini answered with a body that is not JSON", false, 200);
			}
			throw err;
		}
		const text = replyText(response);
		const promptText = call.system + call.turns.map((t) => t.text).join("\n");
		const candidate = response.candidates?.[0];
		const finishReason = candidate?.finishReason ?? response.promptFeedback?.blockReason;
		return {
			text,
			usage: convertGeminiUsage(response.usageMetadata, promptText, text),
			...(finishReason ? { finishReason: String(finishReason) } : {}),
		};
	}

	return {
		provider: "gemini",
		model: options.model,
		endpoint: `gemini|${options.baseUrl ?? DEFAULT_ENDPOINT}`,
		send,
	};
}

/** Text of the first candidate without thought parts (the SDK's `.text` getter also warns on stdout). */
function replyText(response: GenerateContentResponse): string {
	const parts = response.candidates?.[0]?.content?.parts ?? [];
	return parts
		.filter((p) => typeof p.text === "string" && !p.thought)
		.map((p) => p.text)
		.join("");
}

/** ApiError.message is the JSON error body as text. */
function toLlmError(
	err: InstanceType<GenAiModule["ApiError"]>,
	headers: Headers | undefined,
	secrets: string[],
): LlmError {
	let body: unknown;
	try {
		body = JSON.parse(err.message);
	} catch {
		body = undefined;
	}
	const detail = providerMessage(body, err.message);
	const retryAfterMs = parseRetryAfter(headers) ?? parseGoogleRetryDelay(body);
	// Gemini answers an invalid key with 400 API_KEY_INVALID rather than 401.
	const keyProblem = /API_KEY_INVALID|API key not valid/i.test(err.message);
	return httpError(
		"gemini",
		err.status,
		detail,
		secrets,
		retryAfterMs,
		keyProblem ? "unauthorized" : undefined,
	);
}
