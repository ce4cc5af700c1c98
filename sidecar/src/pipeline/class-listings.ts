/**
 * Where a class is listed for a framework to create it (`providers: [X]`, a tool list) or handed to a
 * registering function (`useService(X)`): how a class nothing creates with `new` is plugged in.
 */
import { escapeRegExp } from "../escape-regexp.js";
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";

/** A place that lists a class for a framework to pick it up, or hands it to a function. */
export interface Listing {
	/** The definition whose body holds the line (a module, a decorator's class, a function). */
	by: DefRow;
	file: string;
	line: number;
	/** The function the class is handed to (`useService(X)`), when that is how it is listed. */
	via: string | null;
}

/** Lines of a referencing definition looked through for the listing line. */
const LISTING_LINES = 400;
const IMPORT_LINE = /^\s*(import\b|export\s*(\*|\{[^}]*\})\s*from\b)/;

/**
 * Where a class is listed among others for a framework to pick it up (`controllers: [AuthController]`,
 * `providers: [A, B]`, a tool list) or handed to a registering function (`useService(X)`): in each
 * definition of another file that references it, the first line holding it so (imports skipped).
 */
export function listingsOf(
	index: Pick<IndexReader, "edgesTo" | "defById" | "fileLines">,
	cls: DefRow,
): Listing[] {
	const name = escapeRegExp(cls.name);
	const inList = new RegExp(`[\\[,]\\s*${name}\\b|\\b${name}\\s*[,\\]]`);
	const handed = new RegExp(`([\\w$.]+)\\(\\s*${name}\\s*[,)]`);
	const out: Listing[] = [];
	const seen = new Set<number>();
	for (const e of index.edgesTo(cls.id)) {
		if (
			e.kind !== "reference" ||
			seen.has(e.src) ||
			!e.file ||
			e.file === cls.file ||
			isAuxiliaryPath(e.file)
		)
			continue;
		seen.add(e.src);
		const by = index.defById(e.src);
		if (!by?.file || by.startLine === null || by.endLine === null) continue;
		const lines =
			index.fileLines(by.file, by.startLine, Math.min(by.endLine, by.startLine + LISTING_LINES)) ?? [];
		const at = lines.findIndex((l) => !IMPORT_LINE.test(l) && (inList.test(l) || handed.test(l)));
		if (at < 0) continue;
		const text = lines[at] ?? "";
		const via = inList.test(text) ? null : (handed.exec(text)?.[1] ?? null);
		if (via === "new") continue;
		out.push({ by, file: by.file, line: by.startLine + at, via });
	}
	return out;
}

/** The first place listing a class (listingsOf), or null. */
export function listedIn(
	index: Pick<IndexReader, "edgesTo" | "defById" | "fileLines">,
	cls: DefRow,
): Listing | null {
	return listingsOf(index, cls)[0] ?? null;
}
