/**
 * How an in-repo import names its module: `./x`, a tsconfig `paths` alias (`@app/x`), a workspace
 * package. The one list the per-file counts, their totals, the worker messages' schema and the
 * index summary are keyed by (no compiler here: the schema's readers load this alone).
 */
export const IMPORT_KINDS = ["relative", "alias", "workspace"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** [in-repo, resolved] imports of each kind, all zero: what a file or a run starts counting from. */
export function noImportsByKind(): Record<ImportKind, [number, number]> {
	return Object.fromEntries(IMPORT_KINDS.map((k) => [k, [0, 0]])) as Record<ImportKind, [number, number]>;
}
