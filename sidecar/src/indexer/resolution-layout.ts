/**
 * What a recorded module resolution (resolve.ts, table file_imports) stays valid for; no compiler
 * here, so the main thread of an incremental run computes it without loading one.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { join } from "node:path";
import type { WorkspacePackage } from "../workspace/packages.js";

/**
 * The layout resolutions depend on: the repository's folder, every collected and declaration
 * file's path, and each package's `node_modules` folder (its modification time: a package
 * installed or removed there). A record made under another layout is not taken.
 */
export function resolutionLayout(
	repoRoot: string,
	packages: WorkspacePackage[],
	files: readonly string[],
	declarationFiles: readonly string[],
): string {
	const hash = createHash("sha1").update(repoRoot).update("\0");
	for (const f of files) hash.update(f).update("\n");
	hash.update("\0");
	for (const f of declarationFiles) hash.update(f).update("\n");
	for (const dir of new Set(["", ...packages.map((p) => p.dir)])) {
		let mtime = "none";
		try {
			mtime = String(statSync(join(repoRoot, dir, "node_modules")).mtimeMs);
		} catch {
			// No node_modules there.
		}
		hash.update(`\0${dir}:${mtime}`);
	}
	return hash.digest("hex");
}
