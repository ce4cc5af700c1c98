/**
 * Seed: the definitions each chain starts from. Candidates come from the routed sections' files,
 * from a full-repo lexical channel over definitions (FTS5), from a BM25 ranking of whole files,
 * and from identifiers the question names literally. The rankings are fused by reciprocal rank
 * fusion; each seed then goes to the chain whose folders hold it, and strong seeds outside every
 * routed chain form one more chain of their own.
 */
import type { IndexReader } from "../index/reader.js";
import { DEF_KINDS } from "../index/schema.js";
import type { DefRow, OutlineSectionRow } from "../index/types.js";
import {
	handRunScriptWeight,
	isAuxiliaryPath,
	type ToolingIndex,
	toolingSeedWeight,
} from "./auxiliary-code.js";
import { CALLER_REACH_EDGE, CallerReach, type FiledDef } from "./caller-reach.js";
import type { PipelineConfig } from "./config.js";
import { keyFarEnd } from "./key-crossing.js";
import { conceptMatch, namesIdentifier, scoreUnit, wordStems } from "./match.js";
import type { QueryAnalysis } from "./query.js";
import type { RouteResult, TopicChain } from "./route.js";
import { holdAtRank, isShapeKind, SHAPE_MIN_COVERAGE, ShapeUsers } from "./shape-references.js";

export interface Seed {
	def: DefRow;
	/** Fused score (reciprocal rank fusion over the channels). */
	score: number;
	/** Concept-coverage score of the definition alone (name, path, doc). */
	lexical: number;
	/** The question names this definition literally. */
	named: boolean;
	chain: string;
}

export interface SeedResult {
	seeds: Seed[];
	/** The routed chains plus, when needed, the chain of strong matches outside them. */
	chains: TopicChain[];
	/** Every scored candidate by row id: later stages reuse the lexical scores. */
	relevance: Map<number, number>;
	/** Files in fused order with their scores (for reports and diagnosis). */
	files: { file: string; score: number }[];
}

export type SeedIndex = Pick<
	IndexReader,
	"searchDefs" | "searchFiles" | "defsInFile" | "defsByName" | "def" | "defById" | "edgesFrom" | "edgesTo"
> &
	ToolingIndex;

/** A dispatch key the question names lifts its handlers' files when it has at most this many. */
const MAX_NAMED_KEY_HANDLERS = 2;

/** Edges that carry a flow between files (not imports or plain type references). */
export const FLOW_EDGE_KINDS: ReadonlySet<string> = new Set([
	"call",
	"new",
	"jsx",
	"dispatch",
	"handler",
	"implementation",
	"register",
	"extends",
]);

/** Edges by which a file's top-level code does something (not imports, exports or type references). */
const WIRING_KINDS: ReadonlySet<string> = new Set(["call", "new", "jsx", "dispatch", "register"]);

/** Kinds read when a strong file is read wide. */
const WIDE_KINDS = new Set(["function", "method", "class", "variable"]);

/** Kinds that can start a chain: things with a body or a shape worth reading (not a file, a member field or a manifest). */
const SEED_KINDS: ReadonlySet<string> = new Set(
	DEF_KINDS.filter((k) => k !== "module" && k !== "property" && k !== "manifest"),
);

/**
 * A word used in more than this share of the repository's files is common: a definition matching
 * the question only through common words (`userId`, `changed`, `send` in a chat server) may join
 * a chain, but does not start one.
 */
export const COMMON_FILE_SHARE = 0.1;

/**
 * What a file matching none of the question's concepts by path or name keeps of its fused score
 * (its body text may still match). Set on the three benchmark sets together (benchmarks/answers.md,
 * run 8: 0.3, 0.4 and 0.5 all gain a little over none; 0.3 the most on Hoppscotch).
 */
const COVERAGE_FLOOR = 0.3;

/**
 * Weight of the routed sections' vote (given at the file's lexical rank). Set on the three
 * benchmark sets together (benchmarks/answers.md, run 10: 0.5 trades Hoppscotch for Rocket.Chat,
 * 1.0 the other way; 0.75 loses on none).
 */
const SECTION_VOTE = 0.75;

/** Does the definition match the question through a word that is not common (or is it named)? */
export function distinctiveMatch(q: QueryAnalysis, def: DefRow, named: boolean): boolean {
	if (named) return true;
	const rare = q.concepts.filter((c) => (c.fileShare ?? 0) <= COMMON_FILE_SHARE);
	if (rare.length === q.concepts.length) return true;
	if (rare.length === 0) return false;
	return lexicalScore({ ...q, concepts: rare, identifiers: [] }, def).score > 0;
}

/**
 * A member of an object passed to a keyed register call is named with the key
 * (`api.addRoute(config.public).get`) so it reads as its route; as a match for the question's
 * words the key is data, not the name: every route of a family would otherwise match the family's word.
 */
function nameWithoutMemberKeys(qualifiedName: string): string {
	return qualifiedName.replace(/\([^()]*\)(?=\.)/g, "");
}

/** How much a definition matches the question on its own: name first, then path, then doc. */
export function lexicalScore(q: QueryAnalysis, def: DefRow): { score: number; named: boolean } {
	const named = namesIdentifier(q, def.name, def.qualifiedName);
	const { score } = scoreUnit(q, [
		{ stems: wordStems(nameWithoutMemberKeys(def.qualifiedName)), factor: 1 },
		{ stems: wordStems(def.file ?? ""), factor: 0.6 },
		{ stems: wordStems(`${def.signature ?? ""} ${def.doc ?? ""}`), factor: 0.25 },
	]);
	let s = score + (named ? 3 : 0);
	if (def.file && isAuxiliaryPath(def.file)) s *= 0.25;
	if (def.kind === "type" || def.kind === "interface") s *= 0.8;
	s *= 1 + 0.06 * Math.log1p(def.fanIn);
	return { score: s, named };
}

export function seed(
	index: SeedIndex,
	q: QueryAnalysis,
	route: RouteResult,
	config: PipelineConfig,
	sections: readonly OutlineSectionRow[] = [],
): SeedResult {
	const candidates = new Map<number, DefRow>();
	const add = (d: DefRow) => {
		if (SEED_KINDS.has(d.kind)) candidates.set(d.id, d);
	};

	// A file found as a whole (a routed section's, a BM25 hit) gives its definitions; a file of
	// top-level wiring only (`registerStore('INotesModel', new NotesCollection(db))`) has none but its
	// module, which stands for it when it calls or creates something.
	const addFile = (file: string) => {
		const defs = index.defsInFile(file);
		defs.forEach(add);
		if (defs.some((d) => SEED_KINDS.has(d.kind))) return;
		const topLevel = defs.find((d) => d.kind === "module");
		if (topLevel && index.edgesFrom(topLevel.id).some((e) => WIRING_KINDS.has(e.kind))) {
			candidates.set(topLevel.id, topLevel);
		}
	};

	// Channel: full-repo lexical search over definitions; the question's own words go deep, related words shallow.
	const ftsDefs = index.searchDefs(q.directWords, config.channelDepth * 12).map((h) => h.def);
	ftsDefs.forEach(add);
	for (const h of index.searchDefs(q.searchWords, config.channelDepth * 3)) add(h.def);
	// A layer the question names ("on the client side"): the searches above rank the whole repository,
	// where a common word ("message", "settings") fills their depth with the other layers'
	// definitions; the question's words are searched again inside the layer's folders, as deep as
	// the related words are (a folder named for the layer, not `ddp-client`: the layer's own rule).
	for (const layer of q.concepts.filter((c) => c.layer)) {
		const folder = layer.stems[0] ?? "";
		for (const h of index.searchDefs(q.directWords, config.channelDepth * 3, layer.word)) {
			if (h.def.file && wordStems(h.def.file).includes(folder)) add(h.def);
		}
	}
	// Channel: literal identifiers in the question.
	const namedDefs = q.identifiers.flatMap((id) => {
		const exact = index.def(id);
		const last = id.split(".").pop() ?? id;
		// A dotted name can be a dispatch key as a whole (`notes.create`, `watch.messages`).
		const whole = last === id ? [] : index.defsByName(id, 5).filter((d) => d.kind === "dispatch-key");
		return [...(exact ? [exact] : []), ...whole, ...index.defsByName(last, 20)];
	});
	namedDefs.forEach(add);
	// Channel: the routed sections' files, in section order.
	const sectionFiles: string[] = [];
	for (const rs of route.sections) {
		for (const file of rs.section.files) {
			if (sectionFiles.includes(file)) continue;
			sectionFiles.push(file);
			addFile(file);
		}
	}
	// Channel: BM25 over whole files (body text catches words no name carries).
	const bm25Files = index.searchFiles(q.directWords, config.channelDepth).map((h) => h.path);
	for (const f of bm25Files.slice(0, Math.ceil(config.channelDepth / 2))) addFile(f);

	// A package's e2e page object or suite factory shares the product's words, not its flow (auxiliary-code.ts).
	const toolingWeight = toolingSeedWeight(index, q.question);
	const scored = [...candidates.values()].map((def) => {
		const { score, named } = lexicalScore(q, def);
		return { def, lexical: score * toolingWeight(def.file), named };
	});
	const relevance = new Map(scored.map((s) => [s.def.id, s.lexical]));

	// Rank files, not definitions: a file is as relevant as its best definitions (with diminishing
	// returns), so one big file cannot take every seed and a file full of matches outranks a lone hit.
	const byFile = new Map<string, (typeof scored)[number][]>();
	for (const s of scored) {
		if (!s.def.file || s.lexical <= 0) continue;
		const list = byFile.get(s.def.file) ?? [];
		list.push(s);
		byFile.set(s.def.file, list);
	}
	const fileLexical = new Map<string, number>();
	for (const [file, list] of byFile) {
		list.sort((x, y) => y.lexical - x.lexical);
		fileLexical.set(
			file,
			list.slice(0, 4).reduce((n, x, i) => n + x.lexical / 2 ** i, 0),
		);
	}
	const rrf = new Map<string, number>();
	const fuse = (ranking: readonly string[], weight: number) => {
		ranking.slice(0, config.channelDepth).forEach((file, rank) => {
			rrf.set(file, (rrf.get(file) ?? 0) + weight / (config.rrfK + rank + 1));
		});
	};
	const lexicalRanking = [...fileLexical.entries()].sort((x, y) => y[1] - x[1]).map(([f]) => f);
	fuse(lexicalRanking, 1);
	fuse([...new Set(ftsDefs.map((d) => d.file).filter((f): f is string => !!f && byFile.has(f)))], 0.5);
	// The routed sections vote for each of their files at the file's own rank in the lexical
	// channel, not at its place among the sections' files: a deep folder named after one word of
	// the question (`views/team/leave/`) would otherwise give all its files the channel's
	// first places, ahead of the best matches outside the routed folders.
	const routedFiles = new Set(sectionFiles);
	lexicalRanking.slice(0, config.channelDepth).forEach((file, rank) => {
		if (routedFiles.has(file)) rrf.set(file, (rrf.get(file) ?? 0) + SECTION_VOTE / (config.rrfK + rank + 1));
	});
	fuse(
		bm25Files.filter((f) => byFile.has(f)),
		0.5,
	);
	fuse([...new Set(scored.filter((s) => s.named && s.def.file).map((s) => s.def.file as string))], 2);
	// A dispatch key the question names in full (`notes.create`, not just `create`) has no
	// file: its handlers' files are what the question points at, as strongly as a named definition's.
	const handlerFiles: string[] = [];
	const namesKey = (k: DefRow) => k.kind === "dispatch-key" && !k.file && q.identifiers.includes(k.name);
	for (const k of scored.filter((x) => namesKey(x.def))) {
		const handlers = index.edgesFrom(k.def.id).filter((e) => e.kind === "handler");
		// A hub key (a callback many modules handle) names no one place: its handlers are listed
		// under the key, not lifted.
		if (handlers.length > MAX_NAMED_KEY_HANDLERS) continue;
		for (const e of handlers) {
			const h = index.defById(e.dst);
			if (!h?.file || isAuxiliaryPath(h.file)) continue;
			if (!handlerFiles.includes(h.file)) handlerFiles.push(h.file);
			// As relevant as the key that names it: `get` says nothing, `channels.members` does.
			const lexical = Math.max(lexicalScore(q, h).score, k.lexical, 0.01);
			const known = scored.find((x) => x.def.id === h.id);
			if (known) {
				known.lexical = Math.max(known.lexical, lexical);
				known.named = true;
			} else {
				candidates.set(h.id, h);
				const entry = { def: h, lexical, named: true };
				scored.push(entry);
				const list = byFile.get(h.file) ?? [];
				list.push(entry);
				byFile.set(h.file, list);
			}
			relevance.set(h.id, lexical);
		}
	}
	fuse(handlerFiles, 4);
	// Concept coverage: a file is scaled by the share of the question's concept weight its path and
	// names match, each concept once. A cluster of files that all repeat one word of the question
	// (registration pages for "registration", monitoring charts for "real-time") agrees across the
	// channels above; a file covering several of the question's concepts should still lead it.
	// A file holding a definition the question names (or the handler of a key it names) is exempt;
	// files the graph channel below adds keep its full score (they are linked, not matched).
	const namedFiles = new Set(scored.filter((x) => x.named && x.def.file).map((x) => x.def.file as string));
	// A test or sample script run by hand drives the product as its flow's entry would, from outside it.
	const scriptWeight = handRunScriptWeight(index, q.question);
	for (const [file, score] of rrf) {
		if (namedFiles.has(file)) continue;
		const share = fileCoverage(
			q,
			file,
			(byFile.get(file) ?? []).map((x) => x.def),
		);
		rrf.set(file, score * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * share) * scriptWeight(file));
	}

	// Channel: the graph around the best files. A file that the top files call, dispatch to,
	// implement or are called by is likely part of the same flow even when its words differ.
	// Rendering (JSX) is not followed here: the components a page renders, or that render it, are
	// its layout, and a cluster of UI files named after one word of the question renders itself,
	// so every file of the cluster would lift the others (benchmarks/answers.md, run 10).
	// A dispatch key is crossed to its one definition on the other side (key-crossing.ts) when it
	// leads to a file ranked below the top file it leaves: one already above it gains nothing but a
	// reshuffle of this channel's ranking (benchmarks/answers.md, session 28).
	const beforeGraph = [...rrf.entries()].sort((x, y) => y[1] - x[1]);
	const rankOf = new Map(beforeGraph.map(([f], i) => [f, i]));
	const distinctive = q.concepts.filter((c) => (c.fileShare ?? 0) <= COMMON_FILE_SHARE);
	const top = beforeGraph.slice(0, config.graphFiles);
	const graphScore = new Map<string, number>();
	const shapeUsers = new ShapeUsers();
	const callerReach = new CallerReach();
	const follows = (other: DefRow | null | undefined, from: string): other is FiledDef =>
		!!other?.file && other.file !== from && other.fanIn <= config.hotFanIn && !isAuxiliaryPath(other.file);
	const addCandidate = (other: FiledDef) => {
		if (candidates.has(other.id) || !SEED_KINDS.has(other.kind)) return;
		candidates.set(other.id, other);
		const { score: lex, named } = lexicalScore(q, other);
		const entry = { def: other, lexical: Math.max(lex, 0.01), named };
		scored.push(entry);
		relevance.set(other.id, entry.lexical);
		const list = byFile.get(other.file) ?? [];
		list.push(entry);
		byFile.set(other.file, list);
	};
	for (const [rank, [file, score]] of top.entries()) {
		const defs = (byFile.get(file) ?? []).slice(0, 4);
		const linked = new Set<string>();
		// The calls out of the file's other definitions, for the files several top files call
		// (caller-reach.ts): direct calls only, not the classes they construct or the keys they dispatch.
		const best = new Set(defs.map((d) => d.def.id));
		for (const d of index.defsInFile(file)) {
			if (best.has(d.id)) continue;
			for (const e of index.edgesFrom(d.id)) {
				if (e.kind !== CALLER_REACH_EDGE) continue;
				const other = index.defById(e.dst);
				if (follows(other, file)) callerReach.add(other, file, score);
			}
		}
		for (const d of defs) {
			for (const e of [...index.edgesFrom(d.def.id), ...index.edgesTo(d.def.id)]) {
				// A type this file uses, already ranked and named by the question (shape-references.ts).
				if (e.kind === "reference" && e.src === d.def.id) {
					const shape = index.defById(e.dst);
					if (
						shape?.file &&
						shape.file !== file &&
						isShapeKind(shape) &&
						shape.fanIn <= config.hotFanIn &&
						!isAuxiliaryPath(shape.file) &&
						rankOf.has(shape.file) &&
						fileCoverage(q, shape.file, [shape]) >= SHAPE_MIN_COVERAGE
					)
						shapeUsers.add(shape.file, file, score);
				}
				if (!FLOW_EDGE_KINDS.has(e.kind) || e.kind === "jsx") continue;
				let other: DefRow | null | undefined = index.defById(e.src === d.def.id ? e.dst : e.src);
				if (other?.kind === "dispatch-key" && !other.file) {
					other = keyFarEnd(index, d.def, other, e, distinctive);
					if (other?.file && (rankOf.get(other.file) ?? Number.POSITIVE_INFINITY) < rank) continue;
				}
				if (!follows(other, file)) continue;
				linked.add(other.file);
				addCandidate(other);
			}
		}
		for (const f of linked) graphScore.set(f, (graphScore.get(f) ?? 0) + score);
	}
	for (const [f, reach] of callerReach.lifts(new Set(graphScore.keys()))) {
		graphScore.set(f, reach.score);
		for (const other of reach.defs) addCandidate(other);
	}
	const shapeLifts = shapeUsers.lifts(new Set(graphScore.keys()));
	for (const [f, lift] of shapeLifts) graphScore.set(f, lift);
	fuse(
		[...graphScore.entries()].sort((x, y) => y[1] - x[1]).map(([f]) => f),
		config.graphWeight,
	);
	for (const f of shapeLifts.keys()) {
		const preRank = rankOf.get(f) ?? 0;
		holdAtRank(rrf, f, preRank, beforeGraph[preRank]?.[1] ?? 0);
	}
	for (const list of byFile.values()) list.sort((x, y) => y.lexical - x.lexical);

	// Seeds: the best definition of each file in fused order, then the second best of the strongest
	// files, so the seeds cover as many distinct files as possible.
	const fused: ((typeof scored)[number] & { score: number })[] = [];
	const extras: ((typeof scored)[number] & { score: number })[] = [];
	const ranked = [...rrf.entries()].sort((x, y) => y[1] - x[1]);
	ranked.forEach(([file, score], rank) => {
		const defs = (byFile.get(file) ?? []).filter((d) => d.def.kind !== "type" || d.named);
		const picks = defs.filter((d) => d.named).concat(defs.filter((d) => !d.named));
		if (picks[0]) fused.push({ ...picks[0], score });
		// The strongest files are read wider: their next-best definitions, then their most used ones.
		if (rank < config.wideFiles) {
			const more = picks.slice(1, 1 + config.defsPerWideFile);
			if (more.length < config.defsPerWideFile) {
				const taken = new Set(picks.slice(0, 1 + config.defsPerWideFile).map((d) => d.def.id));
				const used = index
					.defsInFile(file)
					.filter((d) => !taken.has(d.id) && WIDE_KINDS.has(d.kind))
					.sort((a, b) => b.fanIn - a.fanIn)
					.slice(0, config.defsPerWideFile - more.length)
					.map((def) => ({ def, lexical: relevance.get(def.id) ?? 0, named: false }));
				more.push(...used);
			}
			for (const d of more) extras.push({ ...d, score: score / 2 });
		}
	});
	fused.splice(config.wideFiles, 0, ...extras);
	// Dispatch keys named by the question (no file) seed too: they list their handlers.
	for (const s of scored) {
		if (!s.def.file && s.named) fused.unshift({ ...s, score: 1 });
	}

	const perChain = new Map<string, Seed[]>();
	const chains: TopicChain[] = [];
	if (route.chains.length > 0 && route.fixed) {
		// Chains chosen by the router (LLM): a seed goes to the chain whose folder holds it (deepest wins).
		// Strong seeds outside every routed chain keep the chains the offline grouping would give them
		// (by outline folder, in the chain slots the router left), so the LLM's route never costs
		// the material a file the offline route would have read.
		chains.push(...route.chains);
		const free = Math.max(1, config.maxChains - route.chains.length);
		const outside: Seed[] = [];
		for (const s of fused) {
			const chain = chainOfPath(route.chains, s.def.file);
			const row: Seed = {
				def: s.def,
				score: s.score,
				lexical: s.lexical,
				named: s.named,
				chain: chain ?? "",
			};
			if (chain) {
				const list = perChain.get(chain) ?? [];
				if (list.length < config.seedsPerChain) list.push(row);
				perChain.set(chain, list);
			} else if (outside.length < config.seedsPerChain * free && distinctiveMatch(q, s.def, s.named)) {
				// Only through a word that names a place: common words would fill it with unrelated code.
				outside.push(row);
			}
		}
		const homes = homeFinder(sections);
		const added: TopicChain[] = [];
		for (const o of outside) {
			const home = homes(o.def.file);
			let chain = added.find((c) => c.paths.some((p) => related(p, home.path)));
			if (!chain && added.length < free) {
				chain = {
					id: `c${chains.length + added.length + 1}`,
					title: home.title,
					paths: [home.path],
					score: o.score,
				};
				added.push(chain);
			}
			chain ??= nearestChain(added, home.path);
			if (!chain) continue;
			o.chain = chain.id;
			const list = perChain.get(chain.id) ?? [];
			list.push(o);
			perChain.set(chain.id, list);
		}
		chains.push(...added);
	} else {
		// Offline: chains come from the fused ranking itself. Each strong definition belongs to the
		// deepest outline folder holding it; folders nested in one another share a chain.
		const homes = homeFinder(sections);
		const take = fused.slice(0, config.seedsPerChain * config.maxChains + extras.length);
		for (const s of take) {
			const home = homes(s.def.file);
			let chain = chains.find((c) => c.paths.some((p) => related(p, home.path)));
			// A seed that matches only through common words joins the nearest chain; it starts none.
			if (
				!chain &&
				chains.length < config.maxChains &&
				(chains.length === 0 || distinctiveMatch(q, s.def, s.named))
			) {
				chain = { id: `c${chains.length + 1}`, title: home.title, paths: [home.path], score: s.score };
				chains.push(chain);
			}
			// No chain left for a new folder: the chain sharing the longest folder prefix takes it.
			chain ??= nearestChain(chains, home.path);
			if (!chain) continue;
			const list = perChain.get(chain.id) ?? [];
			list.push({ def: s.def, score: s.score, lexical: s.lexical, named: s.named, chain: chain.id });
			perChain.set(chain.id, list);
		}
	}
	// Chains ordered by their best seed, so round-robin reading starts with the strongest topic.
	const bestSeed = (id: string) => perChain.get(id)?.[0]?.score ?? 0;
	const ordered = chains.filter((c) => perChain.has(c.id)).sort((a, b) => bestSeed(b.id) - bestSeed(a.id));
	return {
		seeds: ordered.flatMap((c) => perChain.get(c.id) ?? []),
		chains: ordered,
		relevance,
		files: [...rrf.entries()].sort((x, y) => y[1] - x[1]).map(([file, score]) => ({ file, score })),
	};
}

/** Is one folder inside the other (or the same)? The repository root relates to nothing. */
const related = (a: string, b: string) =>
	a !== "" && b !== "" && (a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`));

function chainOfPath(chains: readonly TopicChain[], file: string | null): string | null {
	let best: { id: string; len: number } | null = null;
	for (const c of chains) {
		for (const p of c.paths) {
			if (file && (p === "" || file.startsWith(`${p}/`)) && (!best || p.length > best.len)) {
				best = { id: c.id, len: p.length };
			}
		}
	}
	return best?.id ?? null;
}

/** The deepest outline section holding a file (its folder when no section does). */
export function homeFinder(
	sections: readonly OutlineSectionRow[],
): (file: string | null) => { path: string; title: string } {
	const byPath = new Map(sections.filter((s) => s.path !== "").map((s) => [s.path, s]));
	return (file) => {
		if (!file) return { path: "", title: "Dispatch keys" };
		let dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
		while (dir) {
			const s = byPath.get(dir);
			if (s) return { path: s.path, title: s.title };
			dir = dir.includes("/") ? dir.slice(0, dir.lastIndexOf("/")) : "";
		}
		const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
		return { path: folder, title: folder || "(root)" };
	};
}

function nearestChain(chains: readonly TopicChain[], path: string): TopicChain | undefined {
	const shared = (a: string, b: string) => {
		const x = a.split("/");
		const y = b.split("/");
		let i = 0;
		while (i < x.length && i < y.length && x[i] === y[i]) i++;
		return i;
	};
	let best: { chain: TopicChain; n: number } | undefined;
	for (const c of chains) {
		const n = Math.max(...c.paths.map((p) => shared(p, path)));
		if (!best || n > best.n) best = { chain: c, n };
	}
	return best?.chain;
}

/**
 * Share of the question's concept weight (0..1) matched by a file's path and the names of its
 * candidate definitions, each concept counted once however often it repeats (a related word counts half).
 */
export function fileCoverage(q: QueryAnalysis, file: string, defs: readonly DefRow[]): number {
	const total = q.concepts.reduce((n, c) => n + c.weight, 0);
	if (total <= 0) return 1;
	const stems = new Set(wordStems(file));
	for (const d of defs) for (const s of wordStems(nameWithoutMemberKeys(d.qualifiedName))) stems.add(s);
	const list = [...stems];
	let got = 0;
	for (const c of q.concepts) got += conceptMatch(c, list) * c.weight;
	return got / total;
}
