/** A throwaway repository for a test: a temp folder holding `files` (repo-relative path → text). */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export function repoWith(files: Record<string, string>, prefix = "codeask-repo-"): string {
	const root = mkdtempSync(join(tmpdir(), prefix));
	for (const [path, text] of Object.entries(files)) writeRepoFile(root, path, text);
	return root;
}

/** Write one file of a test repository, making its folders. */
export function writeRepoFile(root: string, path: string, text: string): void {
	mkdirSync(dirname(join(root, path)), { recursive: true });
	writeFileSync(join(root, path), text);
}
