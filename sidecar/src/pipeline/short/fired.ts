/** A key the path fires that names the question ("On the way, `x` emits …"): found, said, and placed. */
import { keyLiteral } from "../../bus-key.js";
import type { DefRow } from "../../index/types.js";
import { type Branch, branchOf } from "../branch.js";
import type { ConceptVector } from "../concept-vector.js";
import { code, keyWords } from "../markdown.js";
import { namedHopLine } from "../path/hops.js";
import type { PathIndex, PathStep } from "../path/types.js";
import { lastSegment } from "../verify.js";
import { CONDITION_CHARS, clip, type Label } from "./words.js";

interface Fired {
	step: PathStep;
	key: DefRow;
	file: string;
	line: number;
	endLine: number;
	text: string;
	named: string;
	/** The side branch the dispatch is made on (a `catch`, an `if` that returns or throws), if any. */
	branch: Branch | null;
}

/**
 * The dispatch a step of the path makes whose key names the most of the question (ties: the
 * earlier step), when that is not the hop the path already takes. Cited at its line by a name
 * written there: the key, or the function the line calls to dispatch it (`publish`, `emit`).
 */
export function firedKey(index: PathIndex, path: readonly PathStep[], concepts: ConceptVector): Fired | null {
	let best: Fired | null = null;
	let bestShare = 0;
	for (const step of path) {
		const edges = index.edgesFrom(step.def.id);
		for (const e of edges) {
			const at = e.line;
			if (e.kind !== "dispatch" || !e.file || at === null || e.file !== step.def.file) continue;
			// The key the path crosses here (its hop may be cited at the call a line above the key).
			if (step.hop?.kind === "dispatch" && (step.hop.line === at || step.hop.key?.id === e.dst)) continue;
			const key = index.defById(e.dst);
			if (key?.kind !== "dispatch-key") continue;
			const share = concepts.text(key.name).reduce((n, x) => n + x, 0);
			if (share <= bestShare + 1e-9) continue;
			const found = namedHopLine(index, step.def, e.file, at, [
				keyLiteral(key.name),
				lastSegment(key.qualifiedName),
			]);
			if (!found) continue;
			const text = found.text;
			// A key applied by a decorator (`@UseGuards(AuthGuard('jwt'))`) configures the step; it is no hop of the flow.
			if (text.startsWith("@")) continue;
			const branch = branchOf(index, step.def, found.line);
			best = { step, key, file: e.file, line: found.line, endLine: at, text, named: found.named, branch };
			bestShare = share;
		}
	}
	return best;
}

/**
 * The key the path fires, told as what it is: on the way, or only on a side branch ("When `x`
 * catches an error, it emits …"; "Only when `cond`, `x` emits … and returns").
 */
export function firedSentence(label: Label, fired: Fired): string {
	const who = label(fired.step.def);
	const sent = keyWords(fired.key).sent;
	const b = fired.branch;
	if (!b) return `On the way, ${who} ${sent}`;
	if (b.kind === "catch") return `When ${who} catches an error, it ${sent}`;
	const ends = b.exit === "return" ? "returns early" : "throws";
	return `Only when ${code(clip(b.condition, CONDITION_CHARS))}, ${who} ${sent} and ${ends}`;
}

/** A side branch said after the step's name in a place line (", when it catches an error,"). */
export function branchWords(b: Branch | null): string {
	if (!b) return "";
	if (b.kind === "catch") return ", when it catches an error,";
	return `, only when ${code(clip(b.condition, CONDITION_CHARS))} (then it ${b.exit === "return" ? "returns" : "throws"}),`;
}
