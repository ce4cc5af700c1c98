/**
 * What the extractor's modules share: the site record helpers, the internal record kinds carried
 * from extractFile to finalize, the facts kept beside sites, and the `emit` callback's shape.
 */
import type { CallExpression, NewExpression, Node, ts } from "ts-morph";
import type { Resolution } from "../index/schema.js";
import type { DispatchSiteRecord } from "../index/types.js";

/** Internal record kinds carried from extractFile to finalize (never written: finalize removes them). */
export const FACADE_DEF = "(facade-def)";
export const FACADE_USE = "(facade-use)";
export const MOUNT = "(mount)";
/** A class's `extends` and the instance properties it sets, to find subclasses redeclaring one. */
export const CLASS_EXTENDS = "(class-extends)";
/** A bound site whose key rests on `this.x` reads: unbound in finalize when a subclass redeclares `x`. */
export const THIS_READ = "(this-read)";

export const MAX_EXPRESSION = 200;

/** The HTTP method of an unbound site (kept through an incremental run by saveSites/loadSites). */
export const unboundMethod = new WeakMap<DispatchSiteRecord, string>();
/** The identity of a register site's receiver (for router mounts; kept by saveSites/loadSites). */
export const receiverIdentity = new WeakMap<DispatchSiteRecord, string>();

export const exprText = (n: Node) => nodeText(n.compilerNode, n.getSourceFile().compilerNode);

/** `exprText` of a compiler node of `sf`: the slice of the file's text ts-morph's `getText` gives. */
export function nodeText(n: ts.Node, sf: ts.SourceFile): string {
	const t = sf.text.substring(n.getStart(sf), n.end).replace(/\s+/g, " ");
	return t.length > MAX_EXPRESSION ? `${t.slice(0, MAX_EXPRESSION - 1)}…` : t;
}

/** Positions of each file's `\n` characters, for `startLine`. */
const newlines = new WeakMap<ts.SourceFile, number[]>();

/**
 * ts-morph's `getStartLineNumber` (1 + the `\n` characters before the node's start), by binary search
 * over the file's newline positions: ts-morph counts them from the file's start at every call.
 */
export function startLine(node: Node): number {
	return nodeLine(node.compilerNode, node.getSourceFile().compilerNode);
}

/** `startLine` of a compiler node of `sf`. */
export function nodeLine(node: ts.Node, sf: ts.SourceFile): number {
	let nl = newlines.get(sf);
	if (!nl) {
		nl = [];
		const text = sf.text;
		for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) nl.push(i);
		newlines.set(sf, nl);
	}
	const start = node.getStart(sf);
	let lo = 0;
	let hi = nl.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if ((nl[mid] as number) < start) lo = mid + 1;
		else hi = mid;
	}
	return lo + 1;
}

export function argAt(call: CallExpression | NewExpression, pos: number): Node | undefined {
	const args = call.getArguments();
	return pos === -1 ? args[args.length - 1] : args[pos];
}

/** An internal record (removed by finalize) carrying `info` as its raw key. */
export function internalRecord(kind: string, info: unknown, file: string, line: number): DispatchSiteRecord {
	return {
		trunk: kind,
		side: "register",
		key: null,
		rawKey: JSON.stringify(info),
		expression: "",
		file,
		line,
		enclosingDefId: null,
		handlerDefId: null,
		resolution: "syntactic",
		inScope: false,
	};
}

export type Emit = (
	trunk: string,
	side: "register" | "dispatch",
	raw: string | null,
	keyNode: Node,
	at: Node,
	handler: string | null,
	resolution: Resolution,
	also?: readonly { trunk: string; side: "register" | "dispatch"; template: string }[],
	method?: string,
	/** The register site's receiver identity (router mounts). */
	receiver?: string | null,
	/** What the site's receiver is known to be, for a trunk with a `scope` (scope.ts). */
	scope?: readonly string[],
) => void;
