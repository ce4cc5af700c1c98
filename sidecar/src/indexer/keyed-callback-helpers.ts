/**
 * Local functions shared by the keyed callbacks of one function. A register function often declares its
 * handlers' common work as local consts beside them (`const runRequest = async (…) => …` next to
 * `ipcMain.handle('send-request', async (e, item) => runRequest(item))`); nested helpers are otherwise no
 * definitions, so the handler's call has no target and a flow stops at the register function. These
 * helpers, and the local functions they call in turn, become definitions. A helper declared inside the
 * callback that calls it stays part of that callback, as before.
 */
import { ts } from "#ts-morph";
import { wrappedCallback } from "../syntax/unwrap.js";

type FunctionNode = ts.ArrowFunction | ts.FunctionExpression;

/** Names of local function consts (not at module level) that keyed callbacks reach by name, directly or through each other. */
export function keyedCallbackHelpers(
	sf: ts.SourceFile,
	keyOf: (call: ts.CallExpression) => string | null,
	isFunctionLike: (node: ts.Node | undefined) => boolean,
): Set<string> {
	const locals = new Map<string, ts.Node[]>();
	const callbacks: FunctionNode[] = [];
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
				if (cb && !cb.name) callbacks.push(cb);
			}
		ts.forEachChild(n, (c) => walk(c, inFunction || ts.isFunctionLike(c)));
	};
	walk(sf, false);
	if (locals.size === 0) return new Set();
	const found = new Set<string>();
	const queue: ts.Node[] = [...callbacks];
	while (queue.length > 0) {
		for (const name of calledOutside(queue.pop() as ts.Node, isFunctionLike)) {
			const bodies = locals.get(name);
			if (!bodies || found.has(name)) continue;
			found.add(name);
			queue.push(...bodies);
		}
	}
	return found;
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
