import type { IHttp, IHttpResponse } from "@rocket.chat/apps-engine/definition/accessors";
import type { RepoAddRequest, RepoInfo } from "../../shared/src/contract";
import { SIDECAR_TIMEOUT_MS, SidecarError } from "./SidecarClient";

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRepo(value: unknown): value is RepoInfo {
	return isRecord(value) && typeof value.name === "string" && typeof value.state === "string";
}

function bodyOf(response: IHttpResponse): unknown {
	if (response.data !== undefined && response.data !== null) return response.data;
	try {
		return response.content ? JSON.parse(response.content) : undefined;
	} catch {
		return undefined;
	}
}

/** The sidecar's own reason (it never carries secrets), e.g. why a URL was refused. */
function reason(response: IHttpResponse): string | undefined {
	const body = bodyOf(response);
	return isRecord(body) && isRecord(body.error) && typeof body.error.message === "string"
		? body.error.message.slice(0, 300)
		: undefined;
}

/**
 * The sidecar's repository routes (`/v1/repos`), with the admin token (CODEASK_ADMIN_TOKEN) for
 * changes and the asking token for reading. Failures are SidecarErrors, like the asking client's.
 */
export class ReposClient {
	public constructor(
		private readonly http: IHttp,
		private readonly baseUrl: string,
		private readonly token: string,
		private readonly adminToken: string,
	) {}

	public async list(requestId: string): Promise<Array<RepoInfo>> {
		const body = await this.call("get", "/v1/repos", requestId, this.token);
		if (!isRecord(body) || !Array.isArray(body.repos)) {
			throw new SidecarError("bad_response", "the sidecar's repository list has an unexpected shape");
		}
		return body.repos.filter(isRepo);
	}

	public async add(request: RepoAddRequest, requestId: string): Promise<RepoInfo> {
		const body = await this.call("post", "/v1/repos", requestId, this.adminToken, request);
		if (!isRepo(body))
			throw new SidecarError("bad_response", "the sidecar's answer to the add has an unexpected shape");
		return body;
	}

	public async remove(name: string, requestId: string): Promise<void> {
		await this.call("del", `/v1/repos/${encodeURIComponent(name)}`, requestId, this.adminToken);
	}

	/** Queue a sync of one repository, or of all; returns the names queued. */
	public async sync(name: string | undefined, requestId: string): Promise<Array<string>> {
		const path = name ? `/v1/repos/${encodeURIComponent(name)}/sync` : "/v1/repos/sync";
		const body = await this.call("post", path, requestId, this.adminToken, {});
		return isRecord(body) && Array.isArray(body.queued) ? body.queued.map(String) : [];
	}

	private async call(
		method: "get" | "post" | "del",
		path: string,
		requestId: string,
		token: string,
		data?: unknown,
	): Promise<unknown> {
		let response: IHttpResponse;
		try {
			response = await this.http[method](`${this.baseUrl}${path}`, {
				headers: {
					authorization: `Bearer ${token}`,
					"content-type": "application/json",
					accept: "application/json",
					"x-request-id": requestId,
				},
				timeout: SIDECAR_TIMEOUT_MS,
				...(data === undefined ? {} : { data }),
			});
		} catch {
			throw new SidecarError("unreachable", "the sidecar could not be reached");
		}
		if (!response || typeof response.statusCode !== "number") {
			throw new SidecarError("unreachable", "the sidecar could not be reached");
		}
		const status = response.statusCode;
		if (status >= 200 && status < 300) return bodyOf(response);
		const why = reason(response);
		if (status === 401 || status === 403) {
			throw new SidecarError("forbidden", why ?? "the sidecar refused the admin token", status);
		}
		if (status === 404) throw new SidecarError("not_found", why ?? "no such repository", status);
		if (status === 400 || status === 409)
			throw new SidecarError("rejected", why ?? "the sidecar refused it", status);
		if (status === 503) throw new SidecarError("busy", why ?? "the sidecar is busy", status);
		throw new SidecarError("server_error", why ?? `the sidecar answered HTTP ${status}`, status);
	}
}
