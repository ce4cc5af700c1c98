import type { ILogger, IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { JobRequest, LlmRequest } from "../../shared/src/contract";
import type { AppSettings } from "../settings/settings";
import { type SidecarClient, SidecarError } from "./SidecarClient";

/** Path of the app endpoint the sidecar calls back: `<RC>/api/apps/public/<appId>/<path>`. */
export const CALLBACK_PATH = "job-callback";
/** Id of the scheduler processor that polls a job when no callback arrives. */
export const POLL_PROCESSOR_ID = "codeask-poll-job";
/** Key of the sidecar job id in the poll job's data. */
export const POLL_DATA_KEY = "codeaskJobId";
/** The contract requires callback secrets of at least 16 characters; shorter → poll only. */
const MIN_CALLBACK_SECRET = 16;
/** After this long without an answer the asker is told, instead of waiting for ever. */
export const MAX_WAIT_MS = 15 * 60_000;

export function newRequestId(): string {
	return `codeask-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function llmRequest(settings: AppSettings): LlmRequest | undefined {
	if (settings.llm === "sidecar") {
		return undefined;
	}
	const request: LlmRequest = { provider: settings.llm };
	if (settings.llmModel) {
		request.model = settings.llmModel;
	}
	if (settings.llmApiKey && settings.llm !== "none") {
		request.apiKey = settings.llmApiKey;
	}
	if (settings.llmBaseUrl && settings.llm !== "none") {
		request.baseUrl = settings.llmBaseUrl;
	}
	return request;
}

/** Where the sidecar can reach this app: the callback setting, else the server's Site_Url. */
export async function callbackUrl(
	read: IRead,
	settings: AppSettings,
	appId: string,
): Promise<string | undefined> {
	let base = settings.callbackBaseUrl;
	if (!base) {
		try {
			const siteUrl = await read.getEnvironmentReader().getServerSettings().getValueById("Site_Url");
			base = typeof siteUrl === "string" ? siteUrl.trim().replace(/\/+$/, "") : "";
		} catch {
			base = "";
		}
	}
	// The sidecar accepts only http(s) callback URLs without credentials (a 400 would lose the
	// question); anything else means no callback, and the poll delivers the answer.
	return /^https?:\/\/[^/?#@]+(?:[/?#]|$)/i.test(base)
		? `${base}/api/apps/public/${appId}/${CALLBACK_PATH}`
		: undefined;
}

export async function buildJobRequest(
	read: IRead,
	settings: AppSettings,
	appId: string,
	input: { question: string; username: string; requestId: string; detail: "short" | "full"; repo?: string },
): Promise<JobRequest> {
	const request: JobRequest = {
		question: input.question,
		user: input.username,
		requestId: input.requestId,
		detail: input.detail,
		...(input.repo ? { repo: input.repo } : {}),
	};
	const llm = llmRequest(settings);
	if (llm) {
		request.llm = llm;
	}
	const url = await callbackUrl(read, settings, appId);
	if (url && settings.sharedSecret.length >= MIN_CALLBACK_SECRET) {
		request.callback = { url, secret: settings.sharedSecret };
	}
	return request;
}

/**
 * Submits a job. A callback to Rocket.Chat on a loopback or private address (the usual set-up: both
 * on one network) is refused unless the app registered that origin with the sidecar, so the origin
 * is registered first (idempotent; a restarted sidecar forgets it). If the sidecar will not take
 * it, the job goes without a callback and the poll delivers the answer.
 */
export async function submitJob(
	client: SidecarClient,
	request: JobRequest,
	requestId: string,
	logger: ILogger,
): Promise<string> {
	if (request.callback) {
		const origin = /^https?:\/\/[^/?#]+/i.exec(request.callback.url)?.[0] ?? "";
		try {
			await client.registerCallbackOrigin(origin, requestId);
		} catch (error) {
			// A sidecar that is down, slow or refuses the token would fail the job too: say so once.
			const fatal = ["unreachable", "timeout", "unauthorized", "forbidden"];
			if (!(error instanceof SidecarError) || fatal.includes(error.code)) throw error;
			// 404: a sidecar without the route (it takes any callback); anything else: no callback.
			if (error.code !== "not_found") {
				logger.warn(
					`codeask: the sidecar refused the callback origin ${origin}; answers will come by polling`,
				);
				const { callback: _dropped, ...withoutCallback } = request;
				return client.createJob(withoutCallback, requestId);
			}
		}
	}
	return client.createJob(request, requestId);
}

/** Backoff for the fallback poll: 15 s, 20 s, 25 s, … capped at a minute. */
export function pollDelayMs(polls: number): number {
	return Math.min(60_000, 15_000 + polls * 5_000);
}

export async function schedulePoll(modify: IModify, jobId: string, polls: number): Promise<void> {
	await modify.getScheduler().scheduleOnce({
		id: POLL_PROCESSOR_ID,
		when: new Date(Date.now() + pollDelayMs(polls)),
		// Not `jobId`: Rocket.Chat overwrites that key with the scheduler's own job id.
		data: { [POLL_DATA_KEY]: jobId },
	});
}
