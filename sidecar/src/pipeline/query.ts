/**
 * Question analysis: the concepts a question is about (each a word with its stem variants and
 * related words), the identifiers it names literally, and its intent (flow, impact, locate).
 * Pure: no index access except through the `df` callback used to weigh concepts.
 */
import { identifierWords } from "../index/schema.js";
import { joinPluralAcronyms } from "./plural-acronyms.js";
import { routeKeyFinder } from "./route-key-match.js";
import {
	HOW_QUESTION,
	IMPACT_PHRASE,
	IMPACT_WORDS,
	LOCATE_WORDS,
	PHRASAL_VERBS,
	relatedWords,
	STOP_WORDS,
	stem,
	TECHNOLOGY_NAMES,
} from "./vocabulary.js";

export type Intent = "flow" | "impact" | "locate";

/** Prefix of a stem that stands for a whole path segment or word (`client` in `app/client/x.ts`). */
export const SEGMENT = "§";

/** One thing the question is about: matched by any of `words` (related words count for less). */
export interface Concept {
	/** The word as asked (lower case). */
	word: string;
	/** Stems accepted as a direct match (the word and its identifier parts). */
	stems: string[];
	/** Stems of related words (synonyms, abbreviations): a weaker match. */
	related: string[];
	/** For a joined compound ("twofactor"): the words it was joined from. */
	parts?: string[];
	/**
	 * Stems of the words a compound is joined from ("real", "time" of "real-time"; "data", "base" of
	 * "database"): one of them alone in a name is a part of the concept, not the concept.
	 */
	pieces?: string[];
	/** How much the question stresses the word: capitalised mid-sentence, or early in the question. */
	emphasis?: number;
	/** Capitalised mid-sentence ("the Settings system", "a Team"): the question names its topic. */
	capitalised?: boolean;
	/** Weight in [0, 1.3]: rarer and stressed words weigh more. Filled by `weighConcepts`. */
	weight: number;
	/** A layer of the application ("the client side"): matches a whole folder of a path only. */
	layer?: boolean;
	/** A technology named as a proper noun ("React components"): matched by its exact stem only. */
	technology?: boolean;
	/** Share of the repository's files that use the word (0..1); set by the caller when it can count. */
	fileShare?: number;
}

export interface QueryAnalysis {
	question: string;
	concepts: Concept[];
	/** Identifiers written in code form (camelCase, dotted, `name()`): matched against names exactly. */
	identifiers: string[];
	intent: Intent;
	/** Every search word (direct and related), for full-text channels. */
	searchWords: string[];
	/** Direct words only (no related words), for channels where precision matters. */
	directWords: string[];
}

const IDENTIFIER_RE = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?/g;

/** Does `token` look like code (camelCase, PascalCase with inner capitals, snake_case, dotted, a call)? */
function looksLikeIdentifier(token: string): boolean {
	const bare = token.replace(/\(\)$/, "");
	return (
		token.endsWith("()") ||
		/[a-z][A-Z]/.test(bare) ||
		/^[A-Z][a-z]+[A-Z]/.test(bare) ||
		/[a-z]_[a-z]/.test(bare) ||
		/^[a-z]\w*\.[a-z]\w*/i.test(bare)
	);
}

/** A name alone between backticks (`url`, `insert()`, `repo.insert`): code form, whatever its case. */
const BACKTICKED_RE = /`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\(\))?`/g;

/** The names a question writes in backticks; words in backticks (`bundle upload`) are a command, not a name. */
function backticked(question: string): string[] {
	return [...question.matchAll(BACKTICKED_RE)].map((m) => m[1] as string);
}

/** The question's words in lower case: each concept's word and its stems (the assembler's and the folds' `words`). */
export function questionWords(q: Pick<QueryAnalysis, "concepts">): string[] {
	return [...new Set(q.concepts.flatMap((c) => [c.word, ...c.stems]).map((w) => w.toLowerCase()))];
}

/**
 * "How do I create / add / use an X": a guide to X, whose verb is the reader's action, not the code's.
 * As a search word it matches every other kind's `create…` / `add…` method, so it weighs half; it is
 * kept (without it "How do I add a new report type?" could be left with one common word and read as off topic).
 */
const GUIDE_RE =
	/^\s*how (?:do|can|should|would|could) (?:i|you|we|one) (create|add|make|write|define|build|use|implement|register|introduce)\b/i;
const GUIDE_VERB_EMPHASIS = 0.5;

/**
 * The application's anonymous person, as English names it: "a user", "an admin", "people". In "what
 * happens when a user deletes a post" the user is who acts, not what the question is about: as a search
 * word it pulls the code named for users (`deleteAccount`, `addMemberToProject`) ahead of the code for what
 * they do. A named role ("a collaborator", "an editor", "the owner") is left alone: it is often the
 * feature itself (a collaborator's pointer).
 */
const PERSON_WORDS = new Set("user users admin admins administrator administrators person people".split(" "));
/**
 * A person as the subject of an action clause: "when a user deletes", "after the admin changed", "how does a
 * user join", "once users sign in". A clause word, a determiner, the person, then a verb: a word ending in
 * -s / -ed after one person, any word but a function word after a plural or "how does …". "The user's
 * settings", "a user profile" or "to the user" are no actor.
 */
const ACTOR_RE =
	/\b(when|whenever|after|before|once|until|if|how (?:does|do|did|can|could|should|would|will))\s+(?:(?:a|an|the|another|other|each|every|one|some|any)\s+)?([a-z]+)\s+([a-z]+)\b/gi;
const NOT_A_VERB = new Set(
	"and or of to in on at with for from by is are was were who whose that which".split(" "),
);
const ACTOR_EMPHASIS = 0.5;

/** The person words the question uses as the subject of an action (lower case). */
export function actorWords(question: string): Set<string> {
	const actors = new Set<string>();
	for (const m of question.matchAll(ACTOR_RE)) {
		const clause = (m[1] ?? "").toLowerCase();
		const person = (m[2] ?? "").toLowerCase();
		const verb = (m[3] ?? "").toLowerCase();
		if (!PERSON_WORDS.has(person) || NOT_A_VERB.has(verb)) continue;
		const plural = person.endsWith("s") || person === "people";
		if (clause.startsWith("how") || plural || /(?:s|ed)$/.test(verb)) actors.add(person);
	}
	return actors;
}

/** A verb (any inflection: "signs", "logged", "setting") and the particle after it. */
const PHRASAL_RE = /\b([A-Za-z]+?)(?:s|es|ed|ing)?\s+(in|up|out|on|off|back|down)\b/g;

/**
 * "signs in" → "sign-in": a phrasal verb code writes as one word (vocabulary.ts PHRASAL_VERBS) counts
 * as a hyphenated compound ("signin", with its pieces), so `signIn` outranks `signUp` for it. Unlike a
 * hyphenated compound's, its verb alone is no weaker match (`analyzeQuestion`): "log" of "log in" is logging.
 */
export function hyphenatePhrasalVerbs(question: string): string {
	return question.replace(
		PHRASAL_RE,
		(whole, verb: string, particle: string) => phrasal(verb, particle) ?? whole,
	);
}

/** The phrasal verbs a question writes, joined ("signs in" → "signin"). */
export function phrasalVerbsIn(question: string): Set<string> {
	const joined = new Set<string>();
	for (const m of question.matchAll(PHRASAL_RE)) {
		const verb = phrasal(m[1] ?? "", m[2] ?? "");
		if (verb) joined.add(verb.replace("-", ""));
	}
	return joined;
}

/** "logged", "in" → "log-in" when the table knows the verb with that particle; else undefined. */
function phrasal(verb: string, particle: string): string | undefined {
	const base = baseVerb(verb.toLowerCase());
	const p = particle.toLowerCase();
	return base && PHRASAL_VERBS.get(base)?.includes(p) ? `${base}-${p}` : undefined;
}

/** "logg" (of "logged"), "sett" (of "setting") → "log", "set"; a verb already in the table as it is. */
function baseVerb(verb: string): string | undefined {
	if (PHRASAL_VERBS.has(verb)) return verb;
	const single = verb.replace(/(.)\1$/, "$1");
	return PHRASAL_VERBS.has(single) ? single : undefined;
}

/** A word and an acronym written as one brand: "GraphQL", "PostgreSQL", "MongoDB". */
const BRAND_RE = /\b([A-Z][a-z]+)([A-Z]{2,})\b/g;
/** One whole word that is such a brand. */
const BRAND_WORD_RE = new RegExp(`^${BRAND_RE.source}$`);

/** "the client side", "server-side": a layer of the application, named by its folder. */
const LAYER_RE = /\b(client|server|frontend|backend|front-end|back-end|browser)[- ]side\b/gi;

/** An HTTP route written in a question: "POST /items/:collection", or a bare "/items/:collection". */
const ROUTE_RE =
	/(?:\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+)?(?<![\w.])(\/[A-Za-z0-9_:{}[\]$*.-]+(?:\/[A-Za-z0-9_:{}[\]$*.-]+)*)/g;
const ROUTE_VERBS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * The route keys a question names, as the index names an HTTP route's key (`POST /items/:collection`):
 * a route written with its verb is that key; a bare path (two segments at least, so "/" or "and/or"
 * is none) is the path under each common verb, so the seeding finds whichever the code registers.
 */
function routeKeys(question: string): string[] {
	const keys: string[] = [];
	for (const m of question.matchAll(ROUTE_RE)) {
		const verb = m[1];
		const path = withoutUnopenedBrackets((m[2] ?? "").replace(/[.?!,;:]+$/, ""));
		if (verb) keys.push(`${verb} ${path}`);
		else if (path.split("/").length >= 3) keys.push(...ROUTE_VERBS.map((v) => `${v} ${path}`));
	}
	return [...new Set(keys)];
}

/** `/items/[id]` stays; `/items/:id]` (a path closing the question's own bracket) loses the `]`. */
function withoutUnopenedBrackets(path: string): string {
	const last = path.slice(path.lastIndexOf("/"));
	return last.includes("[") ? path : path.replace(/\]+$/, "").replace(/[.?!,;:]+$/, "");
}

/** A dotted name a question writes (`documents.create`, `chat.postMessage`): maybe an RPC-style route's path. */
const DOTTED_RE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/**
 * A route key the question names that the index does not have, under the key the index has for the
 * same route: with its path parameters spelled as the index spells them, or registered for `ALL`
 * methods (route-key-match.ts); else below a base path the indexer could not see (`PATCH
 * /api/users/:id` where the API app is mounted at `/api` by a call no mount idiom reads): one or two
 * leading literal segments dropped, the first such key the index holds. A dotted name that is no
 * key itself but the path of an RPC-style route (`router.post("documents.create", …)`, keyed `POST
 * /documents.create`) gains that route's key beside it: the question names the endpoint as the code
 * writes it, without verb or slash. Keys the index has, and everything else, stay as they are.
 * `indexKeys` lists the index's route keys (read only when a key misses); none by default.
 */
export function routeKeysInIndex(
	identifiers: readonly string[],
	hasKey: (key: string) => boolean,
	indexKeys: () => Iterable<string> = () => [],
): string[] {
	const find = routeKeyFinder(hasKey, indexKeys);
	const keys = identifiers.flatMap((id) => {
		if (DOTTED_RE.test(id) && !hasKey(id)) {
			const route = ROUTE_VERBS.map((v) => `${v} /${id}`).find(hasKey);
			return route ? [id, route] : [id];
		}
		const m = /^([A-Z]+) (\/.*)$/.exec(id);
		if (!m || hasKey(id)) return id;
		const verb = m[1] as string;
		const segments = (m[2] ?? "").split("/").slice(1);
		for (let drop = 0; drop <= 2 && segments.length - drop >= 1; drop++) {
			if (segments.slice(0, drop).some((s) => !/^[A-Za-z][\w.-]*$/.test(s))) break;
			const key = find(verb, `/${segments.slice(drop).join("/")}`);
			if (key) return key;
		}
		return id;
	});
	// A bare path asked under each verb may meet one `ALL` key several times.
	return [...new Set(keys)];
}

/**
 * Analyse a question. `nameWords` are words naming the repository itself (its root package);
 * they occur everywhere and say nothing about the topic, so they are dropped.
 */
export function analyzeQuestion(asked: string, nameWords: ReadonlySet<string> = new Set()): QueryAnalysis {
	const layers = new Set<string>();
	// "the client side" names where code runs (a folder), not a word to find inside names: a package
	// `rpc-client` or a class `PhoneClient` is no more on the client side than the server's code.
	const question = joinPluralAcronyms(asked).replace(LAYER_RE, (_m, a: string) => {
		const w = a.toLowerCase().replace("-", "");
		layers.add(w);
		return ` ${w} `;
	});
	const identifiers = [
		...new Set(
			(question.match(IDENTIFIER_RE) ?? [])
				.filter(looksLikeIdentifier)
				.map((t) => t.replace(/\(\)$/, ""))
				.concat(backticked(question)),
		),
	]
		.filter(
			(id) =>
				!identifierWords(id)
					.split(" ")
					.every((w) => nameWords.has(w)),
		)
		.concat(routeKeys(question));

	// A brand cased as a word and an acronym ("GraphQL", "PostgreSQL", "MongoDB") is one word that code
	// writes joined (`graphql`, `@nestjs/graphql`); split, its acronym ("ql") is a word no code writes,
	// the rarest of the question. It counts as a compound of its two parts, as if hyphenated.
	const worded = hyphenatePhrasalVerbs(question.replace(BRAND_RE, "$1-$2"));
	const phrasalVerbs = new Set([...phrasalVerbsIn(question)].map(stem));
	// Hyphenated compounds ("two-factor", "end-to-end", "auto-translate") also count joined.
	const hyphenated = worded.match(/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g) ?? [];
	const compounds = hyphenated.map((c) => c.replace(/-/g, "").toLowerCase());
	// Letter-digit tokens ("2FA", "E2E", "S3", "OAuth2") are one word, as code and paths write them.
	const alnum: string[] = [];
	const rest = worded.replace(/\b[A-Za-z]*\d+[A-Za-z][A-Za-z0-9]*\b|\b[A-Za-z]+\d+\b/g, (t) => {
		alnum.push(t.toLowerCase());
		return " ";
	});
	const rawWords = [
		...alnum,
		...identifierWords(rest.replace(/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g, (c) => c.replace(/-/g, " ")))
			.split(" ")
			.filter(Boolean),
	];
	const lower = rawWords.map((w) => w.toLowerCase());
	// A name cased like a brand with a one-letter head (tRPC, gRPC, OAuth) splits into a letter and
	// the rest; code writes it joined as often (`packages/trpc`, `oauth.ts`), so the joined form is
	// one more stem of the rest's concept.
	const joined = new Map<string, string>();
	for (const m of question.matchAll(/\b([a-z])([A-Z]{2,}[a-z]*)\b|\b([A-Z])([A-Z][a-z]+)\b/g)) {
		const rest = (m[2] ?? m[4] ?? "").toLowerCase();
		joined.set(rest, `${(m[1] ?? m[3] ?? "").toLowerCase()}${rest}`);
	}
	const intent: Intent =
		lower.some((w) => IMPACT_WORDS.has(w)) || (IMPACT_PHRASE.test(question) && !HOW_QUESTION.test(question))
			? "impact"
			: lower.some((w) => LOCATE_WORDS.has(w))
				? "locate"
				: "flow";

	// Words capitalised inside a sentence ("the Settings system", "LDAP") name the topic.
	const capitalised = new Set(
		[...question.matchAll(/[^.?!\s]\s+([A-Z][A-Za-z0-9]*)/g)].flatMap((m) => {
			const word = m[1] ?? "";
			// A brand is capitalised as a whole too ("GraphQL": graphql).
			const brand = BRAND_WORD_RE.test(word) ? [word.toLowerCase()] : [];
			return [...identifierWords(word).split(" "), ...brand];
		}),
	);
	const guideVerb = GUIDE_RE.exec(question)?.[1]?.toLowerCase();
	const actors = actorWords(question);
	const seen = new Set<string>();
	const concepts: Concept[] = [];
	for (const w of [...compounds, ...lower]) {
		if (w.length < 2 && !/\d/.test(w)) continue;
		if (STOP_WORDS.has(w) || nameWords.has(w) || IMPACT_WORDS.has(w) || LOCATE_WORDS.has(w)) continue;
		const s = stem(w);
		if (seen.has(s)) continue;
		seen.add(s);
		const related = [...new Set(relatedWords(w).concat(relatedWords(s)).map(stem))].filter(
			(r) => r !== s && !STOP_WORDS.has(r),
		);
		const emphasis =
			(w === guideVerb ? GUIDE_VERB_EMPHASIS : 1) *
			(actors.has(w) ? ACTOR_EMPHASIS : 1) *
			(capitalised.has(w) ? 1.3 : 1) *
			Math.max(0.8, 1 - 0.05 * concepts.length);
		if (layers.has(w)) {
			concepts.push({ word: w, stems: [`${SEGMENT}${s}`], related: [], weight: 1, emphasis, layer: true });
			continue;
		}
		if (capitalised.has(w) && TECHNOLOGY_NAMES.has(w)) {
			const plain = emphasis / 1.3;
			concepts.push({ word: w, stems: [s], related: [], weight: 1, emphasis: plain, technology: true });
			continue;
		}
		const whole = joined.get(w);
		concepts.push({
			word: w,
			stems: whole ? [s, stem(whole)] : [s],
			related,
			weight: 1,
			emphasis,
			...(capitalised.has(w) ? { capitalised: true } : {}),
		});
	}
	// A concept that is only a part of a compound already present ("two", "factor" of "twofactor") is redundant
	// as a separate concept but stays as a related word of the compound.
	// Parts are the compound's own pieces, by stem: a short word that merely occurs inside a compound ("ui" in
	// "buildqueue") is no part of it.
	const piecesOf = new Map(
		hyphenated.map((h) => [stem(h.replace(/-/g, "").toLowerCase()), h.toLowerCase().split("-").map(stem)]),
	);
	const isPiece = (c: Concept, compound: string) =>
		piecesOf.get(compound)?.some((piece) => piece === stem(c.word) || c.stems.includes(piece)) ?? false;
	const kept = concepts.filter(
		(c) =>
			piecesOf.has(c.stems[0] ?? "") ||
			![...piecesOf.keys()].some((cs) => cs !== c.stems[0] && isPiece(c, cs)),
	);
	for (const c of kept) {
		const compound = c.stems[0] ?? "";
		const pieces = piecesOf.get(compound);
		if (pieces && pieces.length > 1) c.pieces = pieces;
		if (piecesOf.has(compound)) {
			// A part met earlier in another form ("plugins" before "sub-plugin") is still a part.
			const parts = concepts.filter((p) => p !== c && isPiece(p, compound));
			c.parts = parts.map((p) => p.word);
			// A phrasal verb's verb alone names something else ("log" of "log in" is logging, "set" of
			// "set up" any setter): its parts are no weaker match of the whole.
			if (!phrasalVerbs.has(compound))
				c.related = [...new Set([...c.related, ...parts.flatMap((p) => [...p.stems, ...p.related])])];
		}
	}

	const words = kept.filter((c) => !c.layer);
	const directWords = [...new Set(words.flatMap((c) => [c.word, ...c.stems]))];
	const searchWords = [...new Set([...directWords, ...words.flatMap((c) => c.related)])];
	return { question: asked, concepts: kept, identifiers, intent, searchWords, directWords };
}

/** Weight floor of a word found everywhere, and of a word the question capitalises mid-sentence. */
const COMMON_FLOOR = 0.35;
const CAPITALISED_FLOOR = 0.5;

/**
 * Weigh concepts by rarity: `df(word)` is how many indexed units contain the word, `total` how many
 * units there are. Weight = idf normalised to [0.35, 1] (a capitalised word: [0.5, 1]), times the word's emphasis.
 */
export function weighConcepts(concepts: Concept[], df: (word: string) => number, total: number): void {
	const idf = (n: number) => Math.log(1 + (total - n + 0.5) / (n + 0.5));
	const max = Math.log(1 + (total + 0.5) / 0.5);
	for (const c of concepts) {
		let n = Math.max(df(c.word), ...c.stems.map((x) => df(x)));
		// A compound the code never writes joined ("client-side") is as rare as its rarest part; one
		// left with a single part (the other pieces filler: "in-app", "pre-request") is no rarer than
		// that common word alone, so its pieces written together in names count (`InAppNotification`).
		if (n === 0 && c.parts?.length) {
			const together = c.parts.length === 1 && c.pieces && c.pieces.length > 1 ? df(c.pieces.join(" ")) : 0;
			n = together > 0 ? together : Math.min(...c.parts.map((p) => df(p)));
		}
		// A topic the question capitalises keeps weight however common the word is in the code
		// ("the Settings system" in a repository where most files read settings).
		const floor = c.capitalised ? CAPITALISED_FLOOR : COMMON_FLOOR;
		c.weight = Math.max(floor, Math.min(1, idf(n) / (max * 0.7))) * (c.emphasis ?? 1);
		if (!c.pieces && !c.layer) c.pieces = joinedFrom(c.stems[0] ?? c.word, df, total);
	}
}

/** Shortest piece of a closed compound that counts as a word of its own. */
const MIN_PIECE = 4;
/**
 * A piece is a word of the repository when at least this share of the definitions use it: the
 * full-text index stems words (a suffix like "ence" of "conference" turns up in a few), so a
 * handful of uses is no evidence.
 */
const MIN_PIECE_SHARE = 1 / 2000;

/**
 * A closed compound the question writes as one word ("database", "timestamp", "workspace") is two
 * words the code also writes apart: a name with only the first ("initialData") is no match for it.
 * An abbreviation ("auth" of "authentication") is not one: its rest ("entication") is no word.
 */
export function joinedFrom(word: string, df: (word: string) => number, total: number): string[] | undefined {
	if (!/^[a-z]+$/.test(word) || word.length < 2 * MIN_PIECE) return undefined;
	const least = Math.max(3, total * MIN_PIECE_SHARE);
	for (let i = MIN_PIECE; i <= word.length - MIN_PIECE; i++) {
		const head = word.slice(0, i);
		const rest = word.slice(i);
		if (df(head) >= least && df(rest) >= least) return [head, stem(rest)];
	}
	return undefined;
}
