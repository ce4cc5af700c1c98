/**
 * What the path tests over a small indexed repository share: the question's concepts as plain
 * words, and the repository written, indexed with its trunks for the suite and removed after it.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import type { DefRow } from "../../src/index/types.js";
import { type ConceptVector, conceptVector } from "../../src/pipeline/concept-vector.js";
import type { Concept } from "../../src/pipeline/query.js";
import { indexWithTrunks } from "./fixture-index.js";
import { repoWith } from "./repo-with.js";

/** The question's concepts, each a plain word of weight 1. */
export const plainConcepts = (...words: string[]): ConceptVector =>
	conceptVector({
		concepts: words.map((word): Concept => ({ word, stems: [word], related: [], weight: 1 })),
	});

/** An exported async function of one `name: string` parameter, its body's lines indented. */
export const asyncFunction = (name: string, body: string[]) =>
	[`export async function ${name}(name: string): Promise<string> {`, ...body.map((l) => `\t${l}`), "}"].join(
		"\n",
	);

/** The names of a path's steps, in order. */
export const stepNames = (steps: readonly { def: DefRow }[]) => steps.map((s) => s.def.name);

/** The repository at `root` indexed with its trunks into `root/.codeask.db`, and opened. */
const withTrunks = async (root: string) =>
	IndexReader.open(await indexWithTrunks(root, join(root, ".codeask.db")));

/**
 * Index `files` for the enclosing suite (call it inside `describe`, or at a file's top level) with
 * `open` (default: with their trunks): the reader, once built, and a definition of the repository
 * by file and name.
 */
export function indexedRepo(
	files: Record<string, string>,
	prefix: string,
	open: (root: string) => Promise<IndexReader> = withTrunks,
) {
	let root = "";
	let reader: IndexReader | undefined;
	beforeAll(async () => {
		root = repoWith(files, prefix);
		reader = await open(root);
	});
	afterAll(() => {
		reader?.close();
		if (root) rmSync(root, { recursive: true, force: true });
	});
	const index = (): IndexReader => {
		if (!reader) throw new Error("the fixture repository is not indexed yet");
		return reader;
	};
	const def = (file: string, name: string): DefRow => {
		const d = index()
			.defsInFile(file)
			.find((x) => x.name === name);
		if (!d) throw new Error(`fixture lacks ${name}`);
		return d;
	};
	return { index, def };
}
