import type { IHttp, IHttpResponse } from "@rocket.chat/apps-engine/definition/accessors";
import type {
	FeedbackRequest,
	Job,
	JobRequest,
	OverviewRequest,
	OverviewResponse,
	StatusResponse,
} from "../../shared/src/contract";

/** What went wrong talking to the sidecar, in terms an admin can act on. */
export type SidecarErrorCode =
	| "unreachable"
	| "timeout"
	| "unauthorized"
	| "forbidden"
	| "rejected"
	| "busy"
	| "not_found"
	| "server_error"
	| "bad_response";

export class SidecarError extends Error {
	public constructor(
		public readonly code: SidecarErrorCode,
		message: string,
		public readonly status?: number,
	) {
		super(message);
		this.name = "SidecarError";
	}
}

/**
 * Below the engine's cap on a slash-command executor — 30 s since Apps-Engine 1.47, but a fixed
 * 10 s in 1.46 (Rocket.Chat 6.13) — so a hung sidecar never takes the command down with it.
 */
export const SIDECAR_TIMEOUT_MS = 8_000;

const JOB_STATUSES = ["queued", "running", "done", "failed"];

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Structural guard for a job as the sidecar returns it (the app ships without zod). */
export function isJob(value: unknown): value is Job {
	if (!isRecord(value) || typeof value.jobId !== "string" || typeof value.question !== "string") {
		return false;
	}
	if (typeof value.status !== "string" || !JOB_STATUSES.includes(value.status)) {
		return false;
	}
	if (value.status === "done") {
		const result = value.result;
		return isRecord(result) && typeof result.answer === "string" && Array.isArray(result.citations);
	}
	return true;
}

function isOverview(value: unknown): value is OverviewResponse {
	return isRecord(value) && typeof value.markdown === "string" && typeof value.scope === "string";
}

function isStatus(value: unknown): value is StatusResponse {
	return isRecord(value) && typeof value.version === "string" && isRecord(value.index) && isRecord(value.llm);
}

function bodyOf(response: IHttpResponse): unknown {
	if (response.data !== undefined && response.data !== null) {
		return response.data;
	}
	if (!response.content) {
		return undefined;
	}
	try {
		return JSON.parse(response.content);
	} catch {
		return undefined;
	}
}

/** The sidecar's error envelope message, when it sent one (it never carries secrets or stacks). */
function envelopeMessage(body: unknown): string | undefined {
	if (isRecord(body) && isRecord(body.error) && typeof body.error.message === "string") {
		return body.error.message.slice(0, 300);
	}
	return undefined;
}

function errorForStatus(response: IHttpResponse): SidecarError {
	const status = response.statusCode;
	const detail = envelopeMessage(bodyOf(response));
	if (status === 401) {
		return new SidecarError("unauthorized", "the sidecar asked for a token", status);
	}
	if (status === 403) {
		return new SidecarError("forbidden", "the sidecar rejected the shared secret", status);
	}
	if (status === 404) {
		return new SidecarError("not_found", detail ?? "not found", status);
	}
	if (status === 400 || status === 413 || status === 422) {
		return new SidecarError("rejected", detail ?? `the sidecar rejected the request (${status})`, status);
	}
	if (status === 429 || status === 503) {
		return new SidecarError("busy", detail ?? "the sidecar is busy", status);
	}
	if (status === 408 || status === 504) {
		return new SidecarError("timeout", detail ?? "the sidecar timed out", status);
	}
	return new SidecarError("server_error", detail ?? `the sidecar answered HTTP ${status}`, status);
}

function errorForThrown(error: unknown, timedOut: boolean): SidecarError {
	const message = error instanceof Error ? error.message : String(error);
	// Engines word (or lose) the reason differently; a call that lasted its whole timeout timed out.
	if (timedOut || /timed? ?out|ETIMEDOUT|ESOCKETTIMEDOUT|aborted/i.test(message)) {
		return new SidecarError("timeout", "the sidecar did not answer in time");
	}
	return new SidecarError("unreachable", "the sidecar could not be reached");
}

/**
 * The one place the app talks HTTP to the sidecar: base URL and bearer secret from settings,
 * an `x-request-id`, an explicit timeout, response shapes guarded, failures typed.
 */
export class SidecarClient {
	public constructor(
		private readonly http: IHttp,
		private readonly baseUrl: string,
		private readonly secret: string,
		private readonly timeoutMs: number = SIDECAR_TIMEOUT_MS,
	) {}

	public async createJob(request: JobRequest, requestId: string): Promise<string> {
		const body = await this.call("post", "/v1/jobs", requestId, request);
		if (!isRecord(body) || typeof body.jobId !== "string") {
			throw new SidecarError("bad_response", "the sidecar's job response has no jobId");
		}
		return body.jobId;
	}

	public async getJob(jobId: string, requestId: string): Promise<Job> {
		const body = await this.call("get", `/v1/jobs/${encodeURIComponent(jobId)}`, requestId);
		if (!isJob(body)) {
			throw new SidecarError("bad_response", "the sidecar's job response has an unexpected shape");
		}
		return body;
	}

	public async status(requestId: string): Promise<StatusResponse> {
		const body = await this.call("get", "/v1/status", requestId);
		if (!isStatus(body)) {
			throw new SidecarError("bad_response", "the sidecar's status response has an unexpected shape");
		}
		return body;
	}

	/** `POST /v1/overview`: the repository, or one package when `request.package` is set. */
	public async overview(request: OverviewRequest, requestId: string): Promise<OverviewResponse> {
		const body = await this.call("post", "/v1/overview", requestId, request);
		if (!isOverview(body)) {
			throw new SidecarError("bad_response", "the sidecar's overview response has an unexpected shape");
		}
		return body;
	}

	/**
	 * `POST /v1/callback-origins`: lets the sidecar call this origin back even when it is a loopback
	 * or private address (Rocket.Chat next to the sidecar). Idempotent on the sidecar's side.
	 */
	public async registerCallbackOrigin(origin: string, requestId: string): Promise<void> {
		await this.call("post", "/v1/callback-origins", requestId, { origin });
	}

	/** `POST /v1/feedback`: a reader's vote on an answer. */
	public async feedback(request: FeedbackRequest, requestId: string): Promise<void> {
		await this.call("post", "/v1/feedback", requestId, request);
	}

	private async call(
		method: "get" | "post",
		path: string,
		requestId: string,
		data?: unknown,
	): Promise<unknown> {
		const options = {
			headers: {
				authorization: `Bearer ${this.secret}`,
				"content-type": "application/json",
				accept: "application/json",
				"x-request-id": requestId,
			},
			timeout: this.timeoutMs,
			...(data === undefined ? {} : { data }),
		};
		let response: IHttpResponse;
		const started = Date.now();
		try {
			response = await this.http[method](`${this.baseUrl}${path}`, options);
		} catch (error) {
			throw errorForThrown(error, Date.now() - started >= this.timeoutMs - 250);
		}
		if (!response || typeof response.statusCode !== "number") {
			throw new SidecarError("unreachable", "the sidecar could not be reached");
		}
		if (response.statusCode < 200 || response.statusCode >= 300) {
			throw errorForStatus(response);
		}
		return bodyOf(response);
	}
}
