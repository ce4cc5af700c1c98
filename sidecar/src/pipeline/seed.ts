/**
 * Seed: the definitions each chain starts from. Candidates come from the routed sections' files,
 * from a full-repo lexical channel over definitions (FTS5), from a BM25 ranking of whole files,
 * and from identifiers the question names literally. The rankings are fused by reciprocal rank
 * fusion; each seed then goes to the chain whose folders hold it, and strong seeds outside every
 * routed chain form one more chain of their own.
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import type { PipelineConfig } from "./config.js";
import { isAuxiliaryPath, namesIdentifier, scoreUnit, wordStems } from "./match.js";
import type { QueryAnalysis } from "./query.js";
import type { RouteResult, TopicChain } from "./route.js";

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
}

export type SeedIndex = Pick<IndexReader, "searchDefs" | "searchFiles" | "defsInFile" | "defsByName" | "def">;

/** Kinds that can start a chain: things with a body or a shape worth reading. */
const SEED_KINDS = new Set([
	"function",
	"method",
	"class",
	"interface",
	"type",
	"variable",
	"enum",
	"dispatch-key",
]);

/** How much a definition matches the question on its own: name first, then path, then doc. */
export function lexicalScore(q: QueryAnalysis, def: DefRow): { score: number; named: boolean } {
	const named = namesIdentifier(q, def.name, def.qualifiedName);
	const { score } = scoreUnit(q, [
		{ stems: wordStems(def.qualifiedName), factor: 1 },
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
): SeedResult {
	const candidates = new Map<number, DefRow>();
	const add = (d: DefRow) => {
		if (SEED_KINDS.has(d.kind)) candidates.set(d.id, d);
	};

	// Channel: full-repo lexical search over definitions.
	const ftsDefs = index.searchDefs(q.searchWords, config.channelDepth * 8).map((h) => h.def);
	ftsDefs.forEach(add);
	// Channel: literal identifiers in the question.
	const namedDefs = q.identifiers.flatMap((id) => {
		const exact = index.def(id);
		const last = id.split(".").pop() ?? id;
		return [...(exact ? [exact] : []), ...index.defsByName(last, 20)];
	});
	namedDefs.forEach(add);
	// Channel: definitions in the routed sections' files.
	const sectionRank = new Map<number, number>();
	for (const rs of route.sections) {
		for (const file of rs.section.files) {
			for (const d of index.defsInFile(file)) {
				add(d);
				sectionRank.set(d.id, Math.max(sectionRank.get(d.id) ?? 0, rs.score));
			}
		}
	}
	// Channel: BM25 over whole files (body text catches words no name carries).
	const fileRank = new Map(index.searchFiles(q.directWords, config.channelDepth).map((h, i) => [h.path, i]));

	const scored = [...candidates.values()].map((def) => {
		const { score, named } = lexicalScore(q, def);
		return { def, lexical: score, named };
	});
	const relevance = new Map(scored.map((s) => [s.def.id, s.lexical]));

	const rrf = new Map<number, number>();
	const fuse = (ranking: readonly number[], weight: number) => {
		ranking.slice(0, config.channelDepth).forEach((id, rank) => {
			rrf.set(id, (rrf.get(id) ?? 0) + weight / (config.rrfK + rank + 1));
		});
	};
	const byLexical = scored.filter((s) => s.lexical > 0).sort((a, b) => b.lexical - a.lexical);
	fuse(
		byLexical.map((s) => s.def.id),
		1,
	);
	fuse(
		ftsDefs.filter((d) => candidates.has(d.id)).map((d) => d.id),
		0.5,
	);
	fuse(
		scored
			.filter((s) => sectionRank.has(s.def.id) && s.lexical > 0)
			.sort(
				(a, b) => (sectionRank.get(b.def.id) ?? 0) * b.lexical - (sectionRank.get(a.def.id) ?? 0) * a.lexical,
			)
			.map((s) => s.def.id),
		1,
	);
	// One definition per ranked file: the file's best lexical match stands for it.
	const bestInFile = new Map<string, (typeof scored)[number]>();
	for (const s of byLexical) {
		const f = s.def.file;
		if (f && fileRank.has(f) && !bestInFile.has(f)) bestInFile.set(f, s);
	}
	fuse(
		[...bestInFile.entries()]
			.sort((a, b) => (fileRank.get(a[0]) ?? 0) - (fileRank.get(b[0]) ?? 0))
			.map(([, s]) => s.def.id),
		0.5,
	);
	fuse(
		scored.filter((s) => s.named).map((s) => s.def.id),
		2,
	);

	const fused = scored
		.filter((s) => rrf.has(s.def.id))
		.map((s) => ({ ...s, score: rrf.get(s.def.id) ?? 0 }))
		.sort((a, b) => b.score - a.score);

	// Assign to chains: the routed chain whose folder holds the definition (deepest folder wins).
	const chains = [...route.chains];
	const chainOf = (def: DefRow): string | null => {
		let best: { id: string; len: number } | null = null;
		for (const c of route.chains) {
			for (const p of c.paths) {
				if (def.file && (p === "" || def.file.startsWith(`${p}/`)) && (!best || p.length > best.len)) {
					best = { id: c.id, len: p.length };
				}
			}
		}
		return best?.id ?? null;
	};
	const perChain = new Map<string, Seed[]>();
	const outside: Seed[] = [];
	for (const s of fused) {
		const chain = chainOf(s.def);
		const seedRow: Seed = {
			def: s.def,
			score: s.score,
			lexical: s.lexical,
			named: s.named,
			chain: chain ?? "",
		};
		if (chain) {
			const list = perChain.get(chain) ?? [];
			if (list.length < config.seedsPerChain) list.push(seedRow);
			perChain.set(chain, list);
		} else if (outside.length < config.seedsPerChain) {
			outside.push(seedRow);
		}
	}
	if (outside.length > 0) {
		const id = `c${chains.length + 1}`;
		for (const s of outside) s.chain = id;
		chains.push({
			id,
			title: `Matches across the repository (${outside[0]?.def.name ?? ""})`,
			paths: [],
			score: outside[0]?.score ?? 0,
		});
		perChain.set(id, outside);
	}
	// Chains ordered by their best seed, so round-robin reading starts with the strongest topic.
	const bestSeed = (id: string) => perChain.get(id)?.[0]?.score ?? 0;
	const ordered = chains.filter((c) => perChain.has(c.id)).sort((a, b) => bestSeed(b.id) - bestSeed(a.id));
	return {
		seeds: ordered.flatMap((c) => perChain.get(c.id) ?? []),
		chains: ordered,
		relevance,
	};
}
