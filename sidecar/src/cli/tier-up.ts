/**
 * V8's tier-up budget for a `codeask index` process, 4× its default (67,584). The type checker is a
 * large body of code that V8 optimises early, then deoptimises and optimises again as its type
 * feedback grows; a budget this size optimises later, on settled feedback. A one-file re-index of
 * Rocket.Chat (a few seconds, most of them parsing and binding) spends ~15 % less CPU with it
 * (6.3 → 5.2–5.6 s, 8× and 16× no better); threaded full runs set the same budget
 * (indexer/parallel.ts).
 * The output does not depend on it. Process-wide, and best set before the compiler is loaded.
 */
import { setFlagsFromString } from "node:v8";

export const INTERRUPT_BUDGET = 270_336;

export function raiseTierUpBudget(): void {
	setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
