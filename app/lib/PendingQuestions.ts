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
	/** "short": the one-message answer with buttons; "full": the full form, posted in the thread. */
	detail?: "short" | "full";
	/** The repository it was asked about (sidecars serving several); re-sent and kept with the answer. */
	repo?: string;
	/** The question is visible in the room (a quoted root, or a DM): failures are answered there too. */
	publicQuestion?: boolean;
	/** Where it was asked: the mention of the asker is left out of DM answers. */
	source?: "command" | "dm" | "button";
	/** Set by the delivery that is claiming the question (see claimPending). */
	claim?: { token: string; at: number };
}

/** A claim older than this is taken to be from a delivery that died; another may take over. */
export const CLAIM_TTL_MS = 60_000;
/** How long a claimant waits for a concurrent claimant's write to land before re-reading. */
export const CLAIM_SETTLE_MS = 100;

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

function newToken(): string {
	return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Claims a pending question for delivery; only one of several concurrent callers gets it.
 *
 * Removing the record cannot be the claim: Rocket.Chat's `removeByAssociations` is a find and
 * then a delete, so two callers (a callback and the poll, or two server instances) can both
 * "remove" it. Instead each caller writes its own token into the record (one document update
 * each, the last one wins), waits for a concurrent write to land, and reads the record again:
 * only the caller whose token is still there delivers. A caller that finds a fresh claim of
 * someone else backs off at once. The winner removes the record after delivering
 * (releasePending), so a delivery that dies half-way is retried by the poll after CLAIM_TTL_MS.
 */
export async function claimPending(
	reader: IPersistenceRead,
	persis: IPersistence,
	jobId: string,
	options: { settleMs?: number; now?: () => number } = {},
): Promise<PendingQuestion | undefined> {
	const now = options.now ?? Date.now;
	const pending = await findPending(reader, jobId);
	if (!pending || (pending.claim && now() - pending.claim.at < CLAIM_TTL_MS)) {
		return undefined;
	}
	const token = newToken();
	try {
		await persis.updateByAssociation(
			associationFor(jobId),
			{ ...pending, claim: { token, at: now() } },
			false,
		);
	} catch {
		return undefined; // removed meanwhile: delivered by someone else
	}
	await new Promise((done) => setTimeout(done, options.settleMs ?? CLAIM_SETTLE_MS));
	const again = await findPending(reader, jobId);
	return again?.claim?.token === token ? again : undefined;
}

/** Forgets a question once its answer (or failure) is delivered. */
export async function releasePending(persis: IPersistence, jobId: string): Promise<void> {
	await persis.removeByAssociation(associationFor(jobId));
}
