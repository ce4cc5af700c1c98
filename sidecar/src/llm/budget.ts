/**
 * The per-question request budget (at most 3 LLM requests per question, shared by every stage).
 *
 * A slot is reserved before anything is sent, so a request over the cap fails without touching
 * the network, and concurrent stages can never overshoot. A reservation becomes a billed request
 * when the provider answers 2xx (a repair attempt is a request like any other); a request that
 * ends in an error without a 2xx releases its slot.
 */
import { type LlmBudgetView, LlmError, type LlmRequestRecord, type LlmUsage } from "./types.js";

export const DEFAULT_MAX_REQUESTS = 3;

export interface BudgetReservation {
	/** The provider answered 2xx: count the request. Idempotent. */
	bill(): void;
	/** Close the reservation and record it; an unbilled reservation frees its slot. */
	finish(record: { usage?: LlmUsage; ms: number; ok: boolean; error?: LlmRequestRecord["error"] }): void;
}

export class RequestBudget implements LlmBudgetView {
	#used = 0;
	#inFlight = 0;
	readonly #records: LlmRequestRecord[] = [];

	constructor(readonly max: number = DEFAULT_MAX_REQUESTS) {
		if (!Number.isInteger(max) || max < 0)
			throw new RangeError(`budget max must be a non-negative integer, got ${max}`);
	}

	get used(): number {
		return this.#used;
	}

	get remaining(): number {
		return Math.max(0, this.max - this.#used - this.#inFlight);
	}

	get records(): readonly LlmRequestRecord[] {
		return this.#records;
	}

	/** Totals for the answer's `usage` field. */
	totals(): { requests: number; tokensIn: number; tokensOut: number } {
		let tokensIn = 0;
		let tokensOut = 0;
		for (const r of this.#records) {
			tokensIn += r.tokensIn;
			tokensOut += r.tokensOut;
		}
		return { requests: this.#used, tokensIn, tokensOut };
	}

	/** Takes a slot for `stage`, or throws LlmError("budget-exhausted") when none is left. */
	reserve(stage: string): BudgetReservation {
		if (this.remaining <= 0) {
			throw new LlmError(
				"budget-exhausted",
				`request budget exhausted: ${this.max} LLM requests per question already used (stage "${stage}")`,
				false,
			);
		}
		this.#inFlight++;
		let billed = false;
		let open = true;
		return {
			bill: () => {
				if (!open || billed) return;
				billed = true;
				this.#inFlight--;
				this.#used++;
			},
			finish: ({ usage, ms, ok, error }) => {
				if (!open) return;
				open = false;
				if (!billed) this.#inFlight--;
				this.#records.push({
					stage,
					tokensIn: usage?.tokensIn ?? 0,
					tokensOut: usage?.tokensOut ?? 0,
					ms,
					ok,
					billed,
					...(error ? { error } : {}),
				});
			},
		};
	}
}
