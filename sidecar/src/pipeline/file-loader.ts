/** The file that imports a module whose top level registers or creates something: what makes that code run. */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";
import { namesIn } from "./verify.js";

/** Where a file is loaded: the importing file, the import line and the name it writes there, and how many of a set it loads. */
export interface FileLoader {
	file: string;
	line: number;
	named: string;
	loads: number;
}

/**
 * The file that loads `module` (a file whose top level registers or creates something) by importing
 * it, `api/server/index.ts` holding `import './v1/channels'`: of its importers, the one importing the
 * most of `peers` (the module definitions of the files doing the same), with the import line, which
 * must name the file. Code that only runs once its file is imported is not reached by a call: a new
 * file of the kind needs the same import, or it never runs. Null when no importer names it.
 */
export function fileLoader(
	index: Pick<IndexReader, "edgesTo" | "edgesFrom" | "defById" | "fileLines">,
	module: DefRow,
	peers: ReadonlySet<number>,
): FileLoader | null {
	if (module.kind !== "module" || !module.file) return null;
	const named = (module.file.split("/").at(-1) ?? "").replace(/\.[cm]?[jt]sx?$/, "");
	if (!named) return null;
	let best: FileLoader | null = null;
	for (const e of index.edgesTo(module.id)) {
		if (e.kind !== "import" || e.line === null) continue;
		const importer = index.defById(e.src);
		if (!importer?.file || isAuxiliaryPath(importer.file)) continue;
		const text = index.fileLines(importer.file, e.line, e.line)?.[0] ?? "";
		if (!namesIn(text, named)) continue;
		const loads = index.edgesFrom(importer.id).filter((x) => x.kind === "import" && peers.has(x.dst)).length;
		if (!best || loads > best.loads) best = { file: importer.file, line: e.line, named, loads };
	}
	return best;
}
