/** Definition rows and a tiny edge graph, shaped like the index's, for unit tests of the answer stages. */
import type { DefKind, EdgeKind } from "../../src/index/schema.js";
import type { DefRow, EdgeRow } from "../../src/index/types.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";

let nextId = 1;

/**
 * A definition row `file#name` whose lines are `id*10`–`id*10+5`, unless `extra` says otherwise;
 * a null file makes a dispatch-key row (`trunk:callbacks#name`, no lines). A `doc` given is also its
 * description (a comment right above the declaration), unless `extra` gives one.
 */
export function defRow(
	file: string | null,
	name: string,
	kind: DefKind = "function",
	extra: Partial<DefRow> = {},
): DefRow {
	const id = extra.id ?? nextId++;
	return {
		id,
		defId: file ? `${file}#${name}` : `trunk:callbacks#${name}`,
		file,
		packageName: "p",
		name: name.split(".").pop() ?? name,
		qualifiedName: name,
		kind,
		startLine: file ? id * 10 : null,
		endLine: file ? id * 10 + 5 : null,
		signature: null,
		doc: null,
		exported: true,
		parentId: null,
		fanIn: 0,
		fanOut: 0,
		...extra,
		description: extra.description === undefined ? (extra.doc ?? null) : extra.description,
	};
}

type Where = (src: DefRow, dst: DefRow, kind: EdgeKind) => { file: string | null; line: number | null };

/** Edges between definitions, looked up like the index does; `where` says where each is written (default: the source's file, line 1). */
export function edgeGraph(
	defs: readonly DefRow[],
	edges: readonly [DefRow, DefRow, EdgeKind][],
	where: Where = (s) => ({ file: s.file, line: 1 }),
) {
	const rows: EdgeRow[] = edges.map(([s, d, kind]) => ({
		src: s.id,
		dst: d.id,
		srcDefId: s.defId,
		dstDefId: d.defId,
		kind,
		...where(s, d, kind),
		resolution: "checker",
	}));
	const byId = new Map(defs.map((d) => [d.id, d]));
	return {
		defById: (id: number) => byId.get(id),
		edgesFrom: (id: number) => rows.filter((e) => e.src === id),
		edgesTo: (id: number) => rows.filter((e) => e.dst === id),
		defsInFile: (path: string) => defs.filter((d) => d.file === path),
	};
}

/**
 * `edgeGraph` over these files' lines, each edge written in its source's file at the line `lineOf`
 * gives for its target's name (null when it names none): a path test reading the hop lines.
 */
export function edgeGraphOverFiles(
	files: Record<string, readonly string[]>,
	defs: readonly DefRow[],
	edges: readonly [DefRow, DefRow, EdgeKind][],
	lineOf: Record<string, number>,
): PathIndex {
	return {
		...edgeGraph(defs, edges, (s, d) => ({ file: s.file, line: lineOf[d.name] ?? null })),
		fileLines: (file: string, from: number, to: number) => files[file]?.slice(from - 1, to),
	};
}

/** `edgeGraph` with every hop written on its source's first line, whose text names the callee (`await callee(x);`). */
export function hopLineGraph(defs: DefRow[], edges: Parameters<typeof edgeGraph>[1]): PathIndex {
	const g = edgeGraph(defs, edges, (s) => ({ file: s.file, line: s.startLine }));
	const byLine = new Map(edges.map(([s, d]) => [`${s.file}:${s.startLine}`, `await ${d.name}(x);`]));
	return { ...g, fileLines: (file, start) => [byLine.get(`${file}:${start}`) ?? "x"] };
}
