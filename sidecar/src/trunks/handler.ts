/** Which definition handles a register site, and which consumes a call. */
import { Node } from "#ts-morph";
import type { SiteContext } from "../index/types.js";
import { unwrap } from "./key-eval.js";

/** The definition that handles a register site: a named function, a method, or an inline function's owner. */
export function handlerDefId(node: Node | undefined, ctx: SiteContext): string | null {
	if (!node) return null;
	let n = unwrap(node);
	// `this.handler.bind(this)` → `this.handler`
	if (Node.isCallExpression(n)) {
		const callee = unwrap(n.getExpression());
		if (Node.isPropertyAccessExpression(callee) && callee.getName() === "bind")
			n = unwrap(callee.getExpression());
	}
	if (Node.isSpreadElement(n)) n = unwrap(n.getExpression());
	if (Node.isArrowFunction(n) || Node.isFunctionExpression(n) || Node.isMethodDeclaration(n)) {
		// Inline functions are not definitions: their code belongs to the enclosing definition.
		return ctx.defIdOf(n) ?? ctx.enclosingDefId(n);
	}
	if (Node.isObjectLiteralExpression(n)) {
		for (const p of n.getProperties()) {
			const fn = Node.isPropertyAssignment(p) ? p.getInitializer() : p;
			if (fn && (Node.isMethodDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) {
				return handlerDefId(fn, ctx);
			}
		}
		return null;
	}
	const target = Node.isCallExpression(n) ? n.getExpression() : n;
	if (Node.isIdentifier(target) || Node.isPropertyAccessExpression(target)) {
		try {
			let symbol = target.getSymbol();
			if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
			for (const decl of symbol?.getDeclarations() ?? []) {
				const id = ctx.defIdOf(decl);
				if (id) return id;
			}
		} catch {
			return null;
		}
	}
	return null;
}

/** The definition holding a call, when it is one (a file's top-level code consumes nothing). */
export function enclosingConsumer(call: Node, ctx: SiteContext): string | null {
	const id = ctx.enclosingDefId(call);
	return id && !id.endsWith("#(module)") ? id : null;
}
