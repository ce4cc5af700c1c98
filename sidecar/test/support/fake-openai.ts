/**
 * A fake OpenAI-compatible server on 127.0.0.1 for tests, speaking the wire format the
 * `openai` package uses: `POST /v1/chat/completions`, key as `Authorization: Bearer …`,
 * answers shaped like `{choices:[{message:{content}}], usage:{prompt_tokens, completion_tokens}}`.
 * `url` already ends in `/v1`, as an Ollama or vLLM base URL does.
 *
 *   const fake = await startFakeOpenAI({ responses: [{ json: { ok: true } }] });
 *   createLlmClient({ provider: "openai", model: "m", baseUrl: fake.url }, budget);
 */
import {
	type FakeLlmServer,
	type FakeServerOptions,
	type RecordedRequest,
	replyUsage,
	startFakeLlmServer,
	type WireFormat,
} from "./fake-llm-http.js";

interface ChatMessage {
	role?: string;
	content?: string | { type?: string; text?: string }[] | null;
}

const textOf = (content: ChatMessage["content"]): string =>
	typeof content === "string" ? content : (content ?? []).map((p) => p.text ?? "").join("");

const errorType = (status: number) =>
	status === 401
		? "invalid_api_key"
		: status === 429
			? "rate_limit_error"
			: status >= 500
				? "server_error"
				: "invalid_request_error";

const openAiWire: WireFormat = {
	name: "fake-openai",
	baseUrl: (origin) => `${origin}/v1`,
	route(method, path, body) {
		if (method !== "POST" || path !== "/v1/chat/completions") return null;
		const model = (body as { model?: unknown } | undefined)?.model;
		return { model: typeof model === "string" ? model : null };
	},
	describe(body) {
		const b = (body ?? {}) as { messages?: ChatMessage[]; response_format?: unknown };
		const messages = b.messages ?? [];
		return {
			system: messages
				.filter((m) => m.role === "system" || m.role === "developer")
				.map((m) => textOf(m.content))
				.join("\n"),
			turns: messages
				.filter((m) => m.role !== "system" && m.role !== "developer")
				.map((m) => ({ role: m.role ?? "user", text: textOf(m.content) })),
			json: b.response_format !== undefined,
		};
	},
	keyOf: (req: RecordedRequest) => /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1],
	badKey: () => ({
		status: 401,
		body: {
			error: {
				message: "Incorrect API key provided.",
				type: "invalid_request_error",
				param: null,
				code: "invalid_api_key",
			},
		},
	}),
	success(reply, req, text, seq) {
		const counted = replyUsage(reply, req, text);
		const usage = counted && { prompt_tokens: counted.tokensIn, completion_tokens: counted.tokensOut };
		return {
			id: `chatcmpl-fake-${seq}`,
			object: "chat.completion",
			created: Math.floor(Date.now() / 1000),
			model: req.model ?? "fake",
			choices: [
				{
					index: 0,
					message: { role: "assistant", content: text, refusal: null },
					finish_reason: reply.finishReason ?? "stop",
					logprobs: null,
				},
			],
			...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
		};
	},
	error: (status, message) => ({ error: { message, type: errorType(status), param: null, code: null } }),
};

export function startFakeOpenAI(options: FakeServerOptions = {}): Promise<FakeLlmServer> {
	return startFakeLlmServer(openAiWire, options);
}
