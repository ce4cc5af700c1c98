/**
 * The handler an argument or property denotes: an inline function, a reference to one, a bound
 * method, or a command object's `execute`; and the in-repo definition a callee resolves to.
 */

import type { NewExpression } from "ts-morph";
import { Node, type ts } from "#ts-morph";
import type { SiteContext } from "../../index/types.js";
import { declarationsOf, firstDeclarationOf } from "../../syntax/declarations-of.js";
import { unwrap } from "../../syntax/unwrap.js";
import { calledFunction, returnedExpressions } from "../key-families.js";
import { count } from "../prof-count.js";
import { COMMAND_OBJECT_METHODS } from "./families.js";

function isFunctionNode(n: Node): boolean {
	return Node.isArrowFunction(n) || Node.isFunctionExpression(n);
}

/** The definition a handler argument denotes, when it is a function or a reference to one. */
export function functionHandler(arg: Node, ctx: SiteContext): string | null {
	let n = unwrap(arg);
	// `addRoute('x', { async get() {…}, post: handler })`: the first function-valued property.
	if (Node.isObjectLiteralExpression(n)) {
		for (const p of n.getProperties()) {
			if (Node.isMethodDeclaration(p)) return ctx.defIdOf(p) ?? ctx.enclosingDefId(p);
			if (Node.isPropertyAssignment(p) && holdsFunction(p.getInitializer()))
				return ctx.defIdOf(p) ?? ctx.enclosingDefId(p);
		}
		return null;
	}
	if (Node.isCallExpression(n)) {
		const callee = unwrap(n.getExpression());
		if (Node.isPropertyAccessExpression(callee) && callee.getName() === "bind")
			n = unwrap(callee.getExpression());
		else return null;
	}
	if (isFunctionNode(n)) return ctx.defIdOf(n) ?? ctx.enclosingDefId(n);
	// `commands.add('bold', new BoldCommand(editor))`: a command object is handled by its `execute`.
	if (Node.isNewExpression(n)) return commandObjectHandler(n, ctx);
	if (!Node.isIdentifier(n) && !Node.isPropertyAccessExpression(n)) return null;
	try {
		for (const decl of declarationsOf(n)) {
			const fn =
				Node.isFunctionDeclaration(decl) ||
				Node.isMethodDeclaration(decl) ||
				((Node.isVariableDeclaration(decl) ||
					Node.isPropertyDeclaration(decl) ||
					Node.isPropertyAssignment(decl)) &&
					holdsFunction(decl.getInitializer()));
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
	if (!init) return false;
	const u = unwrap(init);
	if (isFunctionNode(u)) return true;
	return Node.isCallExpression(u) && u.getArguments().some((a) => isFunctionNode(unwrap(a)));
}

/**
 * The in-repo definition a callee resolves to. On compiler nodes: most calls are resolved for this alone,
 * and ts-morph would wrap the callee and every declaration of its symbol, each with its ancestors.
 */
export function calleeDef(callee: ts.Expression, checker: ts.TypeChecker, ctx: SiteContext): string | null {
	count("calleeDef");
	const t0 = process.hrtime.bigint();
	try {
		const decl = firstDeclarationOf(callee, checker);
		return decl ? ctx.defIdOf(decl) : null;
	} catch {
		return null;
	} finally {
		count("calleeDef.us", Number(process.hrtime.bigint() - t0) / 1000);
	}
}
