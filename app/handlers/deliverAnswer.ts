import type { IModify, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { Job } from "../../shared/src/contract";
import { formatAnswer, type LinkTarget } from "../lib/formatAnswer";
import { maxMessageChars, notifyUser, postAsBot } from "../lib/Messenger";
import { messages } from "../lib/messages";
import type { PendingQuestion } from "../lib/PendingQuestions";
import { splitMessage } from "../lib/splitMessage";
import { readAppSettings } from "../settings/settings";

const DEFAULT_MAX_ANSWER_MESSAGES = 4;

/**
 * Delivers a finished job for a claimed pending question: the answer posted publicly by the bot,
 * or the failure told to the asker alone. Returns false when the room or asker is gone.
 */
export async function deliverAnswer(
	read: IRead,
	modify: IModify,
	pending: PendingQuestion,
	job: Job,
): Promise<boolean> {
	const room = await read.getRoomReader().getById(pending.roomId);
	const user = await read.getUserReader().getById(pending.userId);
	if (!room || !user) {
		return false;
	}
	if (job.status === "done" && job.result) {
		const current = await readAppSettings(read);
		const target: LinkTarget = current.ok
			? { repoUrl: current.settings.repoUrl, repoRef: current.settings.repoRef }
			: { repoUrl: "", repoRef: "" };
		const maxMessages = current.ok ? current.settings.maxAnswerMessages : DEFAULT_MAX_ANSWER_MESSAGES;
		const asked = pending.quoteQuestion ? { username: user.username, question: pending.question } : undefined;
		const limit = await maxMessageChars(read);
		let parts = splitMessage(formatAnswer(job.result, target, asked), limit);
		// Too many messages: shorten to a character budget, tightening it until the parts fit
		// (parts end at line boundaries, so they are never quite full).
		let budget = maxMessages * limit;
		for (let attempt = 0; maxMessages > 0 && parts.length > maxMessages && attempt < 10; attempt++) {
			budget = Math.floor(budget * 0.85);
			parts = splitMessage(formatAnswer(job.result, target, asked, budget), limit);
		}
		for (const part of parts) {
			await postAsBot(read, modify, room, part, pending.threadId);
		}
		return true;
	}
	const reason = job.error?.message ?? "the CodeAsk service reported a failure";
	await notifyUser(read, modify, user, room, messages.jobFailed(pending.question, reason), pending.threadId);
	return true;
}

/** Tells the asker of a claimed question something went wrong (when room and user still exist). */
export async function tellAsker(
	read: IRead,
	modify: IModify,
	pending: PendingQuestion,
	text: string,
): Promise<void> {
	const room = await read.getRoomReader().getById(pending.roomId);
	const user = await read.getUserReader().getById(pending.userId);
	if (room && user) {
		await notifyUser(read, modify, user, room, text, pending.threadId);
	}
}
