/**
 * The other sections of a module of methods (returned-functions.ts `returnedMethodModules`): in a
 * module object whose `methods(self) { return { … } }` is one, the sibling functions taking the same
 * context (`routes(self)`, `handlers(self)`, `apiRoutes(self)`) return literals of route handlers and
 * event listeners keyed by a path or an event (`{ post(req) {…} }`, `{ 'x:ready': { start() {…} } }`,
 * `{ post: { archive(req) {…} } }`). Nothing calls those members through `self`, so the method-module
 * rule never makes them definitions, and a route's or listener's handler was the whole section (hundreds
 * of lines, every route's calls charged to it). Each member holding a function is a definition of its own.
 *
 * These literals are not modules of methods for `self.m()` calls (self-members.ts): a route named `delete`
 * is not the `delete` method a sibling `methods(self)` defines.
 */
import { ts } from "#ts-morph";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";
import {
	type FunctionWithBody,
	isMethodModuleMember,
	returnedExpressions,
	returnedMethodModules,
} from "./returned-functions.js";

/** The literals `fn` returns that are a sibling section of a module of methods, in source order. */
export function siblingSectionLiterals(fn: FunctionWithBody): ts.ObjectLiteralExpression[] {
	const context = firstParameterName(fn);
	const holder = holdingObject(fn);
	if (!context || !holder || returnedMethodModules(fn).length > 0) return [];
	const beside = holder.properties.some((p) => {
		const g = sectionFunction(p);
		return (
			g !== undefined && g !== fn && firstParameterName(g) === context && returnedMethodModules(g).length > 0
		);
	});
	if (!beside) return [];
	return returnedExpressions(fn.body)
		.map((e) => skipWrappers(e))
		.filter(
			(v): v is ts.ObjectLiteralExpression =>
				ts.isObjectLiteralExpression(v) && v.properties.some(isMethodModuleMember),
		);
}

function firstParameterName(fn: ts.FunctionLikeDeclaration): string | undefined {
	const first = fn.parameters[0];
	return first && ts.isIdentifier(first.name) ? first.name.text : undefined;
}

/** The object literal `fn` is a member of (`{ routes(self) {…} }`, `{ routes: (self) => {…} }`). */
function holdingObject(fn: FunctionWithBody): ts.ObjectLiteralExpression | undefined {
	if (ts.isMethodDeclaration(fn)) return ts.isObjectLiteralExpression(fn.parent) ? fn.parent : undefined;
	let up: ts.Node = fn.parent;
	while (ts.isParenthesizedExpression(up) || ts.isAsExpression(up)) up = up.parent;
	return ts.isPropertyAssignment(up) && ts.isObjectLiteralExpression(up.parent) ? up.parent : undefined;
}

/** A member of a module object that is a function with a block body. */
function sectionFunction(p: ts.ObjectLiteralElementLike): FunctionWithBody | undefined {
	const fn = ts.isMethodDeclaration(p)
		? p
		: ts.isPropertyAssignment(p)
			? skipWrappers(p.initializer)
			: undefined;
	return fn &&
		(ts.isMethodDeclaration(fn) || ts.isFunctionExpression(fn) || ts.isArrowFunction(fn)) &&
		fn.body !== undefined &&
		ts.isBlock(fn.body)
		? (fn as FunctionWithBody)
		: undefined;
}

/**
 * The one member of a group that is a function (`{ start() {…} }`, `{ start: async () => … }`), with its
 * name: a group keyed by an event or a verb holding a single listener or route.
 */
export function soleFunctionMember(
	group: ts.ObjectLiteralExpression,
): { node: ts.Node; name: string } | undefined {
	if (group.properties.length !== 1) return undefined;
	const only = group.properties[0] as ts.ObjectLiteralElementLike;
	const name = propertyNameText(only.name);
	if (name === undefined || name === null) return undefined;
	if (ts.isMethodDeclaration(only)) return { node: only, name };
	if (!ts.isPropertyAssignment(only)) return undefined;
	const value = skipWrappers(only.initializer);
	return ts.isArrowFunction(value) || ts.isFunctionExpression(value) ? { node: only, name } : undefined;
}
