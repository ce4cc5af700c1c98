/**
 * The map's local heads: inside a long chain step listed only as a signature, the lines that
 * declare a named local function (or a class's method) whose name holds the question's words
 * (`const onComposerSubmit = useCallback(() => {` in a 360-line component, `getVersion(data) {`
 * in an object passed to a factory, `this.write = async (rs) => {` in a constructor). The index
 * has no definition for them, so no other entry names them, and a flow's handler is often one.
 */
import type { Candidate } from "./candidate.js";
import { named } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";

/** Steps shorter than this are no place to look for local functions (their signature is most of them). */
const LOCAL_HEAD_MIN_LINES = 20;
/**
 * Steps whose lines may declare the functions looked for: a function's, a method's or a value's
 * local ones, a class's methods (a long class listed as one signature line names none of them;
 * on Novu one such method is a chain line). An interface's members have no body to point at.
 */
const STEP_KINDS = new Set(["function", "method", "variable", "object", "class"]);
/** Files written in JavaScript or TypeScript (a GraphQL document's fields read like method heads). */
const SCRIPT_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/;
/** Question words shorter than this meet too many names (as the slices' word lines). */
const MIN_WORD = 4;

/** A line declaring a named local function; group 1 is its name. */
const LOCAL_HEADS: readonly RegExp[] = [
	// function name(…) / async function* name(…)
	/^\s*(?:export\s+)?(?:async\s+)?function\s*\*?\s*([\w$]+)\s*[<(]/,
	// const name = (…) => / = async x => / = function / = useCallback(…) (a hook that returns the
	// function it is given, not one that returns a value: `useFeatureFlag('x')` is no function)
	/^\s*(?:export\s+)?(?:const|let|var)\s+([\w$]+)\s*(?::[^=]*)?=\s*(?:async\s+)?(?:\([^)]*\)?\s*(?::[^=]*)?=>|[\w$]+\s*=>|function\b|use\w*(?:Callback|Event)\()/,
	// a method of a class or object literal on one line: name(…) { — a call statement (code
	// without semicolons) has no body brace, a call given a callback has its arrow before it
	/^\s*(?:(?:public|private|protected|static|async|readonly|override|get|set)\s+)*\*?(?!(?:if|for|while|switch|catch|return|else|with|await|new|typeof)\b)([\w$]+)\s*(?:<[^>]*>)?\s*\([^;]*\)\s*(?::[^=;{]*)?\{\s*$/,
	// this.name = (…) => / = function
	/^\s*this\.([\w$]+)\s*=\s*(?:async\s+)?(?:\(|function\b|[\w$]+\s*=>)/,
	// name: (…) => / name: function (an object's property)
	/^\s*([\w$]+)\s*:\s*(?:async\s+)?(?:\([^)]*\)?\s*(?::[^=]*)?=>|function\b)/,
];

/**
 * The offsets in `lines` (past the first, the step's own signature) that declare a local function
 * whose name holds at least one of `words`, most words first, then top to bottom.
 */
export function localHeads(lines: readonly string[], words: readonly string[]): number[] {
	const long = words.filter((w) => w.length >= MIN_WORD);
	if (!long.length) return [];
	const hits: { at: number; n: number }[] = [];
	for (let i = 1; i < lines.length; i++) {
		const text = lines[i] ?? "";
		const name = localHeadName(text);
		if (!name) continue;
		const low = name.toLowerCase();
		const n = long.filter((w) => low.includes(w)).length;
		if (n > 0) hits.push({ at: i, n });
	}
	return hits.sort((x, y) => y.n - x.n || x.at - y.at).map((h) => h.at);
}

/** The name the first of LOCAL_HEADS that matches `line` declares (none is global: `exec` keeps no state). */
function localHeadName(line: string): string | undefined {
	for (const re of LOCAL_HEADS) {
		const name = re.exec(line)?.[1];
		if (name !== undefined) return name;
	}
	return undefined;
}

/** Up to `perStep` local heads of each long chain step in `steps` listed only as a signature. */
export function listLocalHeads(m: SignatureMap, steps: readonly Candidate[], perStep: number): void {
	if (perStep <= 0) return;
	const { a } = m;
	for (const c of steps) {
		const d = c.node.def;
		if (a.bodies.has(d.id) || !d.file || d.startLine === null || d.endLine === null) continue;
		if (!SCRIPT_FILE.test(d.file)) continue;
		if (!STEP_KINDS.has(d.kind) || d.endLine - d.startLine + 1 < LOCAL_HEAD_MIN_LINES) continue;
		if (!a.sources.some((x) => x.unit === "signature" && x.node.def.id === d.id)) continue;
		const lines = a.index.fileLines(d.file, d.startLine, d.endLine) ?? [];
		for (const i of localHeads(lines, m.input.words).slice(0, perStep)) {
			const at = d.startLine + i;
			a.add(
				{ ...c, role: "neighbour" },
				at,
				at,
				"signature",
				`${named(d)} (line ${at}: a local function)`,
				m.budget,
			);
		}
	}
}
