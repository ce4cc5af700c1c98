import type { Job } from "../queue/client.js";

/** Wraps a job function with a named span (the wrapper is shared by every worker: no handler itself). */
export function withTracing<T>(name: string, fn: (job: Job<T>) => Promise<void>) {
	return async (job: Job<T>) => {
		console.time(name);
		await fn(job);
		console.timeEnd(name);
	};
}
