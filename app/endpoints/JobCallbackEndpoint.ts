import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApiEndpointInfo, IApiRequest, IApiResponse } from "@rocket.chat/apps-engine/definition/api";
import type { Job } from "../../shared/src/contract";
import { deliverAnswer, fetchStatus } from "../handlers/deliverAnswer";
import { CALLBACK_PATH, newRequestId } from "../lib/jobs";
import { claimPending, findPending } from "../lib/PendingQuestions";
import { SidecarClient, SidecarError } from "../lib/SidecarClient";
import { SignedEndpoint } from "./signedBody";

export { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./signedBody";

/**
 * `POST /api/apps/public/<appId>/job-callback`: the sidecar reports that a job finished, signed with
 * HMAC-SHA256 of `${timestamp}.${body}` under the shared secret. Unsigned, stale or unknown
 * callbacks change nothing. The engine hands endpoints the parsed body, so the signature is
 * checked against its JSON serialisation (the sidecar signs `JSON.stringify(body)`).
 */
export class JobCallbackEndpoint extends SignedEndpoint {
	public override path = CALLBACK_PATH;

	public async post(
		request: IApiRequest,
		_endpoint: IApiEndpointInfo,
		read: IRead,
		modify: IModify,
		http: IHttp,
		persis: IPersistence,
	): Promise<IApiResponse> {
		const signed = await this.signedBody(request, read, "callback");
		if (!signed.ok) return signed.response;
		const { body } = signed;
		const { sharedSecret, sidecarUrl } = signed.settings;
		const jobId = (body as { jobId?: unknown } | null)?.jobId;
		if (typeof jobId !== "string") {
			return this.json({ status: 400, content: { error: "jobId missing" } });
		}
		const reader = read.getPersistenceReader();
		if (!(await findPending(reader, jobId))) {
			// Not (or not yet) a question we wait for. A non-2xx makes the sidecar retry, which covers
			// a callback that overtook the app saving the question; if the poll delivered it
			// already, the retries just run out.
			return this.json({ status: 404, content: { error: "unknown job" } });
		}
		// The callback only says which job finished ({jobId, status}: a few hundred bytes, under
		// Rocket.Chat's 100 kB body limit); the job itself is read from the sidecar with the token.
		const client = new SidecarClient(http, sidecarUrl, sharedSecret);
		let job: Job;
		try {
			job = await client.getJob(jobId, newRequestId());
		} catch (error) {
			const code = error instanceof SidecarError ? error.code : "server_error";
			this.app.getLogger().warn(`codeask: callback for ${jobId} could not fetch the job (${code})`);
			return this.json({ status: 502, content: { error: "job not readable; the poll will retry" } });
		}
		if (job.status !== "done" && job.status !== "failed") {
			return this.json({ status: 202, content: { status: "pending" } });
		}
		// Asked while the claim settles: where citations link to.
		const status = job.status === "done" ? fetchStatus(client) : undefined;
		const claimed = await claimPending(reader, persis, jobId);
		if (claimed) {
			await deliverAnswer(
				{ app: this.app, read, modify, persis, client, ...(status ? { status } : {}) },
				claimed,
				job,
			);
		}
		return this.success({ status: "delivered" });
	}
}
