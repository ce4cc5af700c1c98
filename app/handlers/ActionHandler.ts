import type { IHttp, IModify, IPersistence, IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { IApp } from "@rocket.chat/apps-engine/definition/IApp";
import type { IRoom } from "@rocket.chat/apps-engine/definition/rooms";
import type { IUser } from "@rocket.chat/apps-engine/definition/users";
import { findAnswer, saveAnswer } from "../lib/AnswerRecords";
import { AnswerAction } from "../lib/blocks";
import { newRequestId, schedulePoll } from "../lib/jobs";
import { notifyUser } from "../lib/Messenger";
import { messages } from "../lib/messages";
import { savePending } from "../lib/PendingQuestions";
import { SidecarClient, SidecarError } from "../lib/SidecarClient";
import { readAppSettings } from "../settings/settings";
import { createJob } from "./AskHandler";

export interface ActionInput {
	app: IApp;
	read: IRead;
	modify: IModify;
	http: IHttp;
	persis: IPersistence;
	actionId: string;
	/** The answer's job id (the buttons' value). */
	value: string | undefined;
	user: IUser;
	room: IRoom | undefined;
	threadId?: string;
}

/**
 * A click on a button under an answer. "Show the full answer" asks the sidecar for the full form
 * as a job (posted in the answer's thread, once, by the same callback/poll path as any answer);
 * 👍 / 👎 send the vote to `POST /v1/feedback`. Returns false for actions that are not CodeAsk's.
 */
export async function handleAnswerAction(input: ActionInput): Promise<boolean> {
	const { app, read, modify, http, persis, user, room } = input;
	if (!Object.values(AnswerAction).includes(input.actionId as AnswerAction)) return false;
	if (!room) return true;
	const tell = (text: string) => notifyUser(read, modify, user, room, text, input.threadId);
	const record = input.value ? await findAnswer(read.getPersistenceReader(), input.value) : undefined;
	if (!record) {
		await tell(messages.answerGone);
		return true;
	}
	const loaded = await readAppSettings(read);
	if (!loaded.ok) {
		await tell(messages.notConfigured(loaded.problems));
		return true;
	}
	const settings = loaded.settings;

	if (input.actionId === AnswerAction.Full) {
		if (record.fullJobId) {
			await tell(messages.fullAnswerAlready);
			return true;
		}
		const jobId = await createJob({
			app,
			read,
			http,
			settings,
			question: record.question,
			username: user.username,
			detail: "full",
			tell,
			...(record.repo ? { repo: record.repo } : {}),
		});
		if (!jobId) return true;
		await saveAnswer(persis, { ...record, fullJobId: jobId });
		await savePending(persis, {
			jobId,
			question: record.question,
			userId: user.id,
			roomId: record.roomId,
			threadId: record.threadId,
			quoteQuestion: false,
			publicQuestion: true,
			source: "button",
			detail: "full",
			...(record.repo ? { repo: record.repo } : {}),
			askedAt: Date.now(),
			polls: 0,
			resubmits: 0,
		});
		await schedulePoll(modify, jobId, 0);
		await tell(messages.fullAnswerWorking);
		return true;
	}

	const vote = input.actionId === AnswerAction.VoteUp ? "up" : "down";
	try {
		await new SidecarClient(http, settings.sidecarUrl, settings.sharedSecret).feedback(
			{ answerId: record.jobId, question: record.question, vote, user: user.username },
			newRequestId(),
		);
	} catch (error) {
		if (error instanceof SidecarError) {
			app.getLogger().warn(`codeask: feedback not stored (${error.code}): ${error.message}`);
			await tell(messages.sidecarFailure(error.code, error.message));
			return true;
		}
		throw error;
	}
	await saveAnswer(persis, { ...record, votes: { ...(record.votes ?? {}), [user.id]: vote } });
	await tell(messages.voteThanks(vote));
	return true;
}
