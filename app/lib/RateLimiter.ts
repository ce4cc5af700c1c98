import type { IPersistence, IPersistenceRead } from "@rocket.chat/apps-engine/definition/accessors";
import {
	RocketChatAssociationModel,
	RocketChatAssociationRecord,
} from "@rocket.chat/apps-engine/definition/metadata";

const WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

function associationsFor(userId: string): Array<RocketChatAssociationRecord> {
	return [
		new RocketChatAssociationRecord(RocketChatAssociationModel.USER, userId),
		new RocketChatAssociationRecord(RocketChatAssociationModel.MISC, "codeask-rate"),
	];
}

/** Sliding one-minute window per user, kept in the app's persistence so it holds across instances. */
export class RateLimiter {
	public constructor(
		private readonly reader: IPersistenceRead,
		private readonly persis: IPersistence,
		private readonly now: () => number = Date.now,
	) {}

	/** Counts the question when it is allowed; `limitPerMinute` 0 means no limit. */
	public async take(userId: string, limitPerMinute: number): Promise<RateDecision> {
		if (limitPerMinute <= 0) {
			return { allowed: true };
		}
		const now = this.now();
		const records = await this.reader.readByAssociations(associationsFor(userId));
		const stored = (records[0] as { hits?: unknown } | undefined)?.hits;
		const hits = (Array.isArray(stored) ? stored : []).filter(
			(hit): hit is number => typeof hit === "number" && now - hit < WINDOW_MS,
		);
		if (hits.length >= limitPerMinute) {
			const oldest = Math.min(...hits);
			return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)) };
		}
		hits.push(now);
		await this.persis.updateByAssociations(associationsFor(userId), { hits }, true);
		return { allowed: true };
	}
}
