import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import {
	ApiEndpoint,
	type IApiEndpointInfo,
	type IApiRequest,
	type IApiResponse,
} from "@rocket.chat/apps-engine/definition/api";
import type { RepoProgress } from "../../shared/src/contract";
import { REPO_PROGRESS_PATH } from "../handlers/ReposHandler";
import { postAsBot } from "../lib/Messenger";
import { repoMessages } from "../lib/repoMessages";
import { verifyCallback } from "../lib/signature";
import { readAppSettings } from "../settings/settings";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./JobCallbackEndpoint";

const EVENTS = ["started", "progress", "finished", "failed"];

function header(request: IApiRequest, name: string): string | undefined {
	for (const [key, value] of Object.entries(request.headers ?? {})) {
		if (key.toLowerCase() === name) return Array.isArray(value) ? String(value[0]) : String(value);
	}
	return undefined;
}

function isProgress(value: unknown): value is RepoProgress {
	const p = value as Partial<RepoProgress> | null;
	return (
		typeof p === "object" &&
		p !== null &&
		typeof p.repo === "string" &&
		typeof p.event === "string" &&
		EVENTS.includes(p.event)
	);
}

/**
 * `POST /api/apps/public/<appId>/repo-progress`: the sidecar reports a new repository's indexing
 * (started, percent at most every 30 s, finished with counts, failed with the reason), signed like
 * job callbacks. The message goes to the room the repository was added from (`context`).
 */
export class RepoProgressEndpoint extends ApiEndpoint {
	public override path = REPO_PROGRESS_PATH;

	public constructor(
		app: ConstructorParameters<typeof ApiEndpoint>[0],
		private readonly now: () => number = Date.now,
	) {
		super(app);
	}

	public async post(
		request: IApiRequest,
		_endpoint: IApiEndpointInfo,
		read: IRead,
		modify: IModify,
		_http: IHttp,
		_persis: IPersistence,
	): Promise<IApiResponse> {
		const loaded = await readAppSettings(read);
		if (!loaded.ok) return this.json({ status: 503, content: { error: "app not configured" } });
		const rawBody =
			typeof request.content === "string" ? request.content : JSON.stringify(request.content ?? {});
		const check = verifyCallback({
			secret: loaded.settings.sharedSecret,
			timestamp: header(request, TIMESTAMP_HEADER),
			signature: header(request, SIGNATURE_HEADER),
			rawBody,
			now: this.now(),
		});
		if (check !== "ok") {
			this.app.getLogger().warn(`codeask: progress callback refused (${check})`);
			return this.json({ status: 401, content: { error: "invalid signature" } });
		}
		let body: unknown;
		try {
			body = typeof request.content === "string" ? JSON.parse(request.content) : request.content;
		} catch {
			return this.json({ status: 400, content: { error: "body is not JSON" } });
		}
		if (!isProgress(body)) return this.json({ status: 400, content: { error: "not a progress report" } });
		const room = body.context ? await read.getRoomReader().getById(body.context) : undefined;
		if (!room) return this.json({ status: 200, content: { delivered: false } });
		await postAsBot(read, modify, room, repoMessages.progress(body));
		return this.json({ status: 200, content: { delivered: true } });
	}
}
