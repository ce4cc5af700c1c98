/**
 * Citation ranking: which of the definitions read deserve a citation first. Files are ranked by
 * the seeding stage's fused ranking (reciprocal rank fusion of the lexical, section, BM25, named
 * and graph channels), lifted when the code links them to one of the very best files (a call,
 * dispatch, handler or implementation hop between them: the flow the question is about); the
 * handler of a point-to-point dispatch made by one of the best files' seeds, when it is on the
 * question's topic too, scores at least FAR_END_SHARE of its dispatcher's file. When members of one
 * plug-in family (implementations of one contract, or sibling files of one folder sharing a base
 * expression or a method name: sibling-families.ts) lead several of the first files, the files
 * calling or creating the members through the family (and those entering them) rank next after the
 * best member (family-flow.ts). Files that offer
 * only a generic leaf (a widely used helper reached by a call, or a type) come last. Each file then
 * gives its most telling definition first: a seed before a hop, a method before the whole class
 * around it.
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import {
	type ChannelRanks,
	CITATION_MODEL,
	type CitationModel,
	channelRanks,
	type FileFacts,
	fileFeatures,
	modelScore,
	PLACES_MODEL,
	type RankContext,
} from "./citation-model.js";
import type { PipelineConfig } from "./config.js";
import { familyFlowScores } from "./family-flow.js";
import type { ReadItem } from "./read.js";
import { FLOW_EDGE_KINDS } from "./seed.js";

export type RankIndex = Pick<IndexReader, "edgesFrom" | "edgesTo" | "defById"> &
	Partial<Pick<IndexReader, "defsInFile">>;

/** The k of the reciprocal rank turning a fused rank into a score (small: the top ranks stand out). */
const RANK_K = 10;

/** Edges that carry the question's flow from one file to another: the seed's, and references (not imports). */
const LINK_KINDS: ReadonlySet<string> = new Set([...FLOW_EDGE_KINDS, "reference"]);

/** A dispatch key with more sites than this is a hub: linking through it says nothing about a file. */
const MAX_KEY_SITES = 60;

/**
 * The far end of a dispatch: the best few files (by fused rank) whose seeds' dispatches are followed,
 * the share of the dispatching file's score its handler's file is given at least, and how well the
 * handler must match the question against the dispatching definition. Set on the four dev sets
 * together (benchmarks/answers.md, session 12 — reach12): 3 or 5 files and 0.3 or 0.5 alike; a
 * share of 1.0 puts handlers above files ranked on their own words (RC −0.005 cited), 0.6 moves none.
 */
const FAR_END_FILES = 3;
const FAR_END_SHARE = 0.8;
const FAR_END_RELEVANCE = 0.5;

export interface CitationRanking {
	/** Definitions in the order they should receive citations. */
	order: DefRow[];
	/** Score of each file read (higher first). */
	fileScore: Map<string, number>;
	/**
	 * The order "Where to look" chooses its places from, when the places model is on (config
	 * `placesModel`): the same definitions, the first files re-ordered by places-model.json. The path
	 * search and every other reader keep `order`.
	 */
	placesOrder?: DefRow[];
}

interface Candidate {
	def: DefRow;
	seed: boolean;
	depth: number;
	relevance: number;
	/** A widely used helper or a type reached by a hop, not asked about. */
	leaf: boolean;
	/** Other files read that this definition reaches by a flow edge (directly or through a key). */
	links: Set<string>;
}

/**
 * Rank the definitions read for citation. `fused` is the seeding stage's file ranking, best
 * first (SeedResult.files); files reached only through the graph have no fused rank.
 */
export function rankCitations(
	index: RankIndex,
	read: readonly ReadItem[],
	fused: readonly { file: string }[],
	config: Pick<PipelineConfig, "citationLinkFiles" | "citationLinkWeight" | "citationModel" | "placesModel">,
	context?: RankContext,
): CitationRanking {
	const byFile = candidatesByFile(read);
	const fusedRank = new Map<string, number>();
	fused.forEach((f, i) => {
		if (!fusedRank.has(f.file)) fusedRank.set(f.file, i);
	});
	const base = new Map<string, number>();
	for (const file of byFile.keys()) {
		const rank = fusedRank.get(file);
		base.set(file, rank === undefined ? 0 : 1 / (RANK_K + rank + 1));
	}

	// Files the best few files link to (or are linked from) are part of the same flow.
	const top = [...base.entries()]
		.filter(([, s]) => s > 0)
		.sort((a, b) => b[1] - a[1])
		.slice(0, config.citationLinkFiles);
	const links = linkFinder(index, new Set(byFile.keys()));
	for (const list of byFile.values()) {
		for (const c of list) if (!c.leaf) c.links = links(c.def);
	}
	const lift = new Map<string, number>();
	for (const [file, score] of top) {
		for (const c of byFile.get(file) ?? []) {
			for (const other of c.links) lift.set(other, Math.max(lift.get(other) ?? 0, score));
		}
	}

	const fileScore = new Map<string, number>();
	const leafOnly = new Set<string>();
	for (const [file, candidates] of byFile) {
		fileScore.set(file, (base.get(file) ?? 0) + config.citationLinkWeight * (lift.get(file) ?? 0));
		if (candidates.every((c) => c.leaf)) leafOnly.add(file);
	}
	for (const [file, score] of farEnds(index, byFile, top.slice(0, FAR_END_FILES), fileScore)) {
		if (score > (fileScore.get(file) ?? 0)) fileScore.set(file, score);
	}

	// First pass: the best definition of every file, best files first, files offering only
	// generic leaves last; then the next definitions of each file.
	const fileOrder = () =>
		[...byFile.keys()].sort(
			(a, b) =>
				Number(leafOnly.has(a)) - Number(leafOnly.has(b)) ||
				(fileScore.get(b) ?? 0) - (fileScore.get(a) ?? 0) ||
				a.localeCompare(b),
		);
	let files = fileOrder();
	// A plug-in family crowding the first files: the flow calling through its contract comes next.
	const flow = familyFlowScores(index, files, (f) => byPriority(byFile.get(f) ?? [])[0]?.def, fileScore);
	for (const [file, score] of flow) if (score > (fileScore.get(file) ?? 0)) fileScore.set(file, score);
	if (flow.size > 0) files = fileOrder();
	const facts = (file: string): FileFacts => ({
		file,
		base: base.get(file) ?? 0,
		lift: lift.get(file) ?? 0,
		flow: flow.get(file) ?? 0,
		score: fileScore.get(file) ?? 0,
		leafOnly: leafOnly.has(file),
		defs: byFile.get(file) ?? [],
		links: new Set((byFile.get(file) ?? []).flatMap((c) => [...c.links])).size,
		inTop: 0,
		outTop: 0,
		inFused: 0,
		outFused: 0,
	});
	const topFused = new Set(top.map(([f]) => f));
	// The places' own order (places-model.json), scored on the hand-made order before any re-ranking of it.
	const placesFiles =
		context && config.placesModel && PLACES_MODEL.rerankTop > 0
			? reranked(index, PLACES_MODEL, files, facts, topFused, channelRanks(context))
			: null;
	// The learned re-ranking of the first files, when the seeding's channels are known (citation-model.ts).
	if (context && config.citationModel && CITATION_MODEL.rerankTop > 0)
		files = reranked(index, CITATION_MODEL, files, facts, topFused, channelRanks(context));
	const order = interleaved(files, byFile);
	return placesFiles
		? { order, fileScore, placesOrder: interleaved(placesFiles, byFile) }
		: { order, fileScore };
}

/** Each file's best definition in file order, then each file's second, and so on. */
function interleaved(files: readonly string[], byFile: Map<string, Candidate[]>): DefRow[] {
	const perFile = files.map((f) => byPriority(byFile.get(f) ?? []));
	const order: DefRow[] = [];
	for (let i = 0; perFile.some((list) => i < list.length); i++) {
		for (const list of perFile) {
			const c = list[i];
			if (c) order.push(c.def);
		}
	}
	return order;
}

/**
 * The first `model.rerankTop` files re-ordered by the model's score (ties keep their order),
 * the rest as they were.
 */
function reranked(
	index: RankIndex,
	model: CitationModel,
	files: readonly string[],
	facts: (file: string) => FileFacts,
	topFused: ReadonlySet<string>,
	ranks: ChannelRanks,
): string[] {
	const head = files.slice(0, model.rerankTop);
	const flowTo = flowNeighbours(index, new Set(files.slice(0, 10)), topFused);
	const scored = head.map((file, i) => {
		const f = facts(file);
		const n = flowTo(file, f.defs);
		const features = fileFeatures(
			{ ...f, inTop: n.inTop, outTop: n.outTop, inFused: n.inFused, outFused: n.outFused },
			ranks,
			index.defsInFile?.(file) ?? [],
		);
		return { file, i, score: modelScore(model, features) - model.rankPenalty * i };
	});
	scored.sort((a, b) => b.score - a.score || a.i - b.i);
	return [...scored.map((s) => s.file), ...files.slice(model.rerankTop)];
}

/**
 * For a file's read definitions: how many of the `top` files (and of the `topFused` files) reach it
 * by a flow edge (in) and how many it reaches (out), directly or through a dispatch key of at most
 * MAX_KEY_SITES sites (dispatching or registering reaches the key's handlers; handling is reached
 * from its dispatchers).
 */
function flowNeighbours(
	index: RankIndex,
	top: ReadonlySet<string>,
	topFused: ReadonlySet<string>,
): (
	file: string,
	defs: readonly { def: DefRow }[],
) => { inTop: number; outTop: number; inFused: number; outFused: number } {
	const defs = new Map<number, DefRow | undefined>();
	const defOf = (id: number) => {
		if (!defs.has(id)) defs.set(id, index.defById(id));
		return defs.get(id);
	};
	return (file, candidates) => {
		const inTop = new Set<string>();
		const outTop = new Set<string>();
		const inFused = new Set<string>();
		const outFused = new Set<string>();
		const note = (f: string | null | undefined, incoming: boolean) => {
			if (!f || f === file) return;
			if (top.has(f)) (incoming ? inTop : outTop).add(f);
			if (topFused.has(f)) (incoming ? inFused : outFused).add(f);
		};
		for (const c of candidates) {
			const edges = [...index.edgesFrom(c.def.id), ...index.edgesTo(c.def.id)].slice(0, MAX_EDGES);
			for (const e of edges) {
				if (!LINK_KINDS.has(e.kind)) continue;
				const mine = e.src === c.def.id;
				const other = defOf(mine ? e.dst : e.src);
				if (!other) continue;
				if (other.kind !== "dispatch-key") {
					note(other.file, !mine);
					continue;
				}
				if (index.edgesFrom(other.id).length + index.edgesTo(other.id).length > MAX_KEY_SITES) continue;
				const far = mine
					? index.edgesFrom(other.id).map((x) => x.dst)
					: index.edgesTo(other.id).map((x) => x.src);
				for (const id of far) note(defOf(id)?.file, !mine);
			}
		}
		return { inTop: inTop.size, outTop: outTop.size, inFused: inFused.size, outFused: outFused.size };
	};
}

/**
 * Where the flow goes next when one of the best files hands it on by key: a seed of a top file
 * dispatches a key that exactly one handler registers (a workflow started, a route or method
 * called: point to point, not an event or hook that any module may listen to), and that handler
 * matches the question at least FAR_END_RELEVANCE as well as the dispatching definition (the same
 * topic, not a cross-cutting service the flow checks on the way). Its file shares fewer words with
 * the question than the dispatcher (a worker, a controller) but is the next step: it gets
 * FAR_END_SHARE of the dispatching file's score. Returns the score each such file is owed.
 */
function farEnds(
	index: RankIndex,
	byFile: ReadonlyMap<string, Candidate[]>,
	tops: readonly [string, number][],
	fileScore: ReadonlyMap<string, number>,
): Map<string, number> {
	const owed = new Map<string, number>();
	for (const [file] of tops) {
		const score = FAR_END_SHARE * (fileScore.get(file) ?? 0);
		for (const c of byFile.get(file) ?? []) {
			if (!c.seed || c.leaf) continue;
			for (const e of index.edgesFrom(c.def.id)) {
				if (e.kind !== "dispatch") continue;
				const key = index.defById(e.dst);
				if (key?.kind !== "dispatch-key") continue;
				const handlers = index.edgesFrom(key.id).filter((h) => h.kind === "handler");
				if (handlers.length !== 1) continue;
				const handlerId = (handlers[0] as (typeof handlers)[number]).dst;
				const handlerFile = index.defById(handlerId)?.file;
				if (!handlerFile || handlerFile === file) continue;
				const handler = byFile.get(handlerFile)?.find((h) => h.def.id === handlerId);
				if (!handler || handler.relevance <= FAR_END_RELEVANCE * c.relevance) continue;
				owed.set(handlerFile, Math.max(owed.get(handlerFile) ?? 0, score));
			}
		}
	}
	return owed;
}

/** Read definitions (no entry-file heads: a module has no symbol to check a citation against), per file. */
function candidatesByFile(read: readonly ReadItem[]): Map<string, Candidate[]> {
	const byFile = new Map<string, Candidate[]>();
	const seen = new Set<number>();
	for (const r of read) {
		const n = r.node;
		if (!n.def.file || n.def.kind === "module" || seen.has(n.def.id)) continue;
		seen.add(n.def.id);
		const seed = n.via === "seed";
		const list = byFile.get(n.def.file) ?? [];
		list.push({
			def: n.def,
			seed,
			depth: n.depth,
			relevance: n.relevance,
			leaf: !seed && (n.nodeClass === "hot" || n.nodeClass === "type"),
			links: new Set(),
		});
		byFile.set(n.def.file, list);
	}
	return byFile;
}

/**
 * A definition matching the question at least this share as well as the file's best match is
 * "on topic": the question's own words outrank graph links (a file holding `createInvitation` and
 * `confirmInvite` leads with the one the question's verb names, even when the other links more).
 */
const ON_TOPIC_SHARE = 0.7;

/**
 * Within a file: not leaves first, a class after its own read members, the definitions on topic
 * (by the question's words), seeds, then the definition linked to the most other files read (the
 * one on the flow), then shallow and relevant.
 */
function byPriority(list: readonly Candidate[]): Candidate[] {
	const parents = new Set(list.map((c) => c.def.parentId).filter((p): p is number => p !== null));
	const wholeClass = (c: Candidate) => (c.def.kind === "class" && parents.has(c.def.id) ? 1 : 0);
	const best = Math.max(0, ...list.filter((c) => !c.leaf && !wholeClass(c)).map((c) => c.relevance));
	const onTopic = (c: Candidate) => (best > 0 && c.relevance >= ON_TOPIC_SHARE * best ? 1 : 0);
	return [...list].sort(
		(a, b) =>
			Number(a.leaf) - Number(b.leaf) ||
			wholeClass(a) - wholeClass(b) ||
			onTopic(b) - onTopic(a) ||
			Number(b.seed) - Number(a.seed) ||
			b.links.size - a.links.size ||
			a.depth - b.depth ||
			b.relevance - a.relevance ||
			// Among equals, the definition that does more (calls more) tells more about the flow.
			b.def.fanOut - a.def.fanOut,
	);
}

/** Edges of one definition looked at, at most: a hub's thousands of users say nothing about its file. */
const MAX_EDGES = 400;

/**
 * For a definition: the files among `files` it reaches by a flow edge, directly or through a
 * dispatch key. Definitions and keys are looked up once per ranking.
 */
function linkFinder(index: RankIndex, files: ReadonlySet<string>): (def: DefRow) => Set<string> {
	const defs = new Map<number, DefRow | undefined>();
	const defOf = (id: number) => {
		if (!defs.has(id)) defs.set(id, index.defById(id));
		return defs.get(id);
	};
	const keyFiles = new Map<number, string[]>();
	const filesOfKey = (key: DefRow) => {
		let list = keyFiles.get(key.id);
		if (!list) {
			const sites = [...index.edgesFrom(key.id), ...index.edgesTo(key.id)];
			list =
				sites.length > MAX_KEY_SITES
					? []
					: sites.map((e) => defOf(e.src === key.id ? e.dst : e.src)?.file ?? "").filter((f) => files.has(f));
			keyFiles.set(key.id, list);
		}
		return list;
	};
	return (def) => {
		const out = new Set<string>();
		const edges = [...index.edgesFrom(def.id), ...index.edgesTo(def.id)].slice(0, MAX_EDGES);
		for (const e of edges) {
			if (!LINK_KINDS.has(e.kind)) continue;
			const d = defOf(e.src === def.id ? e.dst : e.src);
			if (!d) continue;
			const reached = d.kind === "dispatch-key" ? filesOfKey(d) : d.file && files.has(d.file) ? [d.file] : [];
			for (const f of reached) if (f !== def.file) out.add(f);
		}
		return out;
	};
}
