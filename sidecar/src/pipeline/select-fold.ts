/**
 * The select prompt's lookalikes folded (lookalikes.ts): a plug-in family is listed by its interface
 * member's line and its best-ranked members, then one line `and N more implementations: A, B, …`;
 * near-identical versions by the best-ranked one, `(also V103, V104)`. Readers playing the model saw
 * ~60 `*Provider.sendMessage` lines in one select prompt about in-app notifications (llm-relay.md,
 * runs 19–20). A folded member keeps its node ref: the model may name it by ref or by the name shown.
 */
import type { DefRow } from "../index/types.js";
import type { SelectPromptChain } from "../prompts/select.js";
import { foldNote, keepOf, type Lookalike, standsOut } from "./lookalikes.js";
import { newerVersion } from "./versions.js";

export interface FoldableHop {
	ref: string;
	label: string;
	depth: number;
	def: DefRow;
	/** How the question's words rate the definition (the skeleton's ranking). */
	relevance: number;
}
export interface FoldableChain extends Omit<SelectPromptChain, "hops"> {
	hops: FoldableHop[];
}

interface Member {
	def: DefRow;
	look: Lookalike;
	relevance: number;
	/** Its first place in the prompt. */
	at: number;
	ref: string;
}

/**
 * A family folds when it would drop at least this many lines (its note takes one); a version folds
 * into its kept version's line, so one is enough.
 */
const MIN_FOLDED = { family: 2, version: 1 } as const;

/**
 * The chains with each lookalike group folded to its best-ranked members (by relevance, then place
 * in the prompt) and those the question's `words` pick out; `aliases` maps each folded member's
 * names (qualified, and a family member's class) to its node ref.
 */
export function foldSelectChains(
	chains: readonly FoldableChain[],
	lookalikeOf: (def: DefRow) => Lookalike | null,
	words: readonly string[],
): { chains: SelectPromptChain[]; aliases: Map<string, string> } {
	const groups = new Map<string, Map<number, Member>>();
	let at = 0;
	for (const c of chains)
		for (const h of c.hops) {
			at++;
			const look = lookalikeOf(h.def);
			if (!look) continue;
			const group = groups.get(look.key) ?? new Map<number, Member>();
			groups.set(look.key, group);
			if (!group.has(h.def.id))
				group.set(h.def.id, { def: h.def, look, relevance: h.relevance, at, ref: h.ref });
		}
	const folded = new Set<number>();
	const aliases = new Map<string, string>();
	/** Per kept member that carries a group's note (its first place), the note. */
	const notes = new Map<number, { kind: Lookalike["kind"]; text: string; kept: Set<number> }>();
	for (const group of groups.values()) {
		// Best rated first; of versions rated alike the newest, most often the one in use.
		const ranked = [...group.values()].sort(
			(x, y) =>
				y.relevance - x.relevance ||
				Number(newerVersion(y.look.tag, x.look.tag)) - Number(newerVersion(x.look.tag, y.look.tag)) ||
				x.at - y.at,
		);
		const kind = (ranked[0] as Member).look.kind;
		const out = ranked.filter((m, i) => i >= keepOf(kind) && !standsOut(m.look, words));
		if (out.length < MIN_FOLDED[kind]) continue;
		const stay = ranked.filter((m) => !out.includes(m));
		const first = stay.reduce((x, y) => (y.at < x.at ? y : x));
		notes.set(first.def.id, {
			kind,
			text: foldNote(
				kind,
				out.map((m) => m.look.tag),
				first.def.name,
			),
			kept: new Set(stay.map((m) => m.def.id)),
		});
		for (const m of out) {
			folded.add(m.def.id);
			for (const name of [m.def.qualifiedName, ...(kind === "family" ? [m.look.tag] : [])])
				if (!aliases.has(name)) aliases.set(name, m.ref);
		}
	}
	const kept = chains.map((c) => c.hops.filter((h) => !folded.has(h.def.id)));
	// Each note goes once, at its group's first kept member: a version's on that line, a family's on
	// a line of its own after the group's last kept member in that chain no deeper than the first (the
	// prompt's fit drops the deepest hops first: the note goes with the line before it).
	const noteAfter = new Map<FoldableHop, SelectPromptChain["hops"][number]>();
	const versionNote = new Map<FoldableHop, string>();
	const placed = new Set<number>();
	for (const hops of kept)
		hops.forEach((h, i) => {
			const note = notes.get(h.def.id);
			if (!note || placed.has(h.def.id)) return;
			placed.add(h.def.id);
			if (note.kind === "version") versionNote.set(h, note.text);
			else {
				const last = hops.findLastIndex((x) => note.kept.has(x.def.id) && x.depth <= h.depth);
				noteAfter.set(hops[Math.max(i, last)] as FoldableHop, {
					ref: "",
					label: note.text,
					depth: h.depth,
					folds: true,
				});
			}
		});
	const out = chains.map((c, ci) => ({
		...c,
		hops: (kept[ci] ?? []).flatMap((h) => {
			const note = versionNote.get(h);
			const line = note
				? { ref: h.ref, label: `${h.label} ${note}`, depth: h.depth, folds: true }
				: { ref: h.ref, label: h.label, depth: h.depth };
			const after = noteAfter.get(h);
			return after ? [line, after] : [line];
		}),
	}));
	return { chains: out, aliases };
}
