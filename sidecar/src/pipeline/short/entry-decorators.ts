/**
 * The classes the flow's entry hands to a decorator of its own (`@UseGuards(TokenGuard)`,
 * `@UseInterceptors(…)` above the handler): code the framework runs before the entry, named by no
 * call, so no path reaches it and the ranking finds it by words at best.
 */
import type { DefRow } from "../../index/types.js";
import type { PathIndex, PathStep } from "../path/types.js";

/**
 * Files besides the class's own that name it in a reference at most, for a decorator's class to be
 * the entry's own: a guard every resolver names (23 files on one benchmark repository) says nothing
 * of the flow asked about; one named by 1–3 handlers is that endpoint's (benchmarks/answers.md, session 35).
 */
export const OWN_DECORATOR_FILES = 3;
/** Decorator classes told at most. */
export const ENTRY_DECORATORS = 2;

/** A decorator's class, and the decorator line naming it. */
export interface EntryDecorator {
	def: DefRow;
	line: number;
	text: string;
}

/** `@Name(A, B)`: the decorator's bare arguments (a callback `() => T` or an option object is none). */
function decoratorArguments(text: string): string[] {
	const m = /^@[\w$.]+\((.*)\)\s*$/.exec(text.trim());
	if (!m?.[1]) return [];
	return m[1].split(",").map((a) => a.trim());
}

/** Files other than its own whose code names `def` by a reference. */
function referencingFiles(index: Pick<PathIndex, "edgesTo" | "defById">, def: DefRow): number {
	const files = new Set<string>();
	for (const e of index.edgesTo(def.id)) {
		if (e.kind !== "reference") continue;
		const file = index.defById(e.src)?.file;
		if (file && file !== def.file) files.add(file);
	}
	return files.size;
}

/**
 * The classes in other files, not `taken`, that the entry step's own decorators take as bare
 * arguments, each named by at most OWN_DECORATOR_FILES files and in a file the answer's material
 * read (`read`: the citation ranking's files; an interceptor nothing else led to is left out);
 * at most ENTRY_DECORATORS, in line order.
 */
export function entryDecorators(
	index: Pick<PathIndex, "edgesFrom" | "edgesTo" | "defById" | "fileLines">,
	entry: PathStep | undefined,
	taken: ReadonlySet<string | null>,
	read: ReadonlySet<string | null>,
): EntryDecorator[] {
	if (!entry?.def.file) return [];
	const found: EntryDecorator[] = [];
	const seen = new Set<number>();
	const edges = index
		.edgesFrom(entry.def.id)
		.filter((e) => e.kind === "reference" && e.line !== null)
		.sort((a, b) => (a.line as number) - (b.line as number));
	for (const e of edges) {
		if (found.length >= ENTRY_DECORATORS) break;
		const def = index.defById(e.dst);
		if (!def?.file || def.kind !== "class" || seen.has(def.id)) continue;
		if (def.file === entry.def.file || taken.has(def.file) || !read.has(def.file)) continue;
		const text =
			index.fileLines(e.file ?? entry.def.file, e.line as number, e.line as number)?.[0]?.trim() ?? "";
		if (!decoratorArguments(text).includes(def.name)) continue;
		if (referencingFiles(index, def) > OWN_DECORATOR_FILES) continue;
		seen.add(def.id);
		found.push({ def, line: e.line as number, text });
	}
	return found;
}
