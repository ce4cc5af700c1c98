/**
 * V8's tier-up budget for an indexing process, 4× its default (67,584). The type checker is a large
 * body of code that V8 optimises early, then deoptimises and optimises again as its type feedback
 * grows (one threaded Rocket.Chat run: 7,331 optimised compilations, `scan` 37×,
 * `resolveNameHelper` 34×, in every thread's isolate; on 2 cores those compilations took CPU from
 * the extraction threads). A budget this size optimises later, on settled feedback: the Rocket.Chat
 * full index on a quiet 2-core machine 67.5–69.0 → 61.3–62.4 s CPU, a one-file re-index 6.3 →
 * 5.2–5.6 s (2×, 8× and 16× no better). The output does not depend on it. Process-wide: set once,
 * before the compiler is loaded, for this thread and the workers started after it.
 */
import { setFlagsFromString } from "node:v8";

export const INTERRUPT_BUDGET = 270_336;

export function raiseTierUpBudget(): void {
	setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
