import type { IPersistence, IPersistenceRead } from "@rocket.chat/apps-engine/definition/accessors";
import {
	RocketChatAssociationModel,
	RocketChatAssociationRecord,
} from "@rocket.chat/apps-engine/definition/metadata";

/** A question handed to the sidecar and not yet answered: enough to deliver the answer later. */
export interface PendingQuestion {
	jobId: string;
	question: string;
	userId: string;
	roomId: string;
	/** Thread to answer in; absent = answer in the room itself. */
	threadId?: string;
	/** Whether the answer must quote the question (no thread root already does). */
	quoteQuestion: boolean;
	/** ms since epoch when the question was first asked (survives re-submission). */
	askedAt: number;
	/** Polls so far, for the backoff. */
	polls: number;
	/** Times the question was re-sent because the sidecar forgot the job (restart). */
	resubmits: number;
}

function associationFor(jobId: string): RocketChatAssociationRecord {
	return new RocketChatAssociationRecord(RocketChatAssociationModel.MISC, `codeask-job:${jobId}`);
}

function isPending(value: unknown): value is PendingQuestion {
	const record = value as Partial<PendingQuestion> | null;
	return (
		typeof record === "object" &&
		record !== null &&
		typeof record.jobId === "string" &&
		typeof record.userId === "string" &&
		typeof record.roomId === "string"
	);
}

/**
 * Pending questions in the app's persistence, keyed by sidecar job id. Removing a record is the
 * claim that makes delivery happen once, whether the callback or the poller gets there first.
 */
export async function savePending(persis: IPersistence, pending: PendingQuestion): Promise<void> {
	await persis.updateByAssociation(associationFor(pending.jobId), pending, true);
}

export async function findPending(
	reader: IPersistenceRead,
	jobId: string,
): Promise<PendingQuestion | undefined> {
	const records = await reader.readByAssociation(associationFor(jobId));
	return records.find(isPending);
}

/** Removes the record; returns it only to the caller that actually removed it. */
export async function claimPending(
	persis: IPersistence,
	jobId: string,
): Promise<PendingQuestion | undefined> {
	const removed = await persis.removeByAssociation(associationFor(jobId));
	return (removed ?? []).find(isPending);
}
