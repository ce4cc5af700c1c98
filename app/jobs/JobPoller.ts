import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { IJobContext, IProcessor } from "@rocket.chat/apps-engine/definition/scheduler";
import { closeLoop, deliverAnswer } from "../handlers/deliverAnswer";
import {
	buildJobRequest,
	MAX_WAIT_MS,
	newRequestId,
	POLL_DATA_KEY,
	POLL_PROCESSOR_ID,
	schedulePoll,
	submitJob,
} from "../lib/jobs";
import { messages } from "../lib/messages";
import {
	claimPending,
	findPending,
	type PendingQuestion,
	releasePending,
	savePending,
} from "../lib/PendingQuestions";
import { SidecarClient, SidecarError } from "../lib/SidecarClient";
import { type AppSettings, readAppSettings } from "../settings/settings";

interface PollDeps {
	app: IApp;
	now: () => number;
	read: IRead;
	modify: IModify;
	persis: IPersistence;
}

/**
 * The fallback that keeps a question from being lost: polls `GET /v1/jobs/:id` until the job
 * finishes (when the callback was lost or could not reach Rocket.Chat), re-sends the question
 * once if the sidecar forgot the job, and tells the asker when it gives up.
 */
export class JobPoller implements IProcessor {
	public id = POLL_PROCESSOR_ID;

	public constructor(
		private readonly app: IApp,
		private readonly now: () => number = Date.now,
	) {}

	// An arrow property, not a method: the Deno runtime calls processors with `this` bound to the
	// App, so the poller's own fields are reached through the closure.
	public processor = (
		jobContext: IJobContext,
		read: IRead,
		modify: IModify,
		http: IHttp,
		persis: IPersistence,
	): Promise<void> => pollJob({ app: this.app, now: this.now, read, modify, persis }, http, jobContext);
}

export async function pollJob(deps: PollDeps, http: IHttp, jobContext: IJobContext): Promise<void> {
	const { app, read } = deps;
	const value = jobContext[POLL_DATA_KEY];
	const jobId = typeof value === "string" ? value : "";
	const pending = jobId ? await findPending(read.getPersistenceReader(), jobId) : undefined;
	if (!pending) {
		return; // Already delivered (by the callback) or never ours.
	}
	const expired = deps.now() - pending.askedAt > MAX_WAIT_MS;
	const minutes = MAX_WAIT_MS / 60_000;
	const loaded = await readAppSettings(read);
	if (!loaded.ok) {
		await retryOrGiveUp(
			deps,
			pending,
			expired,
			messages.publicTimeout(minutes),
			messages.notConfigured(loaded.problems),
		);
		return;
	}
	const settings = loaded.settings;
	const client = new SidecarClient(http, settings.sidecarUrl, settings.sharedSecret);
	try {
		const job = await client.getJob(jobId, newRequestId());
		if (job.status === "done" || job.status === "failed") {
			const claimed = await claimPending(read.getPersistenceReader(), deps.persis, jobId);
			if (claimed) {
				await deliverAnswer({ app, read, modify: deps.modify, persis: deps.persis, client }, claimed, job);
			}
			return;
		}
		await retryOrGiveUp(
			deps,
			pending,
			expired,
			messages.publicTimeout(minutes),
			messages.jobTimedOut(pending.question, minutes),
		);
	} catch (error) {
		if (!(error instanceof SidecarError)) {
			throw error;
		}
		if (error.code === "not_found") {
			await resubmit(deps, pending, client, settings);
			return;
		}
		app.getLogger().warn(`codeask: polling job ${jobId} failed (${error.code})`);
		await retryOrGiveUp(
			deps,
			pending,
			expired,
			messages.publicTimeout(minutes),
			messages.sidecarFailure(error.code, error.message),
		);
	}
}

async function retryOrGiveUp(
	deps: PollDeps,
	pending: PendingQuestion,
	expired: boolean,
	publicText: string,
	privateText: string,
): Promise<void> {
	if (expired) {
		const claimed = await claimPending(deps.read.getPersistenceReader(), deps.persis, pending.jobId);
		if (claimed) {
			await releasePending(deps.persis, claimed.jobId);
			await closeLoop(deps, claimed, publicText, privateText);
		}
		return;
	}
	const polls = pending.polls + 1;
	await savePending(deps.persis, { ...pending, polls });
	await schedulePoll(deps.modify, pending.jobId, polls);
}

/** The sidecar restarted and lost the job: ask again once, under a new job id. */
async function resubmit(
	deps: PollDeps,
	pending: PendingQuestion,
	client: SidecarClient,
	settings: AppSettings,
): Promise<void> {
	const { app, read, modify, persis } = deps;
	const claimed = await claimPending(read.getPersistenceReader(), persis, pending.jobId);
	if (!claimed) {
		return;
	}
	await releasePending(persis, claimed.jobId);
	const user = await read.getUserReader().getById(claimed.userId);
	if (claimed.resubmits >= 1 || !user) {
		await closeLoop(deps, claimed, messages.publicLost, messages.jobLost(claimed.question));
		return;
	}
	try {
		const requestId = newRequestId();
		const request = await buildJobRequest(read, settings, app.getID(), {
			question: claimed.question,
			username: user.username,
			requestId,
			detail: claimed.detail ?? "short",
			...(claimed.repo ? { repo: claimed.repo } : {}),
		});
		const jobId = await submitJob(client, request, requestId, app.getLogger());
		const { claim: _claim, ...rest } = claimed;
		await savePending(persis, { ...rest, jobId, polls: 0, resubmits: claimed.resubmits + 1 });
		await schedulePoll(modify, jobId, 0);
		app.getLogger().info(`codeask: job ${claimed.jobId} was lost by the sidecar; re-sent as ${jobId}`);
	} catch (error) {
		const code = error instanceof SidecarError ? error.code : "server_error";
		await closeLoop(deps, claimed, messages.publicLost, messages.sidecarFailure(code, "could not re-send"));
	}
}
