/**
 * The handler an argument or property denotes: an inline function, a reference to one, a bound
 * method, or a command object's `execute`; and the in-repo definition a callee resolves to.
 */

import type { NewExpression, SourceFile } from "ts-morph";
import { Node, ts } from "#ts-morph";
import type { SiteContext } from "../../index/types.js";
import { compilerDeclarationsOf, declarationsOf, firstDeclarationOf } from "../../syntax/declarations-of.js";
import { skipWrappers, unwrap } from "../../syntax/unwrap.js";
import { calledFunction, returnedExpressions } from "../key-families.js";
import { checkerOf, wrap } from "../walk.js";
import { COMMAND_OBJECT_METHODS } from "./families.js";

function isFunctionNode(n: Node): boolean {
	return Node.isArrowFunction(n) || Node.isFunctionExpression(n);
}

function isFunction(n: ts.Node): boolean {
	return ts.isArrowFunction(n) || ts.isFunctionExpression(n);
}

/** The definition a handler argument denotes, when it is a function or a reference to one. */
export function functionHandler(arg: Node, ctx: SiteContext): string | null {
	return handlerOf(arg.compilerNode, arg.getSourceFile(), ctx);
}

/**
 * `functionHandler` read on compiler nodes: most arguments looked at are no handler, and ts-morph would wrap
 * each one (with its ancestors) and every declaration of a name it reads. `sf` is the argument's file.
 */
export function handlerOf(arg: ts.Node, sf: SourceFile, ctx: SiteContext): string | null {
	let n = skipWrappers(arg);
	// `addRoute('x', { async get() {…}, post: handler })`: the first function-valued property.
	if (ts.isObjectLiteralExpression(n)) {
		for (const p of n.properties) {
			if (ts.isMethodDeclaration(p)) return ctx.defIdOf(p) ?? ctx.enclosingDefId(p);
			if (ts.isPropertyAssignment(p) && initHoldsFunction(p.initializer))
				return ctx.defIdOf(p) ?? ctx.enclosingDefId(p);
		}
		return null;
	}
	if (ts.isCallExpression(n)) {
		const callee = skipWrappers(n.expression);
		if (ts.isPropertyAccessExpression(callee) && callee.name.text === "bind")
			n = skipWrappers(callee.expression);
		else return null;
	}
	if (isFunction(n)) return ctx.defIdOf(n) ?? ctx.enclosingDefId(n);
	// `commands.add('bold', new BoldCommand(editor))`: a command object is handled by its `execute`.
	if (ts.isNewExpression(n)) return commandObjectHandler(wrap(sf, n), ctx);
	if (!ts.isIdentifier(n) && !ts.isPropertyAccessExpression(n)) return null;
	try {
		for (const decl of compilerDeclarationsOf(n, checkerOf(sf))) {
			const fn =
				ts.isFunctionDeclaration(decl) ||
				ts.isMethodDeclaration(decl) ||
				((ts.isVariableDeclaration(decl) ||
					ts.isPropertyDeclaration(decl) ||
					ts.isPropertyAssignment(decl)) &&
					initHoldsFunction(decl.initializer));
			if (!fn) continue;
			const id = ctx.defIdOf(decl);
			if (id) return id;
		}
	} catch {
		return null;
	}
	return null;
}

/**
 * `register(name, processorBuilder(true))`: a handler an in-repo factory builds from settings alone. The
 * factory (a function returning a function it writes inline) holds the handler's code, so it stands for
 * the handler. A call given a function wraps it (`createLoaderRoute(opts, async () => …)`, `withAuth(h)`):
 * one shared wrapper is no route's handler; a call returning anything else (`cache.set('k', compute())`)
 * is a value, no handler.
 */
export function factoryHandler(call: Node, ctx: SiteContext): string | null {
	const n = unwrap(call);
	if (
		!Node.isCallExpression(n) ||
		n.getArguments().some((a) => holdsFunction(a) || functionHandler(a, ctx) !== null)
	)
		return null;
	const callee = unwrap(n.getExpression());
	try {
		const fn = calledFunction(callee);
		const returned = fn ? returnedExpressions(fn) : null;
		if (!fn || !returned?.some((r) => isFunctionNode(unwrap(r)))) return null;
		const parent = fn.getParent();
		return ctx.defIdOf(fn) ?? (parent && Node.isVariableDeclaration(parent) ? ctx.defIdOf(parent) : null);
	} catch {
		return null;
	}
}

/**
 * A call that files command objects (`editor.commands.add('bold', new BoldCommand(editor))`,
 * `registry.registerCommand(…)`). Elsewhere a new object passed with a key is a payload
 * (`queue.add('send-mail', new SendMail())`), not its handler, whatever methods its class has.
 */
export function commandRegistry(callee: { receiver: string; name: string }): boolean {
	return /command/i.test(callee.receiver) || /command/i.test(callee.name);
}

/**
 * The method that runs an in-repo command object (`COMMAND_OBJECT_METHODS`, looked up through its base
 * classes): `new BoldCommand(editor)` is handled by `BoldCommand.execute` (or an inherited one). An
 * instance of a class with no such method is no handler.
 */
function commandObjectHandler(n: NewExpression, ctx: SiteContext): string | null {
	try {
		let cls = declarationsOf(n.getExpression()).find((d) => Node.isClassDeclaration(d));
		for (let depth = 0; cls && Node.isClassDeclaration(cls) && depth < 4; depth++) {
			for (const name of COMMAND_OBJECT_METHODS) {
				const m = cls.getInstanceMethod(name);
				const id = m && ctx.defIdOf(m);
				if (id) return id;
			}
			cls = cls.getBaseClass();
		}
	} catch {
		return null;
	}
	return null;
}

export function holdsFunction(init: Node | undefined): boolean {
	return initHoldsFunction(init?.compilerNode);
}

/** Is an initializer a function, or a call given one (`useCallback(() => …)`)? On compiler nodes. */
export function initHoldsFunction(init: ts.Node | undefined): boolean {
	if (!init) return false;
	const u = skipWrappers(init);
	if (isFunction(u)) return true;
	return ts.isCallExpression(u) && u.arguments.some((a) => isFunction(skipWrappers(a)));
}

/**
 * The in-repo definition a callee resolves to. On compiler nodes: most calls are resolved for this alone,
 * and ts-morph would wrap the callee and every declaration of its symbol, each with its ancestors.
 */
export function calleeDef(callee: ts.Expression, checker: ts.TypeChecker, ctx: SiteContext): string | null {
	try {
		const decl = firstDeclarationOf(callee, checker);
		return decl ? ctx.defIdOf(decl) : null;
	} catch {
		return null;
	}
}
