/**
 * What the service remembers of the answers it gave (the last `max`), so a vote on one can be
 * stored with the commit, settings and citations it came from. Answers are named by their
 * `answerId`, and a job's answer by its `jobId` too (the app votes with the job id).
 */
import { LRUCache } from "lru-cache";
import type { AnsweredRecord } from "../feedback/store.js";

export class AnswerLog {
	private readonly records: LRUCache<string, AnsweredRecord>;

	constructor(max = 5000) {
		this.records = new LRUCache({ max });
	}

	add(record: AnsweredRecord): void {
		this.records.set(record.answerId, record);
	}

	/** Also know the answer `answerId` as `otherId` (a job's id). */
	alias(otherId: string, answerId: string): void {
		const record = this.records.get(answerId);
		if (record) this.records.set(otherId, record);
	}

	get(id: string): AnsweredRecord | undefined {
		return this.records.get(id);
	}
}
