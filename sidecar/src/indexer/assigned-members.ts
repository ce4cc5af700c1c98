/**
 * Methods defined by assignment inside the function that builds their object: a constructor function
 * (`function Store() { const self = this; self.copyIn = function (…) {…}; }`), a class constructor
 * (`this.getReadStream = async (…) => …`) or a factory (`const self = {}; self.string = function (…) {…};
 * return self;`). Each such member is a definition of its own (defs.ts), named under its builder
 * (`Store.copyIn`), so what it calls is its own and a call `self.copyIn(…)` has its lines as target,
 * not the whole builder hundreds of lines long.
 *
 * The object is a receiver of the builder's body: `this` (not in an arrow function, whose `this` is
 * outside it), a local initialised with `this` (`const self = this`, `var that = this`), or a local
 * initialised with an object literal the builder returns (`const self = {}; … return self`). Only
 * assignment statements of the builder's own body count (blocks and branches included, not nested
 * functions), and only function values: `self.logger = createLogger()` is data.
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "../syntax/unwrap.js";
import { type FunctionWithBody, hasBlockBody, returnedExpressions } from "./returned-functions.js";

export interface AssignedMember {
	/** The assignment `self.m = function …`: the definition's node. */
	node: ts.BinaryExpression;
	/** The member's name (`m`). */
	name: string;
	/** The statement, where its leading comment is. */
	statement: ts.ExpressionStatement;
	/** The receiver as written: `this` or the local's name. */
	receiver: string;
}

/** The members `fn` defines by assignment on its receivers, in source order. */
export function assignedMembers(fn: FunctionWithBody): AssignedMember[] {
	const names = receivers(fn);
	if (names.size === 0) return [];
	const out: AssignedMember[] = [];
	const visit = (n: ts.Node): void => {
		if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
		if (ts.isExpressionStatement(n)) {
			const e = n.expression;
			if (
				ts.isBinaryExpression(e) &&
				e.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
				ts.isPropertyAccessExpression(e.left) &&
				ts.isIdentifier(e.left.name) &&
				isFunctionValue(e.right)
			) {
				const receiver = receiverName(e.left.expression);
				if (receiver && names.has(receiver))
					out.push({ node: e, name: e.left.name.text, statement: n, receiver });
			}
		}
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(fn.body, visit);
	return out;
}

/** `this` or a plain name: the receivers an assignment may be made on. */
function receiverName(e: ts.Expression): string | undefined {
	if (e.kind === ts.SyntaxKind.ThisKeyword) return "this";
	return ts.isIdentifier(e) ? e.text : undefined;
}

function isFunctionValue(e: ts.Expression): boolean {
	const v = skipWrappers(e);
	return ts.isFunctionExpression(v) || ts.isArrowFunction(v);
}

/** The names standing for the object `fn` builds (see the module comment). */
function receivers(fn: FunctionWithBody): Set<string> {
	const out = new Set<string>();
	const ownThis = !ts.isArrowFunction(fn);
	if (ownThis) out.add("this");
	let returned: Set<string> | undefined;
	for (const st of fn.body.statements) {
		if (!ts.isVariableStatement(st)) continue;
		for (const d of st.declarationList.declarations) {
			if (!ts.isIdentifier(d.name) || !d.initializer) continue;
			const init = skipWrappers(d.initializer);
			if (init.kind === ts.SyntaxKind.ThisKeyword && ownThis) out.add(d.name.text);
			else if (ts.isObjectLiteralExpression(init)) {
				returned ??= new Set(
					returnedExpressions(fn.body)
						.map((r) => skipWrappers(r))
						.filter(ts.isIdentifier)
						.map((r) => r.text),
				);
				if (returned.has(d.name.text)) out.add(d.name.text);
			}
		}
	}
	return out;
}

/**
 * Where `this` of a function is bound for its members: a class member's is the class (a member assigned
 * in the constructor is called as `this.m()` from any method), any other function's is itself.
 */
function thisScope(fn: ts.Node): ts.Node {
	return fn.parent && ts.isClassLike(fn.parent) ? fn.parent : fn;
}

const cache = new WeakMap<ts.SourceFile, Map<ts.Node, Map<string, ts.BinaryExpression>>>();

/** Per scope (a builder, or a class for `this`), `receiver\0member` → the assignment defining it. */
function scopes(sf: ts.SourceFile): Map<ts.Node, Map<string, ts.BinaryExpression>> {
	const cached = cache.get(sf);
	if (cached) return cached;
	const out = new Map<ts.Node, Map<string, ts.BinaryExpression>>();
	const visit = (n: ts.Node): void => {
		if (hasBlockBody(n) || (ts.isConstructorDeclaration(n) && n.body)) {
			for (const m of assignedMembers(n as FunctionWithBody)) {
				const scope = m.receiver === "this" ? thisScope(n) : n;
				const members = out.get(scope) ?? new Map<string, ts.BinaryExpression>();
				const key = `${m.receiver}\u0000${m.name}`;
				// The first assignment of a name is its definition: a later one reassigning it is rarer.
				if (!members.has(key)) members.set(key, m.node);
				out.set(scope, members);
			}
		}
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(sf, visit);
	cache.set(sf, out);
	return out;
}

/**
 * The assignment defining the member a call `self.m(…)` / `this.m(…)` runs, when the receiver is one its
 * builder assigned that member on (the nearest function declaring the name, or `this`'s own scope).
 */
export function assignedMemberCalled(call: ts.CallExpression): ts.BinaryExpression | undefined {
	const callee = call.expression;
	if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.name)) return undefined;
	const receiver = receiverName(callee.expression);
	if (!receiver) return undefined;
	const all = scopes(call.getSourceFile());
	if (all.size === 0) return undefined;
	const key = `${receiver}\u0000${callee.name.text}`;
	for (let up: ts.Node | undefined = call.parent; up; up = up.parent) {
		if (!ts.isFunctionLike(up)) continue;
		if (receiver === "this") {
			if (ts.isArrowFunction(up)) continue;
			return all.get(thisScope(up))?.get(key);
		}
		if (up.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === receiver)) return undefined;
		const found = all.get(up)?.get(key);
		if (found) return found;
		if (declaresLocal(up, receiver)) return undefined;
	}
	return undefined;
}

/** Does the function's body declare `name` at its top (a local shadowing an outer receiver)? */
function declaresLocal(fn: ts.SignatureDeclaration, name: string): boolean {
	const body = (fn as { body?: ts.Node }).body;
	if (!body || !ts.isBlock(body)) return false;
	return body.statements.some(
		(st) =>
			ts.isVariableStatement(st) &&
			st.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name),
	);
}
