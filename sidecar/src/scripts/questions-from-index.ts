/** Questions for load scripts, built from an index's own outline and symbols (any repository). */
import type { IndexReader } from "../index/reader.js";

/** Questions built from the index itself: one per outline section and per busy symbol. */
export function questionsFromIndex(reader: IndexReader, max = 200): string[] {
	const out = new Set<string>();
	for (const s of reader.outlineSections()) {
		const topic = s.path.split("/").filter(Boolean).pop() ?? s.title;
		out.add(`How does ${topic.replace(/[-_.]/g, " ")} work?`);
	}
	for (const d of reader.searchDefs(["service", "handler", "send", "save", "update", "notify"], 100)) {
		out.add(`Who calls ${d.def.qualifiedName} and what does it do?`);
	}
	return [...out].slice(0, max);
}
