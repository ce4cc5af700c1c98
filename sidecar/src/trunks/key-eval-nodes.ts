/**
 * `evaluateKey`'s common cases read on compiler nodes: a literal, a `const` name or a member of a `const`
 * object or enum holding one, and a name or member the checker types as one string literal. Each answers
 * as `evaluateKey` does, step for step (the same declarations, the same checker question, the same
 * memo); anything else is left to it (`undefined`). Discovery evaluates the keys of thousands of calls,
 * and each ts-morph evaluation wraps the key and its missing ancestors first.
 */
import { ts } from "#ts-morph";
import { symbolOf } from "../syntax/declarations-of.js";
import { skipWrappers } from "../syntax/unwrap.js";
import { literalTypeOf, MAX_DEPTH, product, union } from "./key-eval.js";
import { SEPARATORS } from "./key-families.js";

/** Not answered on compiler nodes: `evaluateKey` decides. */
const UNKNOWN = Symbol("unknown");
type Unknown = typeof UNKNOWN;

/** The strings `expr` evaluates to, null when none, undefined when `evaluateKey` must decide. */
export function evaluateKeyNode(expr: ts.Expression, checker: ts.TypeChecker): string[] | null | undefined {
	const values = valuesOf(expr, checker, 0);
	return values === UNKNOWN ? undefined : values;
}

type Values = string[] | null | Unknown;

/** key-eval.ts `evaluateKey`, branch for branch, on compiler nodes. */
function valuesOf(expr: ts.Node, checker: ts.TypeChecker, depth: number): Values {
	if (depth > MAX_DEPTH) return null;
	const n = skipWrappers(expr);
	if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return [n.text];
	if (ts.isNumericLiteral(n)) return [n.getText()];
	if (ts.isConditionalExpression(n)) {
		const a = valuesOf(n.whenTrue, checker, depth + 1);
		const b = a === UNKNOWN ? UNKNOWN : valuesOf(n.whenFalse, checker, depth + 1);
		return b === UNKNOWN ? UNKNOWN : union([a as string[] | null, b]);
	}
	if (ts.isTemplateExpression(n)) return templateValues(n, checker, depth);
	if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
		const l = valuesOf(n.left, checker, depth + 1);
		if (l === UNKNOWN || l === null) return l;
		const r = valuesOf(n.right, checker, depth + 1);
		if (r === UNKNOWN || r === null) return r;
		return product([l, r]);
	}
	if (ts.isIdentifier(n)) return nameValues(n, checker, depth);
	if (ts.isPropertyAccessExpression(n))
		return n.expression.kind === ts.SyntaxKind.ThisKeyword ? UNKNOWN : memberValues(n, checker, depth);
	// A list, an element read: `evaluateKey` reads them.
	if (ts.isArrayLiteralExpression(n) || ts.isElementAccessExpression(n)) return UNKNOWN;
	return literalTypeOf(n, checker);
}

/** A template's values: the product of its parts; a numbered instance of a constant (key-families.ts) is left to `evaluateKey`. */
function templateValues(n: ts.TemplateExpression, checker: ts.TypeChecker, depth: number): Values {
	const [first, second] = n.templateSpans;
	if (
		n.head.text === "" &&
		first &&
		second &&
		SEPARATORS.test(first.literal.text) &&
		(ts.isIdentifier(skipWrappers(first.expression)) ||
			ts.isPropertyAccessExpression(skipWrappers(first.expression)))
	)
		return UNKNOWN;
	const parts: string[][] = [[n.head.text]];
	for (const span of n.templateSpans) {
		const v = valuesOf(span.expression, checker, depth + 1);
		if (v === UNKNOWN || v === null) return v;
		parts.push(v, [span.literal.text]);
	}
	return product(parts);
}

/** `evaluateKey` on an identifier: its `const` value, else (not a parameter) the checker's literal type. */
function nameValues(n: ts.Identifier, checker: ts.TypeChecker, depth: number): Values {
	const symbol = symbolOf(n, checker);
	const init = constInitializer(symbol, checker);
	const v = init && !ts.isEnumDeclaration(init) ? valuesOf(init, checker, depth + 1) : null;
	if (v !== null) return v;
	if (switchedOn(n) || loopVariable(symbol)) return UNKNOWN;
	if (symbol?.declarations?.some(ts.isParameter)) return null;
	return literalTypeOf(n, checker);
}

/** `evaluateKey` on `A.B` (not `this.b`): the member's value in the `const` object or enum `A`, else the checker's literal type. */
function memberValues(n: ts.PropertyAccessExpression, checker: ts.TypeChecker, depth: number): Values {
	const owner = objectOf(n.expression, checker, 0);
	if (owner === UNKNOWN) return UNKNOWN;
	const member = owner && memberInitializer(owner, n.name.getText());
	if (member === UNKNOWN) return UNKNOWN;
	const v = member ? valuesOf(member, checker, depth + 1) : null;
	if (v !== null) return v;
	return switchedOn(n) ? UNKNOWN : literalTypeOf(n, checker);
}

/** key-eval.ts `constInitializer` on compiler nodes: the first `const`, enum member, enum or class declaration decides. */
function constInitializer(found: ts.Symbol | undefined, checker: ts.TypeChecker): ts.Node | undefined {
	let symbol = found;
	if (!symbol) return undefined;
	if ((symbol.flags & ts.SymbolFlags.Alias) === ts.SymbolFlags.Alias)
		symbol = checker.getAliasedSymbol(symbol) ?? symbol;
	for (const decl of symbol.declarations ?? []) {
		if (ts.isVariableDeclaration(decl)) {
			const list = decl.parent;
			if (ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0)
				return decl.initializer;
		}
		if (ts.isEnumMember(decl)) return decl.initializer;
		if (ts.isEnumDeclaration(decl) || ts.isClassDeclaration(decl)) return decl;
	}
	return undefined;
}

/** key-eval.ts `resolveObject` on compiler nodes: the object literal, enum or class an expression denotes. */
function objectOf(expr: ts.Node, checker: ts.TypeChecker, depth: number): ts.Node | undefined | Unknown {
	if (depth > MAX_DEPTH) return undefined;
	const n = skipWrappers(expr);
	if (ts.isObjectLiteralExpression(n) || ts.isEnumDeclaration(n) || ts.isClassDeclaration(n)) return n;
	if (ts.isIdentifier(n)) {
		const init = constInitializer(symbolOf(n, checker), checker);
		return init ? objectOf(init, checker, depth + 1) : undefined;
	}
	if (ts.isPropertyAccessExpression(n)) {
		const owner = objectOf(n.expression, checker, depth + 1);
		if (owner === UNKNOWN) return UNKNOWN;
		const member = owner && memberInitializer(owner, n.name.getText());
		if (member === UNKNOWN) return UNKNOWN;
		return member ? objectOf(member, checker, depth + 1) : undefined;
	}
	return undefined;
}

/**
 * key-eval.ts `memberInitializer` on compiler nodes. A class's static member and an object's computed
 * property name (an evaluation of its own) are left to it.
 */
function memberInitializer(owner: ts.Node, name: string): ts.Node | undefined | Unknown {
	if (ts.isEnumDeclaration(owner)) return owner.members.find((m) => m.name.getText() === name)?.initializer;
	if (ts.isClassDeclaration(owner)) return UNKNOWN;
	if (!ts.isObjectLiteralExpression(owner)) return undefined;
	for (const p of owner.properties) {
		if (!ts.isPropertyAssignment(p)) continue;
		const key = p.name;
		if (ts.isComputedPropertyName(key)) return UNKNOWN;
		const text =
			ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)
				? key.text
				: ts.isIdentifier(key) || ts.isPrivateIdentifier(key) || ts.isNumericLiteral(key)
					? key.getText()
					: undefined;
		if (text === name) return p.initializer;
	}
	return undefined;
}

/** A reference inside a `switch` on its own text (anywhere up the tree: key-eval.ts `switchNarrowed` decides). */
function switchedOn(n: ts.Expression): boolean {
	let text: string | undefined;
	for (let p = n.parent; p; p = p.parent) {
		if (!ts.isCaseClause(p)) continue;
		text ??= n.getText();
		if (skipWrappers(p.parent.parent.expression).getText() === text) return true;
	}
	return false;
}

/**
 * A name a loop or a callback's parameter may bind (key-families.ts `loopVariableValues` decides): its
 * first declaration a parameter of an inline function handed to a call, or a `for … of` variable.
 */
function loopVariable(symbol: ts.Symbol | undefined): boolean {
	const decl = symbol?.declarations?.[0];
	if (!decl) return false;
	if (ts.isParameter(decl))
		return (
			(ts.isArrowFunction(decl.parent) || ts.isFunctionExpression(decl.parent)) &&
			ts.isCallExpression(decl.parent.parent)
		);
	return ts.isVariableDeclaration(decl) && ts.isForOfStatement(decl.parent.parent);
}
