/**
 * How central a file is by the graph: the number of other files whose code references one of its
 * definitions (a call, an import, a new, a registration — any edge written in another file). A
 * module many files use (a notifier every message path imports) is one a developer checks before
 * a leaf (a UI hook, a startup script, a bridge nobody imports), whatever its path says.
 */
import type { IndexReader } from "../index/reader.js";

export type FileUsersIndex = Pick<IndexReader, "defsInFile" | "edgesTo">;

/** Counts per file, memoised: one impact answer asks for the same files on every render. */
export class FileUsers {
	private readonly counts = new Map<string, number>();

	constructor(private readonly index: FileUsersIndex) {}

	/** Other files with an edge into a definition of `file` (0 for a file the index does not hold). */
	of(file: string): number {
		const known = this.counts.get(file);
		if (known !== undefined) return known;
		const users = new Set<string>();
		for (const def of this.index.defsInFile(file))
			for (const e of this.index.edgesTo(def.id)) if (e.file && e.file !== file) users.add(e.file);
		this.counts.set(file, users.size);
		return users.size;
	}
}
