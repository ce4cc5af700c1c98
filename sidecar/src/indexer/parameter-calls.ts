/**
 * Which of a function's parameters its body calls: the parameter itself (`handler(req)`), or a
 * member of it (`config.fn(…)`, `const { fn } = config; fn(…)`, `({ fn }) => fn(…)`). A wrapper
 * that calls what it is handed (`createRoute({ fn: async () => … })`, `withAuth(async (req) => …)`)
 * runs that inline function: edges.ts links the wrapper to it at each call site.
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "../syntax/unwrap.js";
import type { FileDefs } from "./defs.js";
import { hasBlockBody } from "./returned-functions.js";

export interface ParameterCalls {
	/** Parameter positions called as a whole. */
	whole: Set<number>;
	/** Parameter position → the member names called on it. */
	members: Map<number, Set<string>>;
}

type Binding = { index: number; member?: string };

const cache = new WeakMap<ts.Node, ParameterCalls>();

/** The function a called symbol declares with a body: a function, method, or a variable holding one. */
export function calledFunction(decl: ts.Node): ts.FunctionLikeDeclaration | undefined {
	if ((ts.isFunctionDeclaration(decl) || ts.isMethodDeclaration(decl)) && decl.body) return decl;
	if (ts.isVariableDeclaration(decl) && decl.initializer) {
		const init = skipWrappers(decl.initializer);
		if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
	}
	return undefined;
}

/**
 * Whether `fn` is a function the call sites of which `calledInlineArguments` reads (a called symbol's
 * own function, as `calledFunction` finds it) and whose body calls one of its parameters. Edges
 * written in other files depend on that body: an incremental run never blanks it (body-ranges.ts),
 * and a change to what it calls re-extracts its callers (dependents.ts).
 */
export function runsItsParameters(fn: ts.FunctionLikeDeclaration): boolean {
	let declaration: ts.Node = fn;
	// `const f = (…) => …`, through the wrappers `calledFunction` skips (`as`, `!`, parentheses).
	if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) {
		declaration = fn.parent;
		while (skipWrappers(declaration) !== declaration) declaration = declaration.parent;
	}
	const owned =
		ts.isFunctionDeclaration(declaration) ||
		ts.isMethodDeclaration(declaration) ||
		ts.isVariableDeclaration(declaration);
	if (!owned || calledFunction(declaration) !== fn) return false;
	const calls = parameterCalls(fn);
	return calls.whole.size > 0 || calls.members.size > 0;
}

export function parameterCalls(fn: ts.FunctionLikeDeclaration): ParameterCalls {
	const hit = cache.get(fn);
	if (hit) return hit;
	const result: ParameterCalls = { whole: new Set(), members: new Map() };
	cache.set(fn, result);
	const names = new Map<string, Binding>();
	const bindPattern = (pattern: ts.ObjectBindingPattern, index: number): void => {
		for (const el of pattern.elements) {
			if (el.dotDotDotToken || !ts.isIdentifier(el.name)) continue;
			const member = el.propertyName
				? ts.isIdentifier(el.propertyName) || ts.isStringLiteral(el.propertyName)
					? el.propertyName.text
					: undefined
				: el.name.text;
			if (member) names.set(el.name.text, { index, member });
		}
	};
	fn.parameters.forEach((p, index) => {
		if (ts.isIdentifier(p.name)) names.set(p.name.text, { index });
		else if (ts.isObjectBindingPattern(p.name)) bindPattern(p.name, index);
	});
	if (names.size === 0 || !fn.body) return result;
	const member = (index: number, name: string): void => {
		const set = result.members.get(index) ?? new Set<string>();
		set.add(name);
		result.members.set(index, set);
	};
	const visit = (n: ts.Node): void => {
		// `const { fn } = config`: the member is called by its local name.
		if (ts.isVariableDeclaration(n) && ts.isObjectBindingPattern(n.name) && n.initializer) {
			const init = skipWrappers(n.initializer);
			const whole = ts.isIdentifier(init) ? names.get(init.text) : undefined;
			if (whole && whole.member === undefined) bindPattern(n.name, whole.index);
		}
		if (ts.isCallExpression(n)) {
			const callee = skipWrappers(n.expression);
			if (ts.isIdentifier(callee)) {
				const b = names.get(callee.text);
				if (b && b.member === undefined) result.whole.add(b.index);
				else if (b?.member !== undefined) member(b.index, b.member);
			} else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)) {
				const target = skipWrappers(callee.expression);
				const b = ts.isIdentifier(target) ? names.get(target.text) : undefined;
				if (b && b.member === undefined) member(b.index, callee.name.text);
			}
		}
		ts.forEachChild(n, visit);
	};
	visit(fn.body);
	return result;
}

/**
 * The inline functions a call hands to parameters its callee calls: `[node, def]` per function. Only
 * those ahead of any other kind of argument: after a key or a value (`settings.watch('x', (v) => …)`,
 * `start(KEY, cb)`, `span('name', async () => …)`) the function is a handler registered under that key,
 * which the trunks link by the key; a hub calling all of them is a detour for the flow. Only functions
 * with a block body: an expression one (`fields: () => config.value`, `now: () => Date.now()`) mostly
 * hands a value over, no step of the flow.
 */
export function calledInlineArguments(
	call: ts.CallExpression,
	calls: ParameterCalls,
	defOf: (node: ts.Node) => string | undefined,
): [ts.Node, string][] {
	const out: [ts.Node, string][] = [];
	for (const [index, arg] of call.arguments.entries()) {
		const inner = skipWrappers(arg);
		if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) {
			const def = calls.whole.has(index) && hasBlockBody(inner) ? defOf(inner) : undefined;
			if (def) out.push([inner, def]);
			continue;
		}
		if (!ts.isObjectLiteralExpression(inner)) break;
		const wanted = calls.members.get(index);
		for (const prop of wanted ? inner.properties : []) {
			const name =
				prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))
					? prop.name.text
					: undefined;
			if (!name || !wanted?.has(name)) continue;
			const value = ts.isPropertyAssignment(prop) ? skipWrappers(prop.initializer) : undefined;
			const inline = hasBlockBody(prop) || (value !== undefined && hasBlockBody(value));
			const def = inline ? (defOf(prop) ?? (value ? defOf(value) : undefined)) : undefined;
			if (def) out.push([prop, def]);
		}
	}
	return out;
}

/**
 * What each wrapper of a file calls of its parameters, by defId (`0`, `1:fn,now`): the definitions
 * whose entry differs between two texts of the file have call sites whose edges may differ.
 */
export function wrapperCallsByDef(defs: FileDefs): Map<string, string> {
	const out = new Map<string, string>();
	for (const [node, id] of defs.nodes) {
		const fn = out.has(id) ? undefined : calledFunction(node);
		if (!fn) continue;
		const calls = parameterCalls(fn);
		const members = [...calls.members].map(([i, names]) => `${i}:${[...names].sort().join(",")}`);
		const entry = [...[...calls.whole].map(String), ...members].sort().join(";");
		if (entry) out.set(id, entry);
	}
	return out;
}
