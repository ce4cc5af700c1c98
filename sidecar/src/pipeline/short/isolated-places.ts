/** "Where to look" places that touch nothing else the answer cites: matched by words alone, dropped. */
import type { DefRow } from "../../index/types.js";
import type { DraftAnswer } from "../citation-book.js";
import type { PathIndex } from "../path/types.js";

/**
 * What a file touches in the index: the files its definitions have an edge of any kind to or from (a
 * call, an import, a type reference, a render…), and the keys (file-less nodes: an event, a method
 * name, a route) they dispatch, handle or register, which link two files no direct edge joins.
 */
function reachOf(index: PathIndex, file: string): { files: Set<string>; keys: Set<number> } {
	const files = new Set<string>();
	const keys = new Set<number>();
	const note = (id: number) => {
		const other = index.defById(id);
		if (!other) return;
		if (other.file === null) keys.add(id);
		else if (other.file !== file) files.add(other.file);
	};
	for (const def of index.defsInFile(file)) {
		for (const e of index.edgesFrom(def.id)) note(e.dst);
		for (const e of index.edgesTo(def.id)) note(e.src);
	}
	return { files, keys };
}

/**
 * The places off the answer: each in a package no other file the answer cites (`cited`: the flow's
 * steps and the other places) belongs to, and linked to none of those files by an edge of any kind
 * either way or through a key both reach. Such a place only shares words with the question: a client
 * SDK's `sendMessage` beside a server flow, a helper of another app named for the question's "queue".
 * Session 36 (prec36): 4 such places on the dev sets, none labelled. Without the package condition
 * (any unlinked place: 23 on the dev sets, none labelled) a held-out answer lost a labelled place.
 */
export function placesOffTheAnswer(
	index: PathIndex,
	places: readonly DefRow[],
	cited: readonly DefRow[],
): Set<number> {
	const reach = new Map<string, ReturnType<typeof reachOf>>();
	const reachOfFile = (file: string) => {
		let r = reach.get(file);
		if (!r) {
			r = reachOf(index, file);
			reach.set(file, r);
		}
		return r;
	};
	const off = new Set<number>();
	for (const place of places) {
		if (!place.file) continue;
		const others = [...places, ...cited].filter((d) => d.file && d.file !== place.file);
		if (others.some((d) => d.packageName === place.packageName)) continue;
		const own = reachOfFile(place.file);
		const linked = others.some(
			(d) =>
				own.files.has(d.file as string) ||
				[...reachOfFile(d.file as string).keys].some((key) => own.keys.has(key)),
		);
		if (!linked) off.add(place.id);
	}
	return off;
}

/**
 * The answer without `lines` (whole lines of its body). A list's heading goes with the list when
 * every item of it goes, and so does the blank line after it. The citations the lines held are no
 * longer used: the verifier drops them and renumbers the rest.
 */
export function withoutLines(answer: DraftAnswer, lines: ReadonlySet<string>): DraftAnswer {
	if (lines.size === 0) return answer;
	const all = answer.body.split("\n");
	const out: string[] = [];
	for (let i = 0; i < all.length; i++) {
		const line = all[i] as string;
		if (!/^\*\*[^*]+\*\*$/.test(line) || !all[i + 1]?.startsWith("- ")) {
			if (!lines.has(line)) out.push(line);
			continue;
		}
		// A heading and its list: told only with an item left.
		let end = i + 1;
		while (all[end]?.startsWith("- ")) end++;
		const items = all.slice(i + 1, end).filter((l) => !lines.has(l));
		if (items.length > 0) out.push(line, ...items);
		else if (all[end] === "") end++;
		i = end - 1;
	}
	return { ...answer, body: out.join("\n") };
}
