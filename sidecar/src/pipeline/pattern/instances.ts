/**
 * "How do I add a new payment handler?" where each existing one is an instance, not a subclass:
 * `export const stripeHandler = new PaymentHandler({ code: 'stripe', createPayment: … })`. The family
 * is a class whose own name holds the question's noun and that at least three exported constants
 * outside tests create with `new`; a new member is one more such constant, listed where the others
 * are (`paymentHandlers: [stripeHandler]`, `handlers.push(stripeHandler)`). Read from the index's
 * `new` and `reference` edges. Used only when no class family (extends / implements) names the noun.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { CitationBook } from "../citation-book.js";
import { type Listing, listingsOf } from "../class-listings.js";
import { code } from "../markdown.js";
import { conceptMatch, wordStems } from "../match.js";
import type { Concept } from "../query.js";
import { quoteLine } from "../quote-line.js";

export type InstanceIndex = Pick<IndexReader, "instanceBases" | "edgesTo" | "defById" | "fileLines">;

export interface InstanceFamily {
	kind: "instances";
	/** The noun asked for ("payment method handler"). */
	subject: string;
	/** The class every member is an instance of. */
	base: DefRow;
	/** Constants created with `new base(…)`, outside tests and fixtures: exported ones, unless the family was found by its qualifiers alone. */
	members: DefRow[];
}

/** Code beside the product (example plugins, demos, a dev server's): counted, shown last. */
const SIDE_CODE = /(^|[/_-])(e2e|tests?|examples?|demos?|samples?|scripts?|fixtures?|mocks?|dev)([/_.-]|$)/;

/** Members a family needs: fewer is a pair of constants, not a convention. */
const MIN_INSTANCES = 3;
/** A path word matches less than a name word (as in the class families). */
const PATH_FACTOR = 0.6;

/** Exported constants (with `exportedOnly` false, any constants) created with `new base(…)` outside tests, each once. */
export function instanceMembers(index: InstanceIndex, base: DefRow, exportedOnly = true): DefRow[] {
	const seen = new Set<number>();
	const out: DefRow[] = [];
	for (const e of index.edgesTo(base.id)) {
		if (e.kind !== "new" || seen.has(e.src)) continue;
		seen.add(e.src);
		const d = index.defById(e.src);
		if (d?.kind === "variable" && (d.exported || !exportedOnly) && d.file && !isAuxiliaryPath(d.file))
			out.push(d);
	}
	return out;
}

/** The instance family the subject's head noun names, scored like a class family (name words × log members). */
export function findInstanceFamily(
	index: InstanceIndex,
	subject: string,
	concepts: readonly Concept[],
	accept: (family: InstanceFamily) => boolean = () => true,
): InstanceFamily | null {
	const head = concepts.at(-1);
	if (!head) return null;
	let best: { family: InstanceFamily; score: number } | null = null;
	for (const { def } of index.instanceBases(MIN_INSTANCES)) {
		if (!def.file || isAuxiliaryPath(def.file)) continue;
		const headMatch = conceptMatch(head, wordStems(def.name));
		if (headMatch < 1) continue;
		const words = concepts.reduce(
			(sum, c) =>
				sum +
				(c === head
					? headMatch
					: Math.max(
							conceptMatch(c, wordStems(def.name)),
							PATH_FACTOR * conceptMatch(c, wordStems(def.file ?? "")),
						)),
			0,
		);
		const members = instanceMembers(index, def);
		if (members.length < MIN_INSTANCES) continue;
		const score = words * Math.log2(1 + members.length);
		const family: InstanceFamily = { kind: "instances", subject, base: def, members };
		if ((!best || score > best.score) && accept(family)) best = { family, score };
	}
	return best?.family ?? null;
}

interface Example {
	member: DefRow;
	listed: Listing | null;
}

/**
 * The members, best example first: the product's own before example and demo code, one listed where others
 * are (the registry listing the most), then the
 * one whose file the question's search ranks first, then the most used.
 */
export function orderedInstances(
	index: InstanceIndex,
	family: InstanceFamily,
	files: readonly string[],
): Example[] {
	const found = family.members.map((member) => ({ member, listings: listingsOf(index, member) }));
	const listers = new Map<number, number>();
	for (const f of found)
		for (const id of new Set(f.listings.map((l) => l.by.id))) listers.set(id, (listers.get(id) ?? 0) + 1);
	const busiest = [...listers.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
	const examples = found.map((f) => ({
		member: f.member,
		listed:
			f.listings.find((l) => busiest && busiest[1] > 1 && l.by.id === busiest[0]) ?? f.listings[0] ?? null,
	}));
	const rank = (d: DefRow) => {
		const i = files.indexOf(d.file ?? "");
		return i < 0 ? files.length : i;
	};
	const side = (d: DefRow) => Number(SIDE_CODE.test(d.file ?? ""));
	return examples.sort(
		(a, b) =>
			side(a.member) - side(b.member) ||
			Number(b.listed !== null) - Number(a.listed !== null) ||
			rank(a.member) - rank(b.member) ||
			b.member.fanIn - a.member.fanIn ||
			a.member.defId.localeCompare(b.member.defId),
	);
}

/** The definitions the answer is made of, for the answer stage's material. */
export function instanceDefinitions(
	index: InstanceIndex,
	family: InstanceFamily,
	files: readonly string[],
): DefRow[] {
	const [example, ...others] = orderedInstances(index, family, files);
	return [
		family.base,
		example?.member,
		example?.listed?.by,
		...others.slice(0, 2).map((e) => e.member),
	].filter((d): d is DefRow => d !== undefined);
}

/** The answer's lines: the class, an example constant, where it is listed, other examples. */
export function instanceLines(
	index: InstanceIndex,
	question: string,
	family: InstanceFamily,
	files: readonly string[],
	book: CitationBook,
	examples: number,
	cite: (d: DefRow) => string,
	quoteHead: (d: DefRow) => string,
): string[] {
	const ordered = orderedInstances(index, family, files);
	const example = ordered[0];
	if (!example) return [];
	const name = (d: DefRow) => book.name(d);
	const at = (d: DefRow) => code(d.file ?? "");
	const { base, members } = family;
	const m = example.member;
	const listed = example.listed;
	const sameLister = listed ? ordered.filter((e) => e.listed?.by.id === listed.by.id).length : 0;
	const listing = (l: Listing) =>
		`${l.via ? `handed to ${code(l.via)}` : "listed"} ${l.by.kind === "module" ? `in ${code(l.file)}` : `in ${name(l.by)} (${code(l.file)})`} ${book.citeRange(l.file, l.line, l.line, m.name)}`;
	const summary = [
		`A new ${family.subject} is an instance of the class ${name(base)} (${at(base)}) ${cite(base)}: ${members.length} ${members.every((d) => d.exported) ? "exported " : ""}constants create one with \`new ${base.name}(…)\`.`,
		`${name(m)} in ${at(m)} is one ${cite(m)}.`,
	];
	if (listed)
		summary.push(
			`It is ${listing(listed)}${sameLister > 1 ? `, as ${sameLister} of the ${members.length} are` : ""}.`,
		);
	const out = [`**Question:** ${question.trim()}`, "", "**In short**", summary.join(" "), ""];
	out.push("**The shape, step by step**");
	let n = 1;
	out.push(`${n++}. The class to instantiate: ${name(base)} ${cite(base)}${quoteHead(base)}`);
	out.push(
		`${n++}. ${m.exported ? "Export" : "Declare"} a constant created with it, as ${name(m)} does ${cite(m)}${quoteHead(m)}`,
	);
	if (listed)
		out.push(
			`${n++}. List it where the others are: ${name(m)} is ${listing(listed)}${quoteLine(index as IndexReader, listed.file, listed.line)}`,
		);
	out.push("");
	const others = ordered.slice(1, 1 + examples).map((e) => e.member);
	if (others.length > 0) {
		out.push("**Other examples**");
		for (const d of others) out.push(`- ${name(d)} in ${at(d)} ${cite(d)}`);
		out.push("");
	}
	out.push(`_Offline answer (no LLM), from the ${code("new")} and ${code("reference")} edges of the index._`);
	return out;
}
