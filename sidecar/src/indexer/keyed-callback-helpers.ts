/**
 * Local functions shared by the keyed callbacks of one long function. A register function often declares
 * its handlers' common work as local consts beside them (`const runRequest = async (…) => …` next to
 * `ipcMain.handle('send-request', async (e, item) => runRequest(item))`); nested helpers are otherwise no
 * definitions, so the handler's call has no target and a flow stops at the register function. These
 * helpers, and the local functions they call in turn, become definitions. A helper declared inside the
 * callback that calls it stays part of that callback, as before.
 */
import { ts } from "#ts-morph";
import { wrappedCallback } from "../syntax/unwrap.js";

type FunctionNode = ts.ArrowFunction | ts.FunctionExpression;

/**
 * Only a function this long keeps a flow's work beside its callbacks (the register functions, a component
 * of several hundred lines); in a short one a helper is a detail of the code around it (a promise
 * wrapper's `finish`, a hook's `invalidate`), and splitting it off only scatters the owner's lines.
 */
const OWNER_MIN_LINES = 200;
/** A callback's own helper is a step of the flow when it is this long; the one-liners it calls ride along. */
const HELPER_MIN_LINES = 30;

/** Names of local function consts (not at module level) that keyed callbacks reach by name, directly or through each other. */
export function keyedCallbackHelpers(
	sf: ts.SourceFile,
	keyOf: (call: ts.CallExpression) => string | null,
	isFunctionLike: (node: ts.Node | undefined) => boolean,
): Set<string> {
	const locals = new Map<string, ts.Node[]>();
	const callbacks = new Set<FunctionNode>();
	const walk = (n: ts.Node, inFunction: boolean): void => {
		if (
			inFunction &&
			ts.isVariableDeclaration(n) &&
			ts.isIdentifier(n.name) &&
			n.initializer &&
			isFunctionLike(n.initializer)
		)
			locals.set(n.name.text, [...(locals.get(n.name.text) ?? []), n.initializer]);
		// Only callbacks inside a function: a module-level registration has no register function to share helpers.
		if (inFunction && ts.isCallExpression(n) && keyOf(n))
			for (const arg of n.arguments) {
				const cb = wrappedCallback(arg);
				if (cb && !cb.name) callbacks.add(cb);
			}
		ts.forEachChild(n, (c) => walk(c, inFunction || ts.isFunctionLike(c)));
	};
	walk(sf, false);
	// No keyed callback inside a function, or no local function for one to call: nothing to walk.
	if (locals.size === 0 || callbacks.size === 0) return new Set();
	const lines = (n: ts.Node): number =>
		sf.getLineAndCharacterOfPosition(n.getEnd()).line -
		sf.getLineAndCharacterOfPosition(n.getStart(sf)).line +
		1;
	const found = new Set<string>();
	const queue: ts.Node[] = [...callbacks];
	while (queue.length > 0) {
		const from = queue.pop() as ts.Node;
		for (const name of calledOutside(from, isFunctionLike)) {
			const bodies = locals.get(name);
			if (!bodies || found.has(name)) continue;
			const owner = enclosingFunction(bodies[0] as ts.Node);
			if (!owner || lines(owner) < OWNER_MIN_LINES) continue;
			if (callbacks.has(from as FunctionNode) && Math.max(...bodies.map(lines)) < HELPER_MIN_LINES) continue;
			found.add(name);
			queue.push(...bodies);
		}
	}
	return found;
}

/** The function a local declaration sits in. */
function enclosingFunction(node: ts.Node): ts.Node | undefined {
	let p = node.parent;
	while (p && !ts.isFunctionLike(p)) p = p.parent;
	return p;
}

/** Names a function calls bare (`name(…)`), less the local functions it declares itself. */
function calledOutside(fn: ts.Node, isFunctionLike: (node: ts.Node | undefined) => boolean): Set<string> {
	const called = new Set<string>();
	const own = new Set<string>();
	const walk = (n: ts.Node): void => {
		if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) called.add(n.expression.text);
		if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && isFunctionLike(n.initializer))
			own.add(n.name.text);
		ts.forEachChild(n, walk);
	};
	ts.forEachChild(fn, walk);
	for (const name of own) called.delete(name);
	return called;
}
