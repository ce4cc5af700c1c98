/**
 * NOT TO LAND (session 41, prof41): call counters for profiling discovery's cost, on only with
 * PROF41_COUNT=<file prefix>; each thread writes its counts at exit.
 */
import { writeFileSync } from "node:fs";
import { threadId } from "node:worker_threads";

const prefix = process.env.PROF41_COUNT;
const counts = new Map<string, number>();

export function count(name: string, n = 1): void {
	if (prefix) counts.set(name, (counts.get(name) ?? 0) + n);
}

/** Writes this thread's counts (also called by the extraction's finalize, as a worker may not see `exit`). */
export function dumpCounts(): void {
	if (prefix && counts.size > 0)
		writeFileSync(
			`${prefix}.${process.pid}.${threadId}.json`,
			JSON.stringify(Object.fromEntries(counts), null, 1),
		);
}

if (prefix) process.on("exit", dumpCounts);
