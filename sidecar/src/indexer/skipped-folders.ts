/**
 * Build-output folders (`build/`, `dist/`, `out/`) the file walk does not enter: which of them
 * `--include` opens, and how many sources a skipped one holds. Compiled output is JavaScript, so
 * TypeScript or component files in such a folder are sources someone may want indexed (a CLI's
 * `src/build/` commands): the run's summary names those folders.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";

export interface SkippedFolder {
	/** Repo-relative folder. */
	path: string;
	/** TypeScript and component source files in it (declaration files left out). */
	files: number;
}

/** Declaration files: types for the program, never indexed. */
export const DECLARATION_FILE = /\.d\.[cm]?ts$/;
const SOURCE_ONLY = /\.(ts|tsx|mts|cts|vue|svelte)$/;
/** Entries looked at per skipped folder: a huge `dist/` is not walked to its end. */
const MAX_ENTRIES = 5000;

/** Is the build-output folder at `path` opened by one of the `--include` paths (at it, or above it)? */
export function includedBuildFolder(path: string, include: readonly string[]): boolean {
	return include.some((raw) => {
		const p = raw.replace(/^(\.\/)+|^\/+|\/+$/g, "").replace(/^\.$/, "");
		return p === "" || path === p || path.startsWith(`${p}/`);
	});
}

/** TypeScript and component source files under a skipped folder (declaration files and dependencies left out). */
export function sourcesIn(repoRoot: string, rel: string): number {
	let files = 0;
	let seen = 0;
	const walk = (dir: string): void => {
		let entries: import("node:fs").Dirent[];
		try {
			entries = readdirSync(join(repoRoot, dir), { withFileTypes: true });
		} catch {
			return;
		}
		for (const e of entries) {
			if (++seen > MAX_ENTRIES) return;
			if (e.isDirectory()) {
				if (!e.name.startsWith(".") && e.name !== "node_modules") walk(`${dir}/${e.name}`);
			} else if (e.isFile() && SOURCE_ONLY.test(e.name) && !DECLARATION_FILE.test(e.name)) files++;
		}
	};
	walk(rel);
	return files;
}
