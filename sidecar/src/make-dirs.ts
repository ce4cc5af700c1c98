/**
 * `mkdir -p` without Node's `mkdirSync(dir, { recursive: true })`, which loops forever where
 * mkdir answers ENOENT under a parent that exists (`/proc/x`): a hostile output path would hang
 * the CLI instead of failing. Creates each missing folder from the top down; errors are the
 * plain mkdir errors (ENOENT, EACCES, ENOTDIR, …) with their path.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

export function makeDirs(dir: string): void {
	const missing: string[] = [];
	for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
		missing.push(d);
		if (dirname(d) === d) break;
	}
	for (const d of missing.reverse()) {
		try {
			mkdirSync(d);
		} catch (err) {
			// Made meanwhile by someone else: fine.
			if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
		}
	}
}
