/** The runner-up flow told in one sentence, last in "In short". */

import { code, keyWords } from "../markdown.js";
import type { PathStep } from "../path/types.js";
import { type Callee, type Keyed, type Label, verbOf } from "./words.js";

/**
 * The runner-up, last in "In short". A flow (two steps or more): "The other flow starts in `A`
 * (`file`), which calls `B` [n], then `C` [m]." (after a path of one step: "A flow nearly as close
 * starts in …"); one step is a place: "Also close: `A` in `file` [n]." Each marker follows the name
 * its cited range holds (the callee or key on a hop line, else the step itself), and a marker on a
 * step's own range in another file than the one named names its file: the file a sentence names
 * is the file its marker cites. A hop cited in one file whose callee is cited at its head in another
 * says which is which — "then calls `B` (the call in `b.ts` [3], the definition in `c.ts` [4])" —
 * not two "in" clauses run together.
 */
export function otherSentence(
	label: Label,
	keyed: Keyed,
	callee: Callee,
	steps: readonly PathStep[],
	markers: readonly string[],
	pathIsFlow: boolean,
): string {
	const first = steps[0] as PathStep;
	if (steps.length === 1)
		return `Also close: ${label(first.def)}${first.def.file ? ` in ${code(first.def.file)}` : ""} ${markers[0] ?? ""}`
			.trimEnd()
			.concat(".");
	let named = first.def.file;
	const where = named ? ` (${code(named)})` : "";
	let text = `${pathIsFlow ? "The other flow starts in" : "A flow nearly as close starts in"} ${label(first.def)}${where}`;
	// A step cited at its own range (its head), not at a hop it writes.
	const ownMarker = (i: number) => (!steps[i]?.hop?.named && markers[i]) || "";
	// The call's clause left open for its callee's definition, in another file, to close.
	let open = false;
	steps.forEach((s, i) => {
		const hop = s.hop;
		const marker = markers[i] ?? "";
		if (ownMarker(i)) {
			if (open) text += `, the definition in ${code(s.def.file ?? "")} ${marker})`;
			else {
				if (s.def.file && s.def.file !== named) text += `, in ${code(s.def.file)}`;
				text += ` ${marker}`;
			}
			named = s.def.file;
			open = false;
		}
		const next = steps[i + 1];
		if (!next) return;
		// A handler named by its key follows its key's marker: "calls the endpoint `k` [n], handled by the endpoint's `get` handler".
		const handler = hop?.kind === "dispatch" && hop.key ? keyed(s, next) : null;
		const verb = hop?.kind === "dispatch" && hop.key ? `${keyWords(hop.key).sent}, handled by` : verbOf(s);
		const sent =
			handler && hop?.key
				? keyWords(hop.key).sent
				: hop?.kind === "dispatch" && hop.key
					? `${verb} ${label(next.def)}`
					: `${verb} ${callee(s, next.def)}`;
		text += `${i === 0 ? ", which" : ", then"} ${sent}`;
		if (hop?.named && marker) {
			const file = hop.file ?? s.def.file;
			// The callee cited at its own head in a third file: both places are said, each for what it holds.
			if (!handler && file && file !== named && ownMarker(i + 1) && next.def.file && next.def.file !== file) {
				text += ` (the call in ${code(file)} ${marker}`;
				open = true;
			} else {
				if (file && file !== named) text += `, in ${code(file)}`;
				text += ` ${marker}`;
			}
			named = file;
		}
		if (handler) text += `, handled by ${handler}`;
	});
	return `${text}.`.replace(/ +/g, " ").replace(/ ([,.])/g, "$1");
}
