/**
 * A written test repository indexed and opened: the "index it → open a reader → close it after"
 * steps most indexer, trunk and answer tests share, so each test keeps only what it checks.
 */
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import type { IndexOptions } from "../../src/indexer/index-types.js";
import { createSiteExtractor, type TrunkConfig } from "../../src/trunks/index.js";
import { fixtureIndexPath, indexWithTrunks } from "./fixture-index.js";

/** The index of `repo`, built into `<repo>/index.db` (unless `options.out` says where) and opened. */
export async function openIndexOf(repo: string, options: Partial<IndexOptions> = {}): Promise<IndexReader> {
	const result = await indexRepository({ repo, out: join(repo, "index.db"), ...options });
	return IndexReader.open(result.out);
}

/** `repo` indexed with its trunks (its own config, else the built-in presets), as `codeask index` does, and opened. */
export async function openIndexWithTrunks(repo: string, out = join(repo, "index.db")): Promise<IndexReader> {
	return IndexReader.open(await indexWithTrunks(repo, out));
}

/** The index options that find dispatch sites by the trunks of `config` (and record it). */
export const trunkOptions = (config: TrunkConfig): Partial<IndexOptions> => ({
	siteExtractor: createSiteExtractor(config),
	trunkConfig: config,
});

/** What `check` finds in `index`, the reader closed after it, pass or fail. */
export async function readThenClose<T>(
	index: IndexReader,
	check: (index: IndexReader) => T | Promise<T>,
): Promise<T> {
	try {
		return await check(index);
	} finally {
		index.close();
	}
}

/** What `check` finds in the index file at `path`, the reader closed after. */
export function withIndexAt<T>(path: string, check: (index: IndexReader) => T | Promise<T>): Promise<T> {
	return readThenClose(IndexReader.open(path), check);
}

/** What `check` finds in the index of `repo` (built into `<repo>/index.db`), the reader closed after. */
export async function withIndexOf<T>(
	repo: string,
	check: (index: IndexReader) => T | Promise<T>,
): Promise<T> {
	return readThenClose(await openIndexOf(repo), check);
}

/** The mini-chat example's index (built once per test process), opened. */
export async function openFixtureIndex(): Promise<IndexReader> {
	return IndexReader.open(await fixtureIndexPath());
}

/**
 * The reader `open` gives, opened before the enclosing suite's tests and closed after them (call it
 * inside `describe`, or at a file's top level); the returned function reads it.
 */
export function indexForSuite(open: () => Promise<IndexReader>, timeout?: number): () => IndexReader {
	let reader: IndexReader | undefined;
	beforeAll(async () => {
		reader = await open();
	}, timeout);
	afterAll(() => reader?.close());
	return () => {
		if (!reader) throw new Error("the suite's index is not open yet");
		return reader;
	};
}
