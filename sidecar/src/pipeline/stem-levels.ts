/**
 * How one stem of a name meets a concept of the question, as bits, and the match those bits make.
 * A question's scoring asks this of every definition the seed scores (name, path, signature and doc:
 * a million concept-and-list pairs on a large repository's question set) over a small vocabulary:
 * the same stems recur in thousands of names and paths. `StemTable` keeps each stem's bits against
 * all the question's concepts, so a word list costs one lookup per stem, not string comparisons per
 * stem and concept.
 */
import type { Concept } from "./query.js";

/** The stem is one of the concept's stems, or its folder segment (`§stem`): a technology's match. */
export const EXACT = 1;
/** The stem meets a direct stem of the concept (equal, or a long shared prefix) and is no piece of it. */
export const DIRECT = 2;
/** The stem meets a direct stem but is one of the pieces of a compound concept ("data" of "database"). */
export const PIECE = 4;
/** The compound concept is a substring of the stem, or the stem (5+ characters) of the concept. */
export const INSIDE = 8;
/** The stem meets a related word of the concept. */
export const RELATED = 16;

export interface StemRules {
	/** Prefix of a stem that is a whole folder or word (a layer's match). */
	segment: string;
	/** Do two stems name the same word? */
	meet: (a: string, b: string) => boolean;
}

/** The bits of `s` against `concept`. */
export function stemBits(concept: Concept, s: string, { segment, meet }: StemRules): number {
	let bits = 0;
	const bare = s.startsWith(segment) ? s.slice(segment.length) : null;
	let direct = false;
	for (const c of concept.stems) {
		if (s === c || bare === c) bits |= EXACT;
		if (!direct && meet(s, c)) direct = true;
	}
	if (direct) bits |= concept.pieces?.includes(s) ? PIECE : DIRECT;
	const word = concept.word;
	if (word.length >= 6 && bare === null && (s.includes(word) || (word.includes(s) && s.length >= 5)))
		bits |= INSIDE;
	for (const c of concept.related) if (meet(s, c)) bits |= RELATED;
	return bits;
}

/**
 * The match of `concept` with a word list whose stems' bits, OR'd, are `any`: 1 when a direct stem is
 * among them, 0.8 for the compound inside a word, 0.5 for a related word, else 0.
 */
export function matchOfBits(concept: Concept, any: number, stems: readonly string[]): number {
	if (concept.technology) return any & EXACT ? 1 : 0;
	// One piece of a compound ("data" of "database") meets it by prefix but names only a part of it;
	// all its pieces together ("realTimeMonitoring" for "real-time") name the whole.
	if (any & DIRECT) return 1;
	if (any & PIECE && concept.pieces?.every((p) => stems.includes(p))) return 1;
	if (concept.layer) return 0;
	if (any & INSIDE) return 0.8;
	if (any & RELATED) return 0.5;
	return 0;
}

/** The words of a concept its bits were computed from (the analysis assigns new arrays or pushes to them). */
interface Snapshot {
	concept: Concept;
	word: string;
	stems: readonly string[];
	stemCount: number;
	related: readonly string[];
	relatedCount: number;
	pieces: readonly string[] | undefined;
	pieceCount: number;
}

function snapshot(concept: Concept): Snapshot {
	return {
		concept,
		word: concept.word,
		stems: concept.stems,
		stemCount: concept.stems.length,
		related: concept.related,
		relatedCount: concept.related.length,
		pieces: concept.pieces,
		pieceCount: concept.pieces?.length ?? 0,
	};
}

function unchanged(s: Snapshot, c: Concept): boolean {
	return (
		s.concept === c &&
		s.word === c.word &&
		s.stems === c.stems &&
		s.stemCount === c.stems.length &&
		s.related === c.related &&
		s.relatedCount === c.related.length &&
		s.pieces === c.pieces &&
		s.pieceCount === (c.pieces?.length ?? 0)
	);
}

/** Stems kept per table (a repository's vocabulary; a table lives as long as its question). */
const STEMS_KEPT = 100_000;

/**
 * Stems numbered once per process (a repository's vocabulary: tens of thousands), so that a table
 * finds a stem's row by its number, not by hashing the string again for every list it is in.
 * Numbers are never reused; past STEM_IDS_KEPT stems a list is looked up by its strings.
 */
const stemIds = new Map<string, number>();
const STEM_IDS_KEPT = 1_000_000;
/** The numbers of a frozen stem list (wordStems' lists: the same array for the same text), by list. */
const idsOfList = new WeakMap<readonly string[], Int32Array | null>();

/** The number of each stem of `stems` (a frozen list, so it cannot change under its numbers), or null. */
export function stemIdsOf(stems: readonly string[]): Int32Array | null {
	if (!Object.isFrozen(stems)) return null;
	let ids = idsOfList.get(stems);
	if (ids === undefined) {
		ids = new Int32Array(stems.length);
		for (let k = 0; k < stems.length; k++) {
			const s = stems[k] as string;
			let id = stemIds.get(s);
			if (id === undefined) {
				if (stemIds.size >= STEM_IDS_KEPT) {
					ids = null;
					break;
				}
				id = stemIds.size;
				stemIds.set(s, id);
			}
			ids[k] = id;
		}
		idsOfList.set(stems, ids);
	}
	return ids;
}

/** Each stem's bits against every concept of one list, in the list's order. */
export class StemTable {
	private readonly snapshots: Snapshot[];
	private readonly bits = new Map<string, Uint8Array>();
	/** The rows of `bits` by stem number (stemIdsOf). */
	private byId: (Uint8Array | undefined)[] = [];

	constructor(
		readonly concepts: readonly Concept[],
		private readonly rules: StemRules,
	) {
		this.snapshots = concepts.map(snapshot);
	}

	/** Still the bits of `concepts` (the same concepts, with the same words)? */
	fits(concepts: readonly Concept[]): boolean {
		if (concepts !== this.concepts || concepts.length !== this.snapshots.length) return false;
		for (let i = 0; i < concepts.length; i++) {
			const c = concepts[i];
			const s = this.snapshots[i];
			if (!c || !s || !unchanged(s, c)) return false;
		}
		return true;
	}

	/** The bits of `s` against each concept (index = the concept's position). */
	of(s: string): Uint8Array {
		let row = this.bits.get(s);
		if (!row) {
			row = new Uint8Array(this.concepts.length);
			for (let i = 0; i < row.length; i++) row[i] = stemBits(this.concepts[i] as Concept, s, this.rules);
			if (this.bits.size >= STEMS_KEPT) {
				this.bits.clear();
				this.byId = [];
			}
			this.bits.set(s, row);
		}
		return row;
	}

	/** `of(s)` for the stem numbered `id` (stemIdsOf): the same row, found by its number. */
	ofId(id: number, s: string): Uint8Array {
		let row = this.byId[id];
		if (!row) {
			row = this.of(s);
			// Grown densely (no holes): a sparse array would fall back to a dictionary lookup.
			while (this.byId.length <= id) this.byId.push(undefined);
			this.byId[id] = row;
		}
		return row;
	}
}

const tables = new WeakMap<readonly Concept[], StemTable>();

/** The table of a question's concept list, made again when the list or a concept's words changed. */
export function stemTable(concepts: readonly Concept[], rules: StemRules): StemTable {
	let table = tables.get(concepts);
	if (!table?.fits(concepts)) {
		table = new StemTable(concepts, rules);
		tables.set(concepts, table);
	}
	return table;
}
