/**
 * How many places of "Where to look" one folder may hold when the question asks how a whole feature
 * works (feature-question.ts). A small folder is one module, one layer of the feature (a store's
 * adapters under `config/`); a third place from it crowds out the other layers the feature spans (the
 * method that turns an upload into a message, the job that purges unconfirmed uploads). A big folder
 * is a bag of unrelated modules (an app's `components/`), and implementations of one contract are the
 * feature's strategies (the translation providers of an auto-translate feature): neither is capped.
 * Session 32 (arch32, benchmarks/answers.md): one place per folder, or two with no exceptions, cost
 * core files (a folder of strategies, a registry beside its store).
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";

/** Places one small folder may hold. */
export const PLACES_PER_FOLDER = 2;
/** A folder of more files than this is a bag of modules, not one layer. */
export const LAYER_FOLDER_FILES = 20;

export type FolderIndex = Pick<IndexReader, "edgesTo"> & Partial<Pick<IndexReader, "files">>;

const folderSizes = new WeakMap<object, Map<string, number>>();

const folderOf = (file: string) => file.slice(0, file.lastIndexOf("/"));

/** Files per folder of the index (none when the index cannot list its files). */
function sizesOf(index: FolderIndex): Map<string, number> {
	let sizes = folderSizes.get(index);
	if (!sizes) {
		sizes = new Map();
		for (const f of index.files?.() ?? []) {
			const folder = folderOf(f.path);
			sizes.set(folder, (sizes.get(folder) ?? 0) + 1);
		}
		folderSizes.set(index, sizes);
	}
	return sizes;
}

/** Counts the places each folder holds and tells whether another may go there. */
export class FolderCap {
	private readonly held = new Map<string, number>();

	constructor(
		private readonly index: FolderIndex,
		private readonly active: boolean,
	) {}

	/** Whether `def` may take a place; when it may (and counts), its folder holds one more. */
	admits(def: DefRow): boolean {
		if (!this.active || !def.file) return true;
		const folder = folderOf(def.file);
		const size = sizesOf(this.index).get(folder) ?? 0;
		const strategy = this.index.edgesTo(def.id).some((e) => e.kind === "implementation");
		if (strategy || size === 0 || size > LAYER_FOLDER_FILES) return true;
		const held = this.held.get(folder) ?? 0;
		if (held >= PLACES_PER_FOLDER) return false;
		this.held.set(folder, held + 1);
		return true;
	}
}
