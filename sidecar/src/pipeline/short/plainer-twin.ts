/** A file's lead definition gives way to its plainer twin: the sibling named for the question's words without another's modifier. */
import { identifierWords } from "../../index/schema.js";
import type { DefRow } from "../../index/types.js";
import type { ConceptVector } from "../concept-vector.js";

/** Words a twin may have that the other has not (`resume` in `resumeRename`, `post response` against `pre request`). */
const TWIN_EXTRA_WORDS = 2;

/** Definitions that run (a twin of a type or a constant is no other flow). */
const RUNS: ReadonlySet<string> = new Set(["function", "method"]);

interface Named {
	words: ReadonlySet<string>;
	/** The share of the question's concept weight the name matches. */
	matched: number;
	/** Name words that match none of the question's concepts. */
	foreign: number;
}

/**
 * The citation order with each file's lead definition swapped for a twin of the same file that the
 * question names more plainly: the two names share a word the question uses and differ by at most
 * TWIN_EXTRA_WORDS words each, the twin's name matches the question at least as much, and it
 * carries fewer words the question does not use. The lead was ranked first by links and seeding,
 * which a recovery variant (`resume-rename` beside `rename`) or the other half of a pair
 * (`runPostResponse` beside `runPreRequest`) shares with the flow asked about; the words the
 * question writes tell them apart. Only the lead moves: the file keeps its place, and the two
 * definitions swap places in the order.
 */
export function plainerTwinsFirst(order: readonly DefRow[], concepts: ConceptVector): DefRow[] {
	const out = [...order];
	const named = new Map<number, Named>();
	const nameOf = (d: DefRow): Named => {
		let n = named.get(d.id);
		if (!n) {
			const words = new Set(identifierWords(d.name).split(" ").filter(Boolean));
			const matched = concepts.text(d.name).reduce((a, x) => a + x, 0);
			const foreign = [...words].filter((w) => !concepts.text(w).some((x) => x > 0)).length;
			n = { words, matched, foreign };
			named.set(d.id, n);
		}
		return n;
	};
	const positions = new Map<string, number[]>();
	out.forEach((d, i) => {
		if (!d.file) return;
		const list = positions.get(d.file) ?? [];
		list.push(i);
		positions.set(d.file, list);
	});
	for (const list of positions.values()) {
		const leadAt = list[0] as number;
		const lead = out[leadAt] as DefRow;
		if (!RUNS.has(lead.kind)) continue;
		let best: number | null = null;
		for (const i of list.slice(1)) {
			const t = out[i] as DefRow;
			if (!RUNS.has(t.kind) || !plainer(nameOf(t), nameOf(lead), concepts)) continue;
			if (best === null || nameOf(t).foreign < nameOf(out[best] as DefRow).foreign) best = i;
		}
		if (best === null) continue;
		out[leadAt] = out[best] as DefRow;
		out[best] = lead;
	}
	return out;
}

/** Is `t` a twin of `d` that names the question at least as well with fewer words it does not use? */
function plainer(t: Named, d: Named, concepts: ConceptVector): boolean {
	if (t.foreign >= d.foreign || t.matched < d.matched - 1e-9) return false;
	const shared = [...t.words].filter((w) => d.words.has(w));
	if (!shared.some((w) => concepts.text(w).some((x) => x > 0))) return false;
	const onlyT = t.words.size - shared.length;
	const onlyD = d.words.size - shared.length;
	return onlyT <= TWIN_EXTRA_WORDS && onlyD <= TWIN_EXTRA_WORDS;
}
