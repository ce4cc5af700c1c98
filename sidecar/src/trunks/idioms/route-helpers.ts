/**
 * Route helpers: `setupRoute(router, 'post', '/items/:id', [auth], controllers.items.update)` — a call
 * handed the router, an HTTP verb and a path, then the handler, whatever the helper is named (a
 * repository's own wrapper around `router[verb](path, …)`, whose inner call has no literal key). The
 * site registers `POST /items/:id` on that router, so its mounts prefix it like `router.post(…)`.
 */
import type { CallExpression, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { SiteContext } from "../../index/types.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import type { Compiled } from "../compile.js";
import { chainHandlerIndex, handlerDefId } from "../handler.js";
import type { Emit } from "../sites.js";
import { wrap } from "../walk.js";
import { routerIdentity } from "./mounts.js";

const literal = (n: ts.Node | undefined): string | undefined =>
	n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : undefined;

/** A reference or an inline function: what a handler argument looks like (not data: no literal, object, array). */
const handlerLike = (n: ts.Node): boolean => {
	const u = skipWrappers(n);
	return (
		ts.isIdentifier(u) ||
		ts.isPropertyAccessExpression(u) ||
		ts.isArrowFunction(u) ||
		ts.isFunctionExpression(u) ||
		ts.isCallExpression(u)
	);
};

/** Register sites of a route helper call; false when the call has not the shape (checked on compiler nodes first). */
export function extractRouteHelper(
	sf: SourceFile,
	cn: ts.CallExpression,
	c: Compiled,
	ctx: SiteContext,
	emit: Emit,
): boolean {
	const args = cn.arguments;
	if (args.length < 4) return false;
	for (const h of c.routeHelpers) {
		for (let i = 1; i + 2 < args.length; i++) {
			const verb = literal(args[i]);
			if (verb === undefined || !h.verbs.has(verb.toLowerCase())) continue;
			const path = literal(args[i + 1]);
			if (path === undefined || !h.pattern.test(path)) continue;
			const routerAt = args
				.slice(0, i)
				.findIndex(
					(a) => (ts.isIdentifier(a) || ts.isPropertyAccessExpression(a)) && h.router.test(a.getText()),
				);
			if (routerAt < 0) continue;
			const last = args[args.length - 1] as ts.Node;
			if (!handlerLike(last)) continue;
			const call = wrap<CallExpression>(sf, cn);
			const wrapped = call.getArguments();
			const routerNode = wrapped[routerAt];
			const keyNode = wrapped[i + 1];
			if (!routerNode || !keyNode) continue;
			const handler = handlerDefId(wrapped[chainHandlerIndex(args, i + 2)], ctx);
			emit(
				h.trunk.name,
				"register",
				path,
				keyNode,
				call,
				handler,
				"syntactic",
				h.idiom.also,
				verb.toUpperCase(),
				routerIdentity(routerNode),
			);
			return true;
		}
	}
	return false;
}
