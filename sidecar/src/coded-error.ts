/**
 * The base of an error that carries a typed `code` for callers to branch on, and its own `name`.
 * The name is given, not taken from the class: it is compared as a string where an error crosses a
 * worker thread or reaches a log, and a bundler may rename classes.
 *
 *   export class GitError extends codedError<"timeout" | "not-found">("GitError") {}
 */
export function codedError<C extends string>(name: string) {
	return class extends Error {
		constructor(
			readonly code: C,
			message: string,
		) {
			super(message);
			this.name = name;
		}
	};
}
