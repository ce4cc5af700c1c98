import type { IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { AskResponse, Job, StatusResponse } from "../../shared/src/contract";
import { saveAnswer, saveFallback } from "../lib/AnswerRecords";
import { answerActions } from "../lib/blocks";
import { formatFullAnswer, formatQuestion, formatShortAnswer } from "../lib/formatAnswer";
import { newRequestId } from "../lib/jobs";
import { forgeOf, type RepoLinks, webUrlOfRemote } from "../lib/links";
import { maxMessageChars, notifyUser, postAsBot } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { type PendingQuestion, releasePending } from "../lib/PendingQuestions";
import type { SidecarClient } from "../lib/SidecarClient";
import { type AppSettings, DEFAULT_ANSWER_BUDGET, readAppSettings } from "../settings/settings";

export interface DeliveryDeps {
	app: IApp;
	read: IRead;
	modify: IModify;
	persis: IPersistence;
	/** For the repository's git remote (GET /v1/status); without it links need the URL setting. */
	client?: SidecarClient;
	/** The status, when the caller already asked for it (while claiming). */
	status?: Promise<StatusResponse | undefined>;
}

/** GET /v1/status, or undefined when the sidecar cannot say (links then come from the setting). */
export function fetchStatus(client: SidecarClient): Promise<StatusResponse | undefined> {
	return client.status(newRequestId()).catch(() => undefined);
}

const DEFAULT_MAX_ANSWER_MESSAGES = 4;

/**
 * Where citations link to: the admin's repository URL, else the web URL of the git remote the
 * sidecar recorded at index time; the exact indexed commit unless the admin set a branch.
 */
async function repoLinks(
	deps: DeliveryDeps,
	settings: AppSettings | undefined,
	result: AskResponse,
): Promise<RepoLinks | undefined> {
	// Links from the setting alone when the sidecar cannot say: the answer matters more than its links.
	const status = await (deps.status ?? (deps.client ? fetchStatus(deps.client) : undefined));
	const remote = status?.index.remoteUrl ? webUrlOfRemote(status.index.remoteUrl) : undefined;
	const subdir = status?.index.subdir ?? "";
	const webUrl = settings?.repoUrl || remote;
	if (!webUrl) return undefined;
	return {
		webUrl,
		forge: forgeOf(webUrl, settings?.linkStyle ?? "auto"),
		ref: settings?.repoRef || result.indexCommit || "HEAD",
		subdir,
	};
}

/**
 * Delivers a finished job for a claimed pending question, then releases it: the answer posted by
 * the bot (one message with buttons, or the full form in the thread), or a failure said where the
 * question was asked. Returns false when the room or asker is gone.
 */
export async function deliverAnswer(
	deps: DeliveryDeps,
	pending: PendingQuestion,
	job: Job,
): Promise<boolean> {
	try {
		return await deliver(deps, pending, job);
	} finally {
		await releasePending(deps.persis, pending.jobId);
	}
}

async function deliver(deps: DeliveryDeps, pending: PendingQuestion, job: Job): Promise<boolean> {
	const { read, modify, persis, app } = deps;
	const room = await read.getRoomReader().getById(pending.roomId);
	const user = await read.getUserReader().getById(pending.userId);
	if (!room || !user) {
		return false;
	}
	if (job.status !== "done" || !job.result) {
		const reason = job.error?.message ?? "the CodeAsk service reported a failure";
		await closeLoop(
			deps,
			pending,
			messages.publicFailure(reason),
			messages.jobFailed(pending.question, reason),
		);
		return true;
	}
	const result = job.result;
	const current = await readAppSettings(read);
	const settings = current.ok ? current.settings : undefined;
	const links = await repoLinks(deps, settings, result);
	const limit = await maxMessageChars(read);
	if (result.fallbackReason) {
		await saveFallback(persis, result.fallbackReason, Date.now());
	}

	if (pending.detail === "full") {
		const maxMessages = settings?.maxAnswerMessages ?? DEFAULT_MAX_ANSWER_MESSAGES;
		for (const part of formatFullAnswer(result, links ? { links } : {}, limit, maxMessages)) {
			await postAsBot(read, modify, room, part, pending.threadId ? { threadId: pending.threadId } : {});
		}
		return true;
	}

	const quote = pending.quoteQuestion ? `${formatQuestion(user.username, pending.question)}\n\n` : "";
	const budget =
		Math.min(settings?.answerBudget || limit, limit - 100, DEFAULT_ANSWER_BUDGET * 10) - quote.length;
	const answer = formatShortAnswer(
		result,
		{ ...(links ? { links } : {}), ...(pending.source === "dm" ? {} : { asker: user.username }) },
		budget > 0 ? budget : DEFAULT_ANSWER_BUDGET,
	);
	const messageId = await postAsBot(read, modify, room, `${quote}${answer.text}`, {
		...(pending.threadId ? { threadId: pending.threadId } : {}),
		...(answer.sources
			? {
					attachments: [
						{ collapsed: true, title: { value: answer.sources.title }, text: answer.sources.text },
					],
				}
			: {}),
		blocks: [answerActions(app.getID(), job.jobId, true)],
	});
	await saveAnswer(persis, {
		jobId: job.jobId,
		question: pending.question,
		roomId: room.id,
		threadId: pending.threadId ?? messageId,
		askedBy: user.id,
		postedAt: Date.now(),
		...(pending.repo ? { repo: pending.repo } : {}),
	});
	return true;
}

/**
 * Every question gets an answer where it was asked: when the question is visible in the room (a
 * quoted thread root, a DM), a failure is posted there, short; otherwise the asker alone is told.
 */
export async function closeLoop(
	deps: Pick<DeliveryDeps, "read" | "modify">,
	pending: PendingQuestion,
	publicText: string,
	privateText: string,
): Promise<void> {
	const room = await deps.read.getRoomReader().getById(pending.roomId);
	const user = await deps.read.getUserReader().getById(pending.userId);
	if (!room || !user) return;
	if (pending.publicQuestion) {
		await postAsBot(
			deps.read,
			deps.modify,
			room,
			publicText,
			pending.threadId ? { threadId: pending.threadId } : {},
		);
		return;
	}
	await notifyUser(deps.read, deps.modify, user, room, privateText, pending.threadId);
}
