/**
 * A fake Gemini API on 127.0.0.1 for tests, speaking the wire format @google/genai uses:
 * `POST /v1beta/models/{model}:generateContent`, key in `x-goog-api-key`, answers shaped like
 * `{candidates:[{content:{parts:[{text}]}}], usageMetadata:{promptTokenCount, candidatesTokenCount}}`.
 *
 *   const fake = await startFakeGemini({ responses: [{ status: 429, headers: { "retry-after": "1" } }, { text: "hi" }] });
 *   createLlmClient({ provider: "gemini", apiKey: "k", baseUrl: fake.url }, budget);
 *   fake.requests[0].prompt; fake.billable(); await fake.close();
 */
import {
	type FakeLlmServer,
	type FakeServerOptions,
	type RecordedRequest,
	replyUsage,
	startFakeLlmServer,
	type WireFormat,
} from "./fake-llm-http.js";

const GOOGLE_STATUS: Record<number, string> = {
	400: "INVALID_ARGUMENT",
	401: "UNAUTHENTICATED",
	403: "PERMISSION_DENIED",
	404: "NOT_FOUND",
	408: "DEADLINE_EXCEEDED",
	429: "RESOURCE_EXHAUSTED",
	500: "INTERNAL",
	503: "UNAVAILABLE",
	504: "DEADLINE_EXCEEDED",
};

interface GeminiContent {
	role?: string;
	parts?: { text?: string }[];
}

const textOf = (c: GeminiContent | string | undefined): string =>
	typeof c === "string" ? c : (c?.parts ?? []).map((p) => p.text ?? "").join("");

const geminiWire: WireFormat = {
	name: "fake-gemini",
	baseUrl: (origin) => origin,
	route(method, path) {
		const m = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):generateContent$/.exec(path);
		return method === "POST" && m ? { model: decodeURIComponent(m[1] ?? "") } : null;
	},
	describe(body) {
		const b = (body ?? {}) as {
			contents?: GeminiContent[];
			systemInstruction?: GeminiContent | string;
			generationConfig?: { responseMimeType?: string };
		};
		return {
			system: textOf(b.systemInstruction),
			turns: (b.contents ?? []).map((c) => ({ role: c.role ?? "user", text: textOf(c) })),
			json: b.generationConfig?.responseMimeType === "application/json",
		};
	},
	keyOf: (req: RecordedRequest) => req.headers["x-goog-api-key"],
	badKey: () => ({
		status: 400,
		body: {
			error: {
				code: 400,
				message: "API key not valid. Please pass a valid API key.",
				status: "INVALID_ARGUMENT",
				details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }],
			},
		},
	}),
	success(reply, req, text, seq) {
		const counted = replyUsage(reply, req, text);
		const usage = counted && { promptTokenCount: counted.tokensIn, candidatesTokenCount: counted.tokensOut };
		return {
			candidates: [
				{
					content: { role: "model", parts: [{ text }] },
					finishReason: reply.finishReason ?? "STOP",
					index: 0,
				},
			],
			...(usage
				? {
						usageMetadata: {
							...usage,
							totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount,
						},
					}
				: {}),
			modelVersion: req.model,
			responseId: `fake-gemini-${seq}`,
		};
	},
	error: (status, message) => ({
		error: { code: status, message, status: GOOGLE_STATUS[status] ?? "UNKNOWN" },
	}),
};

export function startFakeGemini(options: FakeServerOptions = {}): Promise<FakeLlmServer> {
	return startFakeLlmServer(geminiWire, options);
}
