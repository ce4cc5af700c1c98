/**
 * `get_source`: file text served from the index, confined to the indexed repository. A path is
 * refused when it is absolute, climbs with `..`, is not a file of the index, or (when the
 * repository is on disk) resolves through a symlink to somewhere outside the indexed root.
 */
import { realpathSync } from "node:fs";
import { isAbsolute, posix, relative, resolve, sep, win32 } from "node:path";
import type { IndexReader } from "../index/reader.js";

/** Longest range served in one call, in lines. */
export const MAX_SOURCE_LINES = 400;

export class SourceRefused extends Error {
	constructor(message: string) {
		super(message);
		this.name = "SourceRefused";
	}
}

/** Check a caller-given path and return it as the index spells it (repo-relative posix). */
export function confinePath(file: string): string {
	if (file.length === 0 || file.length > 1000) throw new SourceRefused("file must be a repo-relative path");
	if (file.includes("\0")) throw new SourceRefused("file contains a NUL character");
	if (file.includes("\\")) throw new SourceRefused("use forward slashes in file paths");
	if (isAbsolute(file) || win32.isAbsolute(file) || /^[A-Za-z]:/.test(file) || file.startsWith("~")) {
		throw new SourceRefused("absolute paths are refused: give a path relative to the indexed repository");
	}
	if (file.split("/").includes("..")) throw new SourceRefused("paths with '..' are refused");
	const normal = posix.normalize(file).replace(/^(\.\/)+/, "");
	if (normal === "." || normal.startsWith("../"))
		throw new SourceRefused("path is outside the indexed repository");
	return normal;
}

/** When the repository is on disk, refuse a file that is (or passes through) a symlink leading out of it. */
function assertInsideRoot(repoRoot: string, file: string): void {
	let root: string;
	let real: string;
	try {
		root = realpathSync(repoRoot);
	} catch {
		return; // repository not on this machine: the index is the only source
	}
	try {
		real = realpathSync(resolve(root, file));
	} catch {
		return; // file gone from disk since indexing: serve the indexed text
	}
	const rel = relative(root, real);
	if (rel === "" || rel.startsWith(`..${sep}`) || rel === ".." || isAbsolute(rel)) {
		throw new SourceRefused("the file resolves (through a symlink) to outside the indexed repository");
	}
}

export interface SourceExcerpt {
	file: string;
	startLine: number;
	endLine: number;
	lineCount: number;
	text: string;
}

export function readSource(
	reader: IndexReader,
	file: string,
	startLine: number,
	endLine: number,
): SourceExcerpt {
	const path = confinePath(file);
	if (endLine < startLine) throw new SourceRefused("endLine is before startLine");
	const row = reader.file(path);
	if (!row) throw new SourceRefused(`${path} is not a file of the index`);
	assertInsideRoot(reader.meta().repoRoot, path);
	if (startLine > row.lineCount) {
		throw new SourceRefused(`${path} has ${row.lineCount} lines; startLine ${startLine} is past its end`);
	}
	const last = Math.min(endLine, row.lineCount, startLine + MAX_SOURCE_LINES - 1);
	const lines = reader.fileLines(path, startLine, last) ?? [];
	const width = String(last).length;
	const text = lines.map((l, i) => `${String(startLine + i).padStart(width)} | ${l}`).join("\n");
	return { file: path, startLine, endLine: last, lineCount: row.lineCount, text };
}
