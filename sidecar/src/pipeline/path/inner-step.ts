/** A function's own nested function as a step of the path: the callback it defines and runs in its body. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import type { PathIndex } from "./types.js";

/** `const name = something.reduce(` / `= await run(`: a callback defined as an argument of the call on its line. */
const HANDED_AT_DEFINITION = /=\s*(?:await\s+)?[\w$.]+\s*(?:<[^>]*>)?\(/;

/** Whether `inner` is a function or method `outer` defines in its own body (a callback, a local helper). */
export function isOwnNested(inner: DefRow, outer: DefRow): boolean {
	return inner.parentId === outer.id && (inner.kind === "function" || inner.kind === "method");
}

/**
 * A reference from `def` to a function nested in it (`const byId = batch.reduce((acc, e) => …)`, named by
 * the index after the const it fills) is a step of `def`'s flow: the nested code runs inside `def`, yet
 * no call edge says so, and a path through it could not be entered from `def`'s callers (session 35: an
 * upload route's handler → the batch processor → its per-event reducer). The edge is returned as a
 * call, at the nested function's first line when a call there takes it (the line that runs it), else at
 * the reference; null for any other edge.
 */
export function innerStepEdge(index: PathIndex, def: DefRow, e: EdgeRow): EdgeRow | null {
	if (e.kind !== "reference") return null;
	const inner = index.defById(e.dst);
	if (!inner || !isOwnNested(inner, def)) return null;
	const head =
		inner.file && inner.startLine !== null
			? index.fileLines(inner.file, inner.startLine, inner.startLine)?.[0]
			: null;
	const runs =
		head !== null && head !== undefined && inner.file === e.file && HANDED_AT_DEFINITION.test(head);
	return { ...e, kind: "call", line: runs ? inner.startLine : e.line };
}
