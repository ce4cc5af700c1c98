/**
 * The short offline answer to a "how do I add a new X?" question. A path through the code answers
 * how something runs; a newcomer adding an X needs the shape every existing X shares instead: a
 * family in the code (classes or interfaces that extend or implement one base: the services, the
 * models, the bridges), the base a new member extends, an existing member as the worked example,
 * the contract it implements and where members are created (registered). All of it is read from the
 * index's extends / implements / new edges and cited at the line that says it. A noun the code
 * registers by key ("endpoint", "hook") is told from its trunk instead (pattern/keys.ts).
 * No family of the noun: the flow answer stands.
 */
import type { DefRow } from "../../index/types.js";
import type { DraftAnswer } from "../citation-book.js";
import { quoteLine } from "../quote-line.js";
import { classAnswer, declarationLine, OTHER_EXAMPLES } from "./class.js";
import { exampleReach } from "./example-reach.js";
import type { PatternFamily, PatternIndex, UnmetFamily } from "./family.js";
import { type Fit, fitted, noted } from "./fit.js";
import { instanceDefinitions, instanceLines } from "./instances.js";
import { keyFamilyDefinitions, keyFamilyLines } from "./keys.js";
import { registrarHops } from "./registrar.js";
import { loaderOf, orderedShapes } from "./shapes.js";
import { unmetNote } from "./unmet.js";
import { OTHER_USES, useCall, useDefinitions, useLines } from "./use.js";
import { workspaceDefinitions, workspaceLines } from "./workspace.js";

/** Files that register the most keys, and further small packages, named at most. */
const TOP_KEY_FILES = 3;
const OTHER_PACKAGES = 3;

/** Other members whose definitions go into the answer stage's material beside the example. */
const MATERIAL_EXAMPLES = 2;

/**
 * The definitions an answer to the pattern question is made of, for the answer stage's material
 * (the LLM reads the family, not only the flows its search found): the base, the example with its
 * contract, class, parent class, creator and registering function, and two more members; for a key
 * family, the example registration's handler and registering function and the dispatching code.
 */
export function patternMaterial(
	index: PatternIndex,
	family: PatternFamily,
	files: readonly string[],
): DefRow[] {
	const defs: (DefRow | null | undefined)[] = [];
	if (family.kind === "keys") {
		defs.push(...keyFamilyDefinitions(index, family));
	} else if (family.kind === "workspace") {
		defs.push(...workspaceDefinitions(family));
	} else if (family.kind === "use") {
		defs.push(...useDefinitions(family, useCall(index, family, files)));
	} else if (family.kind === "instances") {
		defs.push(...instanceDefinitions(index, family, files));
	} else {
		const shapes = orderedShapes(index, family, files);
		const [example, ...others] = shapes;
		defs.push(family.base);
		if (example)
			defs.push(
				example.member,
				example.contract,
				example.cls,
				example.parent,
				example.created?.by,
				example.registeredWith,
				example.created ? null : example.listed?.by,
			);
		const hops = example?.registeredWith ? registrarHops(index, example.registeredWith) : null;
		if (hops) defs.push(hops.helpers[0], hops.base, ...(hops.through?.implementations ?? []));
		const loader = example?.created ? loaderOf(index, example.created, shapes) : null;
		if (loader) defs.push(index.defsInFile(loader.file).find((d) => d.kind === "module"));
		if (example) {
			const { plugged, reached } = exampleReach(index, family, example);
			if (plugged) defs.push(plugged.cls, plugged.base, plugged.created?.by);
			defs.push(reached?.access);
		}
		for (const sh of others.slice(0, MATERIAL_EXAMPLES)) defs.push(sh.cls ?? sh.member);
	}
	const seen = new Set<number>();
	return defs.filter((d): d is DefRow => {
		if (!d?.file || seen.has(d.id)) return false;
		seen.add(d.id);
		return true;
	});
}

/**
 * The answer for the family a pattern question names (patternFamily). `ranked` is the citation
 * ranking of the flow search (a key family's closing places); `files` the seeding's file order
 * (among equally typical members, the one the question's other words point at is the example).
 */
export function patternAnswer(
	index: PatternIndex,
	question: string,
	asked: PatternFamily | UnmetFamily,
	ranked: readonly DefRow[],
	files: readonly string[],
): DraftAnswer | null {
	// Qualifiers no family carries are said first, within the message's size.
	const note = asked.kind === "unmet" ? unmetNote(asked) : null;
	const family = asked.kind === "unmet" ? asked.closest : asked;
	const fit: Fit = (most, render) => fitted(index, most, (book, n) => noted(render(book, n), note));
	if (family.kind === "keys")
		return fit(TOP_KEY_FILES, (book, n) => keyFamilyLines(index, question, family, book, ranked, n));
	if (family.kind === "workspace")
		return fit(OTHER_PACKAGES, (book, n) => workspaceLines(index, question, family, book, n));
	if (family.kind === "use") {
		const call = useCall(index, family, files);
		return fit(OTHER_USES, (book, n) => useLines(index, question, family, call, book, n));
	}
	if (family.kind === "instances")
		return fit(OTHER_EXAMPLES, (book, n) =>
			instanceLines(
				index,
				question,
				family,
				files,
				book,
				n,
				(d) => book.cite(d, { startLine: d.startLine ?? 1, endLine: declarationLine(index, d) }),
				(d) => quoteLine(index, d.file ?? "", declarationLine(index, d)),
			),
		);
	return classAnswer(index, question, family, files, fit);
}
