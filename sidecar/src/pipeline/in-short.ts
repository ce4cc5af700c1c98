/**
 * The "In short" paragraph of the offline answer: a few extractive sentences that read like an
 * answer. The best-ranked definitions are the entry points (with their doc comment's first
 * sentence), and each is followed by its hops in the skeleton: what it calls, the dispatch keys
 * it crosses with their handlers, or who reaches it. Every sentence carries at least one citation
 * that is already in the book, so verification cannot leave a sentence without its source.
 */
import { firstSentence } from "../index/doc-comment.js";
import type { DefRow } from "../index/types.js";
import type { CitationBook } from "./citation-book.js";
import { code, keyLabel, keyWords, listWords, sentence } from "./markdown.js";
import type { CitationRanking } from "./rank.js";
import type { Direction, Skeleton, SkeletonNode } from "./skeleton.js";

/** Entry points named (each then gets a sentence for its doc comment and one for its hops). */
const MAX_ENTRIES = 3;
/** Sentences the paragraph tries to reach with further definitions when the entry points say little. */
const MIN_SENTENCES = 3;
/** Best-ranked definitions looked at for those further sentences. */
const FALLBACK_DEFS = 40;
/** Hops named in one sentence. */
const MAX_HOPS = 3;
/** Length of a doc comment's sentence quoted. */
const DOC_CHARS = 160;

interface Placed {
	node: SkeletonNode;
	direction: Direction;
	children: SkeletonNode[];
}

export function inShort(
	skeletons: readonly Skeleton[],
	ranking: CitationRanking,
	book: CitationBook,
	maxSentences: number,
): string[] {
	const placed = placeNodes(skeletons, ranking);
	const entries: DefRow[] = [];
	const files = new Set<string>();
	for (const def of ranking.order) {
		if (entries.length >= MAX_ENTRIES) break;
		if (!def.file || files.has(def.file) || !book.marker(def)) continue;
		files.add(def.file);
		entries.push(def);
	}
	if (entries.length === 0) return [];
	const cite = (def: DefRow) => `${book.name(def)} ${book.marker(def)}`;
	const mentioned = new Set<number>(entries.map((d) => d.id));
	const sentences = [
		`The code that answers this is mostly in ${listWords(entries.map((d) => `${cite(d)} (${code(d.file ?? "")})`))}.`,
	];
	let crossedKey = false;
	for (const def of entries) {
		const doc = sentence(firstSentence(def.description, DOC_CHARS), DOC_CHARS);
		if (doc) sentences.push(`${cite(def)}: ${doc}`);
		const p = placed.get(def.id);
		const hops = p ? hopPhrases(p, placed, book, mentioned) : { phrases: [], crossedKey: false };
		if (hops.phrases.length > 0) sentences.push(`${cite(def)} ${listWords(hops.phrases)}.`);
		crossedKey ||= hops.crossedKey;
	}
	// The string-dispatch hop a static reading misses: say which key joins two cited places.
	if (!crossedKey) {
		const hop = keyCrossing(ranking, placed, book, mentioned);
		if (hop) sentences.push(hop);
	}
	// Entry points with no doc comment and no cited hop leave the paragraph thin: the next best
	// definitions that do have cited hops say how the pieces connect.
	for (const def of ranking.order.slice(0, FALLBACK_DEFS)) {
		if (sentences.length >= MIN_SENTENCES) break;
		const p = placed.get(def.id);
		if (!p || mentioned.has(def.id) || !book.marker(def) || p.node.nodeClass === "hot") continue;
		const hops = hopPhrases(p, placed, book, new Set(mentioned));
		if (hops.phrases.length === 0) continue;
		mentioned.add(def.id);
		sentences.push(`${cite(def)} ${listWords(hopPhrases(p, placed, book, mentioned).phrases)}.`);
	}
	return sentences.slice(0, maxSentences);
}

/** "`d` [n] runs the hook `k`, handled by `h` [m]." for the best-ranked cited dispatcher. */
function keyCrossing(
	ranking: CitationRanking,
	placed: ReadonlyMap<number, Placed>,
	book: CitationBook,
	mentioned: Set<number>,
): string | null {
	for (const def of ranking.order) {
		const p = placed.get(def.id);
		if (!p || !book.marker(def)) continue;
		for (const child of p.children) {
			if (child.nodeClass !== "key" || isHandlerOf(child, def)) continue;
			const phrase = keyPhrase(p, child, placed, book, mentioned);
			if (phrase) return `${book.name(def)} ${book.marker(def)} ${phrase}.`;
		}
	}
	return null;
}

/**
 * Every skeleton node by definition row id (first chain wins), with the nodes reached from it,
 * best-ranked first (a key ranks as its best handler), so a sentence names the strongest hops.
 */
function placeNodes(skeletons: readonly Skeleton[], ranking: CitationRanking): Map<number, Placed> {
	const placed = new Map<number, Placed>();
	for (const sk of skeletons) {
		for (const n of sk.nodes) {
			if (!placed.has(n.def.id)) placed.set(n.def.id, { node: n, direction: sk.direction, children: [] });
		}
		for (const n of sk.nodes) {
			if (n.from === null) continue;
			const parent = placed.get(n.from);
			// One child per definition: a key several chains reach from one function is one hop.
			if (parent && parent.direction === sk.direction && !parent.children.some((c) => c.def.id === n.def.id))
				parent.children.push(n);
		}
	}
	const position = new Map(ranking.order.map((d, i) => [d.id, i]));
	const rank = (n: SkeletonNode) =>
		Math.min(
			position.get(n.def.id) ?? Number.MAX_SAFE_INTEGER,
			...(n.handlers ?? []).map((h) => position.get(h.id) ?? Number.MAX_SAFE_INTEGER),
		);
	for (const p of placed.values()) p.children.sort((a, b) => rank(a) - rank(b));
	return placed;
}

/** What the skeleton says an entry point does next, as verb phrases with their citations. */
function hopPhrases(
	p: Placed,
	placed: ReadonlyMap<number, Placed>,
	book: CitationBook,
	mentioned: Set<number>,
): { phrases: string[]; crossedKey: boolean } {
	const groups = new Map<string, string[]>();
	const keyPhrases: string[] = [];
	let named = 0;
	for (const child of p.children) {
		if (named >= MAX_HOPS) break;
		if (child.nodeClass === "key") {
			const phrase = keyPhrase(p, child, placed, book, mentioned);
			if (!phrase) continue;
			keyPhrases.push(phrase);
			named++;
			continue;
		}
		// Widely used helpers and types are not what the question is about.
		if (child.nodeClass === "hot" || child.nodeClass === "type") continue;
		const marker = book.marker(child.def);
		if (!marker || mentioned.has(child.def.id)) continue;
		mentioned.add(child.def.id);
		const verb = hopVerb(child.via, p.direction);
		const list = groups.get(verb) ?? [];
		list.push(`${book.name(child.def)} ${marker}`);
		groups.set(verb, list);
		named++;
	}
	const phrases = [...[...groups].map(([verb, items]) => `${verb} ${listWords(items)}`), ...keyPhrases];
	// Nothing cited downstream: say where it is reached from, when that is cited; a handler reached
	// from its key says which key it handles (a key has no citation of its own).
	if (phrases.length === 0 && p.node.from !== null) {
		const parent = placed.get(p.node.from);
		if (parent?.node.nodeClass === "key" && isHandlerOf(parent.node, p.node.def)) {
			const phrase = keyPhrase(p, parent.node, placed, book, mentioned);
			if (phrase) return { phrases: [phrase], crossedKey: true };
		}
		const marker = parent ? book.marker(parent.node.def) : "";
		if (parent && marker && !mentioned.has(parent.node.def.id)) {
			mentioned.add(parent.node.def.id);
			phrases.push(`is reached from ${book.name(parent.node.def)} ${marker}`);
		}
	}
	return { phrases, crossedKey: keyPhrases.length > 0 };
}

const isHandlerOf = (key: SkeletonNode, def: DefRow) => (key.handlers ?? []).some((h) => h.id === def.id);

/**
 * A key next to a node: "runs the hook `k`, handled by `h` [7]" (keyWords), or, when the node is
 * itself one of its handlers (the key was reached as its caller), "handles the endpoint `k`".
 */
function keyPhrase(
	p: Placed,
	key: SkeletonNode,
	placed: ReadonlyMap<number, Placed>,
	book: CitationBook,
	mentioned: Set<number>,
): string | null {
	const self = p.node.def;
	if (isHandlerOf(key, self)) {
		const others = keyHandlers(key, placed, book, mentioned, self.id);
		return `handles the ${keyLabel(key.def)}${others.length ? ` (as do ${listWords(others)})` : ""}`;
	}
	const handlers = keyHandlers(key, placed, book, mentioned, self.id);
	if (handlers.length === 0) return null;
	const verb = p.direction === "upstream" ? "is reached through the" : keyVerb(key.via);
	const phrase = verb ? `${verb} ${keyLabel(key.def)}` : keyWords(key.def).sent;
	return `${phrase}, handled by ${listWords(handlers)}`;
}

/** Cited handlers of a key (definitions, or inline handlers cited at their register site). */
function keyHandlers(
	key: SkeletonNode,
	placed: ReadonlyMap<number, Placed>,
	book: CitationBook,
	mentioned: Set<number>,
	except: number,
): string[] {
	const out: string[] = [];
	const handlers = key.handlers ?? placed.get(key.def.id)?.children.map((c) => c.def) ?? [];
	for (const h of handlers) {
		if (out.length >= MAX_HOPS) break;
		if (h.id === except) continue;
		const marker = book.marker(h);
		if (!marker) continue;
		mentioned.add(h.id);
		out.push(`${book.name(h)} ${marker}`);
	}
	for (const h of key.inlineHandlers ?? []) {
		if (out.length >= MAX_HOPS) break;
		const marker = book.rangeMarker(h.file, h.startLine);
		if (marker) out.push(`an inline handler in ${code(h.file)} ${marker}`);
	}
	return out;
}

/** How a node stands to a key it reaches: "registers on the", "handles the"; "" when it dispatches it (keyWords). */
function keyVerb(via: string): string {
	if (via.startsWith("register")) return "registers on the";
	if (via.startsWith("handler")) return "handles the";
	return "";
}

function hopVerb(via: string, direction: Direction): string {
	const kind = via.split(":")[0] ?? via;
	if (kind === "caller") return "is called from";
	if (direction === "upstream") {
		if (kind === "call" || kind === "new" || kind === "jsx") return "is used by";
		if (kind.startsWith("dispatch")) return "is dispatched by";
		return "is reached from";
	}
	if (kind === "call") return "calls";
	if (kind === "new") return "creates";
	if (kind === "jsx") return "renders";
	if (kind === "implementation") return "is implemented by";
	if (kind === "member") return "has the member";
	if (kind === "handler") return "is handled by";
	if (kind === "extends") return "extends";
	return "uses";
}
