/** Where a contract the answer cites really runs: its implementations, named or cited. */
import type { DefRow } from "../../index/types.js";
import { implementationsOf } from "../families.js";
import { code, listWords } from "../markdown.js";
import type { PathIndex } from "../path/types.js";
import type { Label } from "./words.js";

/** Implementations named for a path ending at a contract or a stub (Where the code really runs). */
const IMPLEMENTATIONS_NAMED = 3;

/**
 * A path ending at an interface member (a model's typing, a service's contract) or at a base-class
 * stub is a dead end to a reader: where its implementations live, named, each followed by its
 * marker when `marker` gives one (strategiesOf: all of a few are cited; of a family none). Up to
 * IMPLEMENTATIONS_NAMED of them; more are counted. Only those `runnable` keeps (path/receiver.ts
 * runnableAfter: a base member entered by a call on `this` in C runs C's or its subclasses' overrides).
 */
export function implementedBy(
	index: PathIndex,
	label: Label,
	def: DefRow,
	withFiles = true,
	marker: (impl: DefRow) => string = () => "",
	runnable: (impl: DefRow) => boolean = () => true,
): string {
	if (def.parentId === null) return "";
	const impls = implementationsOf(index, def).filter(runnable);
	if (impls.length === 0) return "";
	const shown = impls.slice(0, IMPLEMENTATIONS_NAMED);
	const more = impls.length - shown.length;
	const named = (d: DefRow) => [label(d), marker(d)].filter(Boolean).join(" ");
	if (!withFiles)
		return `implemented by ${listWords([...shown.map(named), ...(more > 0 ? [`${more} more`] : [])])}`;
	// Implementations in one file are named together, the file once ("`A` [5] and `B` [6] in `f.ts`").
	const byFile = new Map<string, string[]>();
	for (const d of shown) byFile.set(d.file ?? "", [...(byFile.get(d.file ?? "") ?? []), named(d)]);
	const groups = [...byFile].map(([file, names]) => `${listWords(names)} in ${code(file)}`);
	if (more > 0) groups.push(`${more} more`);
	// A group of several names holds an "and" of its own: the groups are then set apart by commas.
	const grouped = [...byFile.values()].some((names) => names.length > 1);
	return `implemented by ${grouped && groups.length > 1 ? `${groups.slice(0, -1).join(", ")}, and ${groups.at(-1)}` : listWords(groups)}`;
}

/**
 * The implementations of a contract the answer cites where it names them: all of them when there
 * are two or three, at most IMPLEMENTATIONS_NAMED (strategies: each is one way the flow goes on, and
 * a sentence naming a definition cites it). Not a sole implementation, the contract's one body one
 * hop from its cited head (mostly a model's accessor: citing it costs precision, run 11 and
 * cite31), nor a larger family, whose first few named are no more the answer than the rest.
 * Session 31 (cite31): a core method of one RC question was named, not cited.
 */
export function strategiesOf(
	index: PathIndex,
	def: DefRow,
	runnable: (impl: DefRow) => boolean = () => true,
): DefRow[] {
	if (def.parentId === null) return [];
	const impls = implementationsOf(index, def).filter(runnable);
	return impls.length >= 2 && impls.length <= IMPLEMENTATIONS_NAMED ? impls : [];
}

/**
 * The one implementation of a contract (an interface member, an abstract method or a base-class
 * stub) that has exactly one; undefined when `def` has none or several. Such a contract is the
 * implementation's signature in another file: the reader looks for the code that runs. With two or
 * three (strategies) the contract is what they share and keeps its place; with more (a family of
 * plug-ins) it is the family's one place. Session 13 (benchmarks/answers.md, cite13): the
 * implementation for any contract of at most 3 landed first (RC cited +0.005); one implementation
 * only keeps a guide's interfaces (RC precision +0.003 more).
 */
export function soleImplementation(index: PathIndex, def: DefRow): DefRow | undefined {
	const impls = implementationsOf(index, def);
	return impls.length === 1 ? impls[0] : undefined;
}
