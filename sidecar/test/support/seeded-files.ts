/** The seeding stage probed on a throwaway repository: what the seed tests share. */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { seed } from "../../src/pipeline/seed.js";
import { indexForSuite, openIndexWithTrunks } from "./open-index.js";
import { repoWith } from "./repo-with.js";

/** The files the seeding picks for `question`, best first (no routed sections, default config). */
export function seededFiles(index: IndexReader, question: string): string[] {
	return seed(
		index,
		analyzeQuestion(question),
		{ sections: [], chains: [], fixed: false },
		parsePipelineConfig({}),
		index.outlineSections(),
	).files.map((f) => f.file);
}

/**
 * A repository of `files` indexed with its trunks before the enclosing suite's tests, closed and
 * removed after them; the returned function reads the index.
 */
export function repoIndexForSuite(files: Record<string, string>, prefix: string): () => IndexReader {
	let root = "";
	const index = indexForSuite(() => {
		root = repoWith(files, prefix);
		return openIndexWithTrunks(root, join(root, ".codeask.db"));
	});
	afterAll(() => {
		if (root) rmSync(root, { recursive: true, force: true });
	});
	return index;
}
