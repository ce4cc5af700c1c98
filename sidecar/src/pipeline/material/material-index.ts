/** The index as the assembler reads it, with the lookups one assembly repeats memoised. */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow, FileRow } from "../../index/types.js";

export type MaterialIndex = Pick<
	IndexReader,
	| "fileLines"
	| "fileContent"
	| "edgesFrom"
	| "edgesTo"
	| "defById"
	| "def"
	| "dispatchSitesInFile"
	| "defsInFile"
	| "packages"
> &
	// Full-text search, for the definitions the question's words find that no stage reached.
	Partial<Pick<IndexReader, "searchDefs">> &
	// The indexed files, for the sibling versions of a definition (version-bodies.ts).
	Partial<Pick<IndexReader, "files">> &
	// The mount lines between a request and its route (hops.ts).
	Partial<Pick<IndexReader, "mountSites">> &
	// What a reader keeps for its life (version-bodies.ts: each version folder's files and versions).
	Partial<Pick<IndexReader, "derived">>;

/** The index with the lookups one assembly repeats (a file's lines, a definition's edges) memoised. */
export function memoIndex(index: MaterialIndex): MaterialIndex {
	const memo = <K, V>(fn: (k: K) => V) => {
		const cache = new Map<K, V>();
		return (k: K): V => {
			if (!cache.has(k)) cache.set(k, fn(k));
			return cache.get(k) as V;
		};
	};
	const content = memo((f: string) => index.fileContent(f));
	const lines = memo((f: string) => content(f)?.split("\n"));
	let files: FileRow[] | undefined;
	return {
		fileContent: content,
		fileLines: (f, s, e) => lines(f)?.slice(Math.max(0, s - 1), e),
		edgesFrom: memo((id: number) => index.edgesFrom(id)),
		edgesTo: memo((id: number) => index.edgesTo(id)),
		defById: memo((id: number) => index.defById(id)),
		def: (id) => index.def(id),
		dispatchSitesInFile: (f) => index.dispatchSitesInFile(f),
		defsInFile: memo((f: string) => index.defsInFile(f)),
		packages: () => index.packages(),
		...(index.searchDefs ? { searchDefs: index.searchDefs.bind(index) } : {}),
		...(index.files ? { files: () => (files ??= index.files?.() ?? []) } : {}),
		...(index.mountSites ? { mountSites: index.mountSites.bind(index) } : {}),
		...(index.derived ? { derived: index.derived.bind(index) } : {}),
	};
}

/** Is `def` defined at the top of its file (not inside a function, class or object)? */
export function isModuleLevel(index: Pick<MaterialIndex, "defById">, def: DefRow): boolean {
	return def.parentId === null || index.defById(def.parentId)?.kind === "module";
}
