/**
 * What the short answer may say of one line of a definition: whether it runs on the way or only on
 * a side branch (a `catch`, an `if` block that returns or throws), and whether a function does
 * nothing at all. Readers took "On the way, `x` emits `notify.ephemeralMessage`" — a dispatch in a
 * `catch` — for a step of the feature, and an empty `() => {}` listener's doc comment for what the
 * handler does (session 17 blind readers, benchmarks/answers.md).
 */
import type { DefRow } from "../index/types.js";
import { enclosingHeaders } from "./material/slices.js";
import type { PathIndex } from "./path/types.js";
import { ifCondition, indentOf, isBlank } from "./source-lines.js";

/** A side branch a line runs on: a `catch` block, or an `if` block that ends the function early. */
export type Branch = { kind: "catch" } | { kind: "guard"; condition: string; exit: "return" | "throw" };

/** Lines of a block looked through for its early exit. */
const BLOCK_LINES = 40;

/**
 * The side branch line `line` of `def` runs on (its innermost enclosing block), or null when it runs
 * on the definition's way through (a `try`, a loop, an `if` that goes on after it).
 */
export function branchOf(index: Pick<PathIndex, "fileLines">, def: DefRow, line: number): Branch | null {
	if (!def.file || def.startLine === null || def.endLine === null) return null;
	if (line < def.startLine || line > def.endLine) return null;
	const lines = index.fileLines(def.file, def.startLine, def.endLine) ?? [];
	const at = line - def.startLine;
	const [header] = enclosingHeaders(lines, at, 1);
	if (!header) return null;
	const [start, end] = header;
	const head = lines[start] ?? "";
	if (/^\s*(?:\}\s*)?catch\b/.test(head)) return { kind: "catch" };
	if (!/^\s*(?:\}\s*)?(?:else\s+)?if\b/.test(head)) return null;
	// The block's own statements (at the indent of the line's statement) from it on: the last one returns
	// or throws. That may be the line itself (`return queue.add(…)`, the guard's one statement).
	const inner = indentOf(lines[at] ?? "");
	const outer = indentOf(head);
	let exit: "return" | "throw" | null = null;
	for (let i = at; i < Math.min(lines.length, at + BLOCK_LINES); i++) {
		const l = lines[i] ?? "";
		if (isBlank(l)) continue;
		const ind = indentOf(l);
		if (ind <= outer) break;
		if (ind !== inner) continue;
		const m = /^\s*(return|throw)\b/.exec(l);
		exit = m ? (m[1] as "return" | "throw") : null;
	}
	if (!exit) return null;
	const text = lines
		.slice(start, end + 1)
		.map((l) => l.trim())
		.join(" ");
	const condition = ifCondition(text);
	return condition ? { kind: "guard", condition, exit } : null;
}

/**
 * Is line `line` of `def` the condition of a guard: an `if` whose block (or one statement) returns or
 * throws, `if (!allRegistered(members)) { throw … }`? What it calls is a check the flow passes on its
 * way, not a step of it: readers found paths ending "at a type-guard on the members list" (session 24,
 * on RC) and at a required-field check (documenso) where the flow went on below.
 */
export function isGuardCondition(index: Pick<PathIndex, "fileLines">, def: DefRow, line: number): boolean {
	if (!def.file || def.startLine === null || def.endLine === null) return false;
	if (line < def.startLine || line > def.endLine) return false;
	const lines = index.fileLines(def.file, def.startLine, def.endLine) ?? [];
	const at = line - def.startLine;
	const head = lines[at] ?? "";
	if (!/^\s*(?:\}\s*)?(?:else\s+)?if\s*\(/.test(head)) return false;
	// One statement on the header's own line: `if (!ok(x)) return;`, `if (!ok(x)) throw new Error(…)`.
	if (/\)\s*(?:return|throw)\b/.test(head)) return true;
	const outer = indentOf(head);
	let inner = -1;
	let last = "";
	for (let i = at + 1; i < Math.min(lines.length, at + 1 + BLOCK_LINES); i++) {
		const l = lines[i] ?? "";
		if (isBlank(l)) continue;
		const ind = indentOf(l);
		if (ind <= outer) {
			// The block closes (`} else …`: an if with an else is a fork, not a guard) or the header had none.
			if (/^\s*\}\s*else\b/.test(l)) return false;
			break;
		}
		if (inner < 0) inner = ind;
		// A statement of the block starts at its indent; a closing `});` there ends the one before.
		if (ind === inner && !/^\s*[)}\]]/.test(l)) last = l;
	}
	return /^\s*(return|throw)\b/.test(last);
}

/**
 * A function or method whose body is empty (`() => {}`, `foo() {}`): its doc comment describes what
 * the listener is registered for, not anything it does. Read from the stored file text.
 */
export function isEmptyFunction(index: Pick<PathIndex, "fileLines" | "edgesFrom">, def: DefRow): boolean {
	if (def.kind !== "function" && def.kind !== "method") return false;
	if (!def.file || def.startLine === null || def.endLine === null) return false;
	if (index.edgesFrom(def.id).some((e) => e.kind !== "import")) return false;
	const text = (index.fileLines(def.file, def.startLine, def.endLine) ?? [])
		.join("\n")
		.replace(/\/\*[\s\S]*?\*\//g, "")
		.replace(/\/\/.*$/gm, "");
	return /(?:=>|\))\s*\{\s*\}\s*[);,]*\s*$/.test(text);
}
