/** A file's lead definition gives way to the twin the question asks about: not its recovery variant, nor the other half of a pair. */
import { identifierWords } from "../../index/schema.js";
import type { DefRow } from "../../index/types.js";
import { type ConceptVector, namesAny } from "../concept-vector.js";
import { stemsMeet } from "../match.js";
import { stem } from "../vocabulary.js";

/** Words a twin may have that the other has not (`post resume` in `post(/resume-sync)` against `put(/sync)`). */
const TWIN_EXTRA_WORDS = 2;

/** Definitions that run (a twin of a type or a constant is no other flow). */
const RUNS: ReadonlySet<string> = new Set(["function", "method"]);

/** A name word making a definition the recovery of another flow: it runs again what the plain one starts. */
const RECOVERY_WORDS: ReadonlySet<string> = new Set([
	"resume",
	"retry",
	"recover",
	"restart",
	"rerun",
	"redo",
	"requeue",
	"reconnect",
	"rollback",
	"revert",
	"undo",
	"fallback",
]);

/** Words naming the two halves of one thing: a name with one is the other's twin, not its flow. */
const OPPOSITES: readonly (readonly [string, string])[] = [
	["pre", "post"],
	["before", "after"],
	["request", "response"],
	["open", "close"],
	["start", "stop"],
	["begin", "end"],
	["send", "receive"],
	["enable", "disable"],
	["add", "remove"],
	["create", "delete"],
	["show", "hide"],
	["import", "export"],
	["upload", "download"],
	["encrypt", "decrypt"],
	["login", "logout"],
	["connect", "disconnect"],
	["subscribe", "unsubscribe"],
	["lock", "unlock"],
	["mount", "unmount"],
	["attach", "detach"],
	["push", "pull"],
];

const OPPOSITE_OF = new Map<string, string>(
	OPPOSITES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]),
);

interface Named {
	words: ReadonlySet<string>;
	/** The share of the question's concept weight the name matches. */
	matched: number;
}

/**
 * The citation order with each file's lead definition swapped for a twin of the same file that the
 * question asks about: the two names share a word the question uses, differ by at most
 * TWIN_EXTRA_WORDS words each, and the twin's name matches the question at least as much; and either
 * the lead adds a recovery word the question does not write (`resume-sync` beside `sync`), or
 * the lead has one half of a pair where the twin has the other half the question writes
 * (`runAfterHook` beside `runBeforeHook` for a before-hook question). The lead was ranked first
 * by links and seeding, which the twins share; the words the question writes tell them apart (a
 * suffix like `Async` does not: the flow may run through either). Only the lead moves: the file
 * keeps its place, the two definitions swap places in the order.
 */
export function plainerTwinsFirst(order: readonly DefRow[], concepts: ConceptVector): DefRow[] {
	const out = [...order];
	const written = writtenWords(concepts);
	const named = new Map<number, Named>();
	const nameOf = (d: DefRow): Named => {
		let n = named.get(d.id);
		if (!n) {
			const words = new Set(identifierWords(d.name).split(" ").filter(Boolean));
			n = { words, matched: concepts.text(d.name).reduce((a, x) => a + x, 0) };
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
			if (!RUNS.has(t.kind) || !askedTwin(nameOf(t), nameOf(lead), concepts, written)) continue;
			if (best === null || nameOf(t).matched > nameOf(out[best] as DefRow).matched + 1e-9) best = i;
		}
		if (best === null) continue;
		out[leadAt] = out[best] as DefRow;
		out[best] = lead;
	}
	return out;
}

/** Is `t` the twin of `d` the question asks about (see plainerTwinsFirst)? */
function askedTwin(t: Named, d: Named, concepts: ConceptVector, written: (w: string) => boolean): boolean {
	if (t.matched < d.matched - 1e-9) return false;
	const shared = [...t.words].filter((w) => d.words.has(w));
	if (!shared.some((w) => namesAny(concepts, w))) return false;
	const onlyT = [...t.words].filter((w) => !d.words.has(w));
	const onlyD = [...d.words].filter((w) => !t.words.has(w));
	if (onlyT.length > TWIN_EXTRA_WORDS || onlyD.length > TWIN_EXTRA_WORDS) return false;
	const recovery = (w: string) => RECOVERY_WORDS.has(w) && !written(w);
	if (onlyD.some(recovery) && !onlyT.some((w) => RECOVERY_WORDS.has(w))) return true;
	return onlyD.some((w) => {
		const other = OPPOSITE_OF.get(w);
		return other !== undefined && onlyT.includes(other) && written(other) && !written(w);
	});
}

/**
 * Does the question write this word: a concept's word by stem, or a piece a compound word of it
 * starts or ends with (`pre` and `request` of "pre-request")? A related word (`post` for "sending")
 * is not written.
 */
function writtenWords(concepts: ConceptVector): (word: string) => boolean {
	const words = concepts.words.map((w) => w.toLowerCase());
	return (word) =>
		words.some(
			(w) =>
				stemsMeet(stem(word), stem(w)) ||
				(word.length >= 3 && w.length > word.length && (w.startsWith(word) || w.endsWith(word))),
		);
}
