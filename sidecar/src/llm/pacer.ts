/**
 * Minimum spacing between requests to one endpoint (free tiers allow a few requests a minute).
 * Slots are handed out in order, so concurrent questions queue instead of bursting.
 */
import { sleep } from "./retry.js";

export class Pacer {
	#nextSlot = 0;

	constructor(
		readonly minSpacingMs: number,
		private readonly now: () => number = Date.now,
	) {}

	/** Resolves when this caller may send; rejects with LlmError("aborted") if `signal` aborts first. */
	async wait(signal?: AbortSignal): Promise<void> {
		if (this.minSpacingMs <= 0) return;
		const now = this.now();
		const slot = Math.max(now, this.#nextSlot);
		this.#nextSlot = slot + this.minSpacingMs;
		await sleep(slot - now, signal);
	}
}

/** One pacer per endpoint and spacing for the whole process: clients are created per question. */
const shared = new Map<string, Pacer>();

export function sharedPacer(endpoint: string, minSpacingMs: number): Pacer {
	const key = `${endpoint}|${minSpacingMs}`;
	let pacer = shared.get(key);
	if (!pacer) {
		pacer = new Pacer(minSpacingMs);
		shared.set(key, pacer);
	}
	return pacer;
}
