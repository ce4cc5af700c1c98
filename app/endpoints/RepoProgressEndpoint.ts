import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApiEndpointInfo, IApiRequest, IApiResponse } from "@rocket.chat/apps-engine/definition/api";
import type { RepoProgress } from "../../shared/src/contract";
import { REPO_PROGRESS_PATH } from "../handlers/ReposHandler";
import { postAsBot } from "../lib/Messenger";
import { repoMessages } from "../lib/repoMessages";
import { SignedEndpoint } from "./signedBody";

const EVENTS = ["started", "progress", "finished", "failed"];

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
export class RepoProgressEndpoint extends SignedEndpoint {
	public override path = REPO_PROGRESS_PATH;

	public async post(
		request: IApiRequest,
		_endpoint: IApiEndpointInfo,
		read: IRead,
		modify: IModify,
		_http: IHttp,
		_persis: IPersistence,
	): Promise<IApiResponse> {
		const signed = await this.signedBody(request, read, "progress callback");
		if (!signed.ok) return signed.response;
		const { body } = signed;
		if (!isProgress(body)) return this.json({ status: 400, content: { error: "not a progress report" } });
		const room = body.context ? await read.getRoomReader().getById(body.context) : undefined;
		if (!room) return this.json({ status: 200, content: { delivered: false } });
		await postAsBot(read, modify, room, repoMessages.progress(body));
		return this.json({ status: 200, content: { delivered: true } });
	}
}
