/** An outline section's row (index/schema.ts `outline_sections`) as the reader returns it. */
import { storedJson } from "./stored-json.js";
import type { OutlineSectionRow } from "./types.js";

export function toSection(r: Record<string, unknown>, path: string): OutlineSectionRow {
	const json = <T>(column: string) =>
		storedJson<T>(r[column] as string, `outline section ${String(r.section_id)} (${column})`, path);
	return {
		id: r.id as number,
		sectionId: r.section_id as string,
		kind: r.kind as "package" | "folder",
		title: r.title as string,
		path: r.path as string,
		packageName: null,
		parent: (r.parent as string | null) ?? null,
		summary: r.summary as string,
		files: json<OutlineSectionRow["files"]>("files"),
		topSymbols: json<OutlineSectionRow["topSymbols"]>("top_symbols"),
		keys: json<OutlineSectionRow["keys"]>("keys"),
	};
}
