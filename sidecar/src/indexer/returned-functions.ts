/**
 * The functions a function hands out through its return value by name: a composable or hook
 * (`function useItem() { return { save, remove }; async function save() {…} }`). Callers reach them by name
 * (`const { save } = useItem(); save()`), so each is a definition of its own (defs.ts); the other
 * nested helpers stay part of the function around them, which keeps the definition count down.
 *
 * The rule, syntactic and local to one function body:
 * - a function declared directly in the body (`function save() {}`, or a `const` holding a
 *   function, `const save = async () => …`) whose name a `return` of the body gives back, alone
 *   (`return save`) or as a property of a returned object literal (`return { save }`,
 *   `return { save: saveItem }`).
 * Functions written inside the returned literal (`return { get: (…) => … }`, a factory's) stay part
 * of the function returning them: on RC, proxify's handler gave its Api.call edge to a `handler.get`
 * of its own and lost its flow. Unless the literal is a module of methods called through its own
 * context (returnedMethodModules): `methods(self) { return { record() { self.check(); … }, check() {…}, … } }`.
 * A function is written as one: a value a call makes from a callback (`useMemo(() => …)`,
 * `list.map((x) => …)`, `useCallback(…)`) is not, since locals returned that way are mostly data.
 * Returns inside nested functions and classes belong to them, not to this body.
 */
import { ts } from "#ts-morph";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";

export interface ReturnedFunction {
	/** The declaration: a function declaration, a variable declaration, or an object-literal member. */
	node: ts.Node;
	/** Its own name: the declared name, or the property's for an object-literal member. */
	name: string;
	kind: "function" | "method";
	/** Where its leading comment is (the `const` statement of a variable). */
	docNode: ts.Node;
}

export type FunctionWithBody = ts.FunctionLikeDeclaration & { body: ts.Block };

/** The function-like nodes whose block body is read: declarations, methods, arrows, expressions. */
export function hasBlockBody(node: ts.Node): node is FunctionWithBody {
	return (
		(ts.isFunctionDeclaration(node) ||
			ts.isMethodDeclaration(node) ||
			ts.isGetAccessorDeclaration(node) ||
			ts.isArrowFunction(node) ||
			ts.isFunctionExpression(node)) &&
		node.body !== undefined &&
		ts.isBlock(node.body)
	);
}

/** The functions `fn` returns, in source order. */
export function returnedFunctions(fn: FunctionWithBody): ReturnedFunction[] {
	const returned = new Set<string>();
	for (const expr of returnedExpressions(fn.body)) {
		const value = skipWrappers(expr);
		if (ts.isIdentifier(value)) returned.add(value.text);
		else if (ts.isObjectLiteralExpression(value)) objectLiteral(value, returned);
	}
	if (returned.size === 0) return [];
	const locals: ReturnedFunction[] = [];
	for (const st of fn.body.statements) {
		if (ts.isFunctionDeclaration(st) && st.name && st.body && returned.has(st.name.text)) {
			locals.push({ node: st, name: st.name.text, kind: "function", docNode: st });
		} else if (ts.isVariableStatement(st)) {
			for (const decl of st.declarationList.declarations) {
				if (ts.isIdentifier(decl.name) && returned.has(decl.name.text) && isFunction(decl.initializer))
					locals.push({ node: decl, name: decl.name.text, kind: "function", docNode: st });
			}
		}
	}
	return locals.sort((a, b) => a.node.pos - b.node.pos);
}

/**
 * The declaration of the function `fn` gives back as its result's property `property`
 * (`return { save }`, `{ remove: removeItem }`, `{ reset() {…} }`), one of returnedFunctions'.
 * For a function whose declared return type hides the object literal from the checker
 * (`function useItem(): UsableItem { return { save }; … }`).
 */
export function returnedProperty(fn: FunctionWithBody, property: string): ts.Node | undefined {
	for (const expr of returnedExpressions(fn.body)) {
		const value = skipWrappers(expr);
		if (!ts.isObjectLiteralExpression(value)) continue;
		for (const p of value.properties) {
			if (propertyNameText(p.name) !== property) continue;
			if (ts.isMethodDeclaration(p)) return p;
			const named = ts.isShorthandPropertyAssignment(p)
				? p.name
				: ts.isPropertyAssignment(p)
					? skipWrappers(p.initializer)
					: undefined;
			if (named && ts.isIdentifier(named)) {
				const local = returnedFunctions(fn).find((r) => r.kind === "function" && r.name === named.text);
				if (local) return local.node;
			} else if (ts.isPropertyAssignment(p) && isFunction(p.initializer)) return p;
		}
	}
	return undefined;
}

/** Names given back by `{ save, remove: removeItem }`. */
function objectLiteral(obj: ts.ObjectLiteralExpression, returned: Set<string>): void {
	for (const p of obj.properties) {
		if (ts.isShorthandPropertyAssignment(p)) returned.add(p.name.text);
		else if (ts.isPropertyAssignment(p)) {
			const init = skipWrappers(p.initializer);
			if (ts.isIdentifier(init)) returned.add(init.text);
		}
	}
}

/** An arrow function or function expression, under parentheses and type assertions. */
export function isFunction(value: ts.Expression | undefined): boolean {
	const inner = value && skipWrappers(value);
	return !!inner && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner));
}

/**
 * How many members of a returned literal must be functions (or objects holding one) for it to be a module of
 * methods: a proxy handler or a small factory result (`{ get, set }`) stays part of the function.
 */
export const METHOD_MODULE_MIN_MEMBERS = 3;

/**
 * The object literals `fn` returns that are modules of methods, written in place: at least
 * METHOD_MODULE_MIN_MEMBERS members that are methods, function-valued properties or nested object
 * literals holding one (`return { record() {…}, patch: async (req) => {…}, routes: { … } }`), called
 * through the function's first parameter (calledThroughOwnParameter). Code in this shape (a CMS module's
 * `methods(self)`) is called member by member, so each member is a definition of its own (defs.ts)
 * rather than one body thousands of lines long. Any factory returning functions (session 37's wider
 * rules) gave worker factories' members edges that won seeding over the flows' real entries.
 */
export function returnedMethodModules(fn: FunctionWithBody): ts.ObjectLiteralExpression[] {
	return returnedExpressions(fn.body)
		.map((expr) => skipWrappers(expr))
		.filter(
			(value): value is ts.ObjectLiteralExpression =>
				ts.isObjectLiteralExpression(value) &&
				value.properties.filter(isMethodModuleMember).length >= METHOD_MODULE_MIN_MEMBERS &&
				calledThroughOwnParameter(value, fn),
		);
}

/**
 * Is `literal` called through `fn`'s first parameter, the module's own context (`self`): does a
 * function of the same file whose first parameter has that name call one of the literal's members
 * through it (`self.record(…)`), outside that member's own body (a wrapper delegating `begin()` to
 * `ctx.begin()` is no such use)? A factory whose members only read their dependencies (`deps.db`)
 * keeps its literal as its own code.
 */
function calledThroughOwnParameter(literal: ts.ObjectLiteralExpression, fn: FunctionWithBody): boolean {
	const first = fn.parameters[0];
	if (!first || !ts.isIdentifier(first.name)) return false;
	const calls = selfCalls(fn.getSourceFile()).get(first.name.text);
	if (!calls) return false;
	return literal.properties.some((member) => {
		if (!isMethodModuleMember(member)) return false;
		const name = ts.isSpreadAssignment(member) ? null : propertyNameText(member.name);
		return (
			name !== null &&
			calls.some((c) => c.member === name && !(c.site.pos >= member.pos && c.site.end <= member.end))
		);
	});
}

type SelfCall = { member: string; site: ts.Node };

const selfCallCache = new WeakMap<ts.SourceFile, Map<string, SelfCall[]>>();

/**
 * The calls of a file made through a function's first parameter (`self.record(…)` inside
 * `methods(self) {…}`), by the parameter's name.
 */
export function selfCalls(sf: ts.SourceFile): Map<string, SelfCall[]> {
	const cached = selfCallCache.get(sf);
	if (cached) return cached;
	const out = new Map<string, SelfCall[]>();
	const visit = (n: ts.Node): void => {
		const parameter = selfCallParameter(n);
		if (parameter) {
			const list = out.get(parameter.name) ?? [];
			list.push({ member: parameter.member, site: n });
			out.set(parameter.name, list);
		}
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(sf, visit);
	selfCallCache.set(sf, out);
	return out;
}

/**
 * A call `p.member(…)` where `p` is the first parameter of the nearest function around it declaring
 * a parameter of that name: the parameter's name and the member called.
 */
export function selfCallParameter(n: ts.Node): { name: string; member: string } | undefined {
	return ts.isCallExpression(n) ? selfAccessParameter(n.expression) : undefined;
}

/** `self.member` (called or read) through the first parameter of the innermost function naming `self`. */
export function selfAccessParameter(access: ts.Node): { name: string; member: string } | undefined {
	const callee = access;
	if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return undefined;
	const name = callee.expression.text;
	for (let up: ts.Node | undefined = access.parent; up; up = up.parent) {
		if (!ts.isFunctionLike(up)) continue;
		const at = up.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name);
		if (at === 0) return { name, member: callee.name.text };
		if (at > 0) return undefined;
	}
	return undefined;
}

/**
 * A method, a function-valued property, or a nested object literal holding one (a group of methods,
 * `get: { signIn(req) {…} }`); a nested object of data (a default state's `{ x: 0, y: 0 }`) is not.
 */
export function isMethodModuleMember(p: ts.ObjectLiteralElementLike): boolean {
	if (ts.isMethodDeclaration(p)) return true;
	if (!ts.isPropertyAssignment(p)) return false;
	if (isFunction(p.initializer)) return true;
	const value = skipWrappers(p.initializer);
	return ts.isObjectLiteralExpression(value) && value.properties.some(isMethodModuleMember);
}

/** The expressions of the `return` statements of a body, not of the functions or classes inside it. */
export function returnedExpressions(body: ts.Block): ts.Expression[] {
	const out: ts.Expression[] = [];
	const visit = (n: ts.Node): void => {
		if (ts.isReturnStatement(n)) {
			if (n.expression) out.push(n.expression);
			return;
		}
		if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(body, visit);
	return out;
}
