/** Which definition handles a register site, and which consumes a call. */
import { Node, SyntaxKind, ts } from "#ts-morph";
import type { SiteContext } from "../index/types.js";
import { declarationsOf } from "../syntax/declarations-of.js";
import { skipWrappers, unwrap } from "../syntax/unwrap.js";
import { wrap } from "./walk.js";

const isInlineFunction = (n: ts.Node): n is ts.ArrowFunction | ts.FunctionExpression =>
	ts.isArrowFunction(n) || ts.isFunctionExpression(n);

/**
 * The inline function an argument is, or the one function a wrapper call is given
 * (`asyncHandler(async (req, res) => …)` → the arrow): the code that runs is the inline function,
 * not the shared wrapper. One call level only; compiler nodes (the discovery walk has no others).
 */
export function inlineFunctionOf(arg: ts.Node): ts.ArrowFunction | ts.FunctionExpression | undefined {
	const n = skipWrappers(arg);
	if (isInlineFunction(n)) return n;
	if (!ts.isCallExpression(n)) return undefined;
	const fns = n.arguments.map((a) => skipWrappers(a)).filter(isInlineFunction);
	return fns.length === 1 ? fns[0] : undefined;
}

/**
 * A middleware chain's own handler (`router.post(path, auth, asyncHandler(async (req, res) => …), respond)`):
 * the last argument that is an inline function or wraps one. Middlewares shared between routes
 * (`auth`, `respond`) are references, so with no inline function the last argument stays the handler.
 */
export function chainHandlerIndex(args: readonly ts.Node[], from: number): number {
	for (let i = args.length - 1; i >= from; i--) if (inlineFunctionOf(args[i] as ts.Node)) return i;
	return args.length - 1;
}

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
	// `asyncHandler(async (req, res) => …)`: the wrapped inline function, not the wrapper.
	const inline = Node.isCallExpression(n) ? inlineFunctionOf(n.compilerNode) : undefined;
	if (inline) n = wrap(n.getSourceFile(), inline);
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
			for (const decl of declarationsOf(target)) {
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

/**
 * The method `member` of the class whose `extends` clause holds `call`
 * (`class JwtStrategy extends PassportStrategy(Strategy, 'jwt') { validate() {} }` → `validate`):
 * what the framework calls on the class the call makes; null when the class declares no such method.
 */
export function heritageClassMember(call: Node, member: string, ctx: SiteContext): string | null {
	const cls = call.getFirstAncestorByKind(SyntaxKind.HeritageClause)?.getParent();
	if (!cls || !Node.isClassDeclaration(cls)) return null;
	const method = cls.getInstanceMethod(member);
	return method?.hasBody() ? ctx.defIdOf(method) : null;
}
