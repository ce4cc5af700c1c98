/** Exit codes shared by every `codeask` command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * A known, user-facing problem (bad input, missing index, bad config): printed as one line
 * and exits 2. Anything else is a bug and is re-thrown with its stack.
 */
export class UsageError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "UsageError";
	}
}
