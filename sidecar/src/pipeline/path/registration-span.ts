/** The lines of a callback a key's handler registers inline, inside a larger definition that holds other registrations. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import type { PathIndex } from "./types.js";

/** Lines `from`–`to` (1-based, inclusive) of one file. */
export interface LineSpan {
	from: number;
	to: number;
}

/**
 * Where the code a key runs is written when its handler is the definition holding the register call
 * (`onApplicationBootstrap() { bus.ofType(A).subscribe(e => …); createQueue({ name: 'b', process: j => … }) }`):
 * from the register line to the line before the definition's next registration, or its end. The key
 * runs that callback, not the rest of the definition (the other subscriptions, the set-up before
 * them). Null when the handler is a definition of its own — registered by reference, or by a
 * decorator on its head — whose whole body runs.
 */
export function registrationSpan(index: PathIndex, key: DefRow, handler: DefRow): LineSpan | null {
	const { file, startLine, endLine } = handler;
	if (!file || startLine === null || endLine === null) return null;
	const site = index
		.edgesFrom(key.id)
		.find((e) => e.kind === "handler" && e.dst === handler.id && e.file === file && e.line !== null);
	const at = site?.line ?? null;
	if (at === null || at <= startLine || at > endLine) return null;
	const later = index
		.edgesFrom(handler.id)
		.filter((e) => e.kind === "register" && e.file === file && e.line !== null && e.line > at)
		.map((e) => e.line as number);
	return { from: at, to: later.length > 0 ? Math.min(...later) - 1 : endLine };
}

/** Whether an edge is written inside `span` (any edge when there is no span). */
export function inSpan(edge: Pick<EdgeRow, "line">, span: LineSpan | null): boolean {
	return span === null || (edge.line !== null && edge.line >= span.from && edge.line <= span.to);
}
