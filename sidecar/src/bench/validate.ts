/** Checks a question set against the index it is run on, before any question is asked. */
import type { IndexReader } from "../index/reader.js";
import { labelPaths, type QuestionSet } from "./questions.js";

export interface SetCheck {
	/**
	 * Label paths (core, supporting, chain) that are not files of the index; `inRepository` tells
	 * whether the file exists in the indexed repository (then the indexer left it out: not source,
	 * a test, excluded) or not (a typo, or labels for another tree).
	 */
	missingPaths: { id: string; path: string; inRepository: boolean }[];
	/** Set when the index was built from another commit than the labels are for (or from no commit); never for an unpinned set. */
	commitMismatch: { questions: string; index: string | null } | null;
}

/** True when two commit ids name the same commit (either may be abbreviated). */
export function sameCommit(a: string, b: string): boolean {
	const [x, y] = [a.toLowerCase(), b.toLowerCase()];
	return x.length >= 7 && y.length >= 7 && (x.startsWith(y) || y.startsWith(x));
}

export function checkSetAgainstIndex(
	set: QuestionSet,
	index: Pick<IndexReader, "file" | "meta">,
	inRepository: (path: string) => boolean = () => false,
): SetCheck {
	const missingPaths: SetCheck["missingPaths"] = [];
	for (const q of set.questions) {
		for (const path of labelPaths(q)) {
			if (!index.file(path)) missingPaths.push({ id: q.id, path, inRepository: inRepository(path) });
		}
	}
	const indexCommit = index.meta().commit;
	const labelled = set.commit;
	const same = labelled === null || (indexCommit !== null && sameCommit(indexCommit, labelled));
	return { missingPaths, commitMismatch: same ? null : { questions: labelled, index: indexCommit } };
}
