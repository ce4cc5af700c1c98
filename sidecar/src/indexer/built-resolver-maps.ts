/**
 * GraphQL resolver maps built inside a function (`createSchema({ typeDefs, resolvers: { Query: { … } } })` in a method):
 * a module-level map's resolvers are definitions already (an object literal's members), but one written in a
 * method's body was part of the method, so every GraphQL root field joined to the whole method and what each
 * resolver runs was charged to it. Found here so defs.ts makes each resolver a definition under the function.
 *
 * The rule, syntactic and local to one function body: a property named as a schema's resolvers
 * (`GRAPHQL_SERVERS.property`) whose value is an object literal with a root type (`Query`, `Mutation`,
 * `Subscription`) written as an object literal. Nested functions and classes are their own: not read.
 */
import { ts } from "#ts-morph";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";
import { GRAPHQL_ROOTS, GRAPHQL_SERVERS } from "../trunks/discover/families.js";

/** The resolver maps written in `fn`'s own body, in source order. */
export function builtResolverMaps(
	fn: ts.FunctionLikeDeclaration & { body: ts.Block },
): ts.ObjectLiteralExpression[] {
	const maps: ts.ObjectLiteralExpression[] = [];
	const visit = (n: ts.Node): void => {
		if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
		if (ts.isPropertyAssignment(n) && propertyNameText(n.name) === GRAPHQL_SERVERS.property) {
			const map = skipWrappers(n.initializer);
			if (ts.isObjectLiteralExpression(map) && holdsRootType(map)) {
				maps.push(map);
				return;
			}
		}
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(fn.body, visit);
	return maps;
}

/** Does the map have a `Query`/`Mutation`/`Subscription` member written as an object literal? */
function holdsRootType(map: ts.ObjectLiteralExpression): boolean {
	return map.properties.some((p) => {
		if (!ts.isPropertyAssignment(p)) return false;
		const name = propertyNameText(p.name);
		return !!name && GRAPHQL_ROOTS.has(name) && ts.isObjectLiteralExpression(skipWrappers(p.initializer));
	});
}
