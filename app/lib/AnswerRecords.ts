import type { IPersistence, IPersistenceRead } from "@rocket.chat/apps-engine/definition/accessors";
import {
	RocketChatAssociationModel,
	RocketChatAssociationRecord,
} from "@rocket.chat/apps-engine/definition/metadata";

/** What the buttons under a posted answer need: the question, and where its thread is. */
export interface AnswerRecord {
	jobId: string;
	question: string;
	roomId: string;
	/** Thread the full answer goes to (the answer's own thread, or the message itself as root). */
	threadId: string;
	askedBy: string;
	postedAt: number;
	/** The repository the answer is from (its full form is asked there too). */
	repo?: string;
	/** Job id of the full answer, once someone asked for it (it is posted once). */
	fullJobId?: string;
	/** Votes by user id, so a second click changes the vote rather than adding one. */
	votes?: Record<string, "up" | "down">;
}

/** The last time the sidecar answered without the LLM it was asked to use, and why. */
export interface FallbackRecord {
	reason: string;
	at: number;
}

const answerKey = (jobId: string) =>
	new RocketChatAssociationRecord(RocketChatAssociationModel.MISC, `codeask-answer:${jobId}`);
const FALLBACK_KEY = new RocketChatAssociationRecord(
	RocketChatAssociationModel.MISC,
	"codeask-last-fallback",
);

export async function saveAnswer(persis: IPersistence, record: AnswerRecord): Promise<void> {
	await persis.updateByAssociation(answerKey(record.jobId), record, true);
}

export async function findAnswer(reader: IPersistenceRead, jobId: string): Promise<AnswerRecord | undefined> {
	const [record] = (await reader.readByAssociation(answerKey(jobId))) as Array<AnswerRecord | undefined>;
	return record && typeof record.question === "string" ? record : undefined;
}

export async function saveFallback(persis: IPersistence, reason: string, at: number): Promise<void> {
	await persis.updateByAssociation(FALLBACK_KEY, { reason, at } satisfies FallbackRecord, true);
}

export async function lastFallback(reader: IPersistenceRead): Promise<FallbackRecord | undefined> {
	const [record] = (await reader.readByAssociation(FALLBACK_KEY)) as Array<FallbackRecord | undefined>;
	return record && typeof record.reason === "string" ? record : undefined;
}
