/**
 * `evaluateKey`'s common cases read on compiler nodes: a literal, a `const` name or a member of a `const`
 * object or enum holding one, a list, a loop variable over a collection of constants (key-families.ts), and
 * a name or member the checker types as one string literal. Each answers
 * as `evaluateKey` does, step for step (the same declarations, the same checker question, the same
 * memo); anything else is left to it (`undefined`). Discovery evaluates the keys of thousands of calls,
 * and each ts-morph evaluation wraps the key and its missing ancestors first.
 */
import { ts } from "#ts-morph";
import { compilerDeclarationsOf, symbolOf } from "../syntax/declarations-of.js";
import { skipWrappers } from "../syntax/unwrap.js";
import { literalTypeOf, MAX_DEPTH, NEVER_STRING_LITERAL, product, union } from "./key-eval.js";
import { ELEMENT_CALLBACKS, familyUnion, SEPARATORS } from "./key-families.js";

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
	if (ts.isArrayLiteralExpression(n)) return listValues(n, checker, depth);
	// An element read: `evaluateKey` reads it.
	if (ts.isElementAccessExpression(n)) return UNKNOWN;
	// `Cls.name()` on a class: `evaluateKey` reads its static method's `return`.
	if (ts.isCallExpression(n) && n.arguments.length === 0 && ts.isPropertyAccessExpression(n.expression)) {
		const owner = objectOf(n.expression.expression, checker, 0);
		if (owner === UNKNOWN || (owner && ts.isClassDeclaration(owner))) return UNKNOWN;
	}
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
	if (switchedOn(n)) return UNKNOWN;
	const loop = loopValues(symbol, checker, depth);
	if (loop !== null) return loop;
	if (symbol?.declarations?.some(ts.isParameter)) return null;
	if (symbol && (neverStringLiteral(symbol, checker) || loopElementNeverLiteral(symbol, checker)))
		return null;
	return literalTypeOf(n, checker);
}

/** Symbols whose value the checker reads as a variable's (flow-narrowed) or an enum member's literal. */
const VALUE_LIKE =
	ts.SymbolFlags.Variable |
	ts.SymbolFlags.Property |
	ts.SymbolFlags.EnumMember |
	ts.SymbolFlags.Accessor |
	ts.SymbolFlags.Function |
	ts.SymbolFlags.Class |
	ts.SymbolFlags.Enum |
	ts.SymbolFlags.ValueModule;

/** Annotations that are object types with a member or a signature, whatever the program says. */
const OBJECT_TYPE_NODES = new Set<ts.SyntaxKind>([
	ts.SyntaxKind.FunctionType,
	ts.SyntaxKind.ConstructorType,
	ts.SyntaxKind.ArrayType,
	ts.SyntaxKind.TupleType,
]);

/**
 * A name the checker can never type as one string literal, known without computing its type (the
 * literal-type question is discovery's largest checker cost, and on most repositories every answer is
 * "no"): a function or a class (their value is never narrowed, or narrowed from a type with signatures);
 * or a variable whose declared type is an object type no narrowing turns into a literal — annotated with
 * a function, constructor, array or tuple type, a type literal with members, or an interface or class;
 * or a `const` with neither annotation nor JSDoc type, initialised with an object literal with a member
 * of its own, an array, a function, a class, a regular expression, a boolean, null or a number.
 * Narrowing by `===` or `typeof` keeps such a type, filters it to nothing, or intersects it with a
 * primitive; only an empty object type (`{}`, an enum or namespace with no members) narrows to the
 * compared literal, so those are asked.
 */
function neverStringLiteral(found: ts.Symbol, checker: ts.TypeChecker): boolean {
	let symbol = found;
	if ((symbol.flags & ts.SymbolFlags.Alias) !== 0) symbol = checker.getAliasedSymbol(symbol) ?? symbol;
	const value = symbol.flags & VALUE_LIKE;
	if (value === ts.SymbolFlags.Function || value === ts.SymbolFlags.Class) return true;
	if ((value & ~ts.SymbolFlags.Variable) !== 0 || value === 0) return false;
	const decl = symbol.valueDeclaration;
	const variables = (symbol.declarations ?? []).filter(ts.isVariableDeclaration);
	if (!decl || variables.length !== 1 || variables[0] !== decl || !ts.isVariableDeclaration(decl))
		return false;
	if (decl.type) return objectTypeNode(decl.type, checker);
	const list = decl.parent;
	const init = decl.initializer;
	return (
		ts.isVariableDeclarationList(list) &&
		(list.flags & ts.NodeFlags.Const) !== 0 &&
		init !== undefined &&
		(ts.isObjectLiteralExpression(init)
			? init.properties.some((p) => !ts.isSpreadAssignment(p))
			: NEVER_STRING_LITERAL.has(init.kind)) &&
		ts.getJSDocType(decl) === undefined
	);
}

/** Per `for … of` variable: whether its declared type is one no narrowing makes a string literal. */
const loopVerdicts = new WeakMap<ts.Symbol, boolean>();

/**
 * A `const` variable of a `for … of` whose declared type — the iterable's element type, computed once
 * per variable (the checker keeps it) instead of narrowed again at every read — no narrowing makes one
 * string literal: each part of it an object type with a member a string has not (an item, a row, a
 * list) or a number, boolean, null or undefined. `===`, `typeof` and `switch` narrowing keep such a part,
 * filter it out or intersect it with a primitive (see `neverStringLiteral`); a type predicate or an
 * assertion narrows to its literal only a part the literal is assignable to, which a member a string
 * lacks rules out. Loop variables are most of the literal-type questions discovery asks, every answer
 * "no" on most repositories.
 */
function loopElementNeverLiteral(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
	const decl = symbol.valueDeclaration;
	if (!decl || !ts.isVariableDeclaration(decl) || symbol.declarations?.length !== 1) return false;
	const list = decl.parent;
	if (
		!ts.isVariableDeclarationList(list) ||
		(list.flags & ts.NodeFlags.Const) === 0 ||
		!ts.isForOfStatement(list.parent) ||
		!ts.isIdentifier(decl.name)
	)
		return false;
	let verdict = loopVerdicts.get(symbol);
	if (verdict === undefined) {
		try {
			verdict = neverLiteralType(checker.getTypeOfSymbol(symbol), checker);
		} catch {
			verdict = false;
		}
		loopVerdicts.set(symbol, verdict);
	}
	return verdict;
}

/** Parts of a type no narrowing to a string literal keeps (see `loopElementNeverLiteral`). */
const NOT_STRING_PARTS =
	ts.TypeFlags.Number |
	ts.TypeFlags.NumberLiteral |
	ts.TypeFlags.Boolean |
	ts.TypeFlags.BooleanLiteral |
	ts.TypeFlags.Null |
	ts.TypeFlags.Undefined;

/** Every part of `type` a number, boolean, null, undefined or an object type with a member a string has not. */
function neverLiteralType(type: ts.Type, checker: ts.TypeChecker): boolean {
	const parts = type.isUnion() ? type.types : [type];
	return parts.every(
		(t) =>
			((t.flags & NOT_STRING_PARTS) !== 0 && (t.flags & ts.TypeFlags.StringLike) === 0) ||
			((t.flags & ts.TypeFlags.Object) !== 0 && memberNoStringHas(t, checker)),
	);
}

/**
 * Has an object type a call or construct signature, or a required property a string lacks (no
 * string literal is then assignable to it)? A numeric name is never counted (a string's index).
 */
function memberNoStringHas(type: ts.Type, checker: ts.TypeChecker): boolean {
	if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return true;
	const strings = stringMembers(checker);
	return type
		.getProperties()
		.some(
			(p) =>
				(p.flags & ts.SymbolFlags.Optional) === 0 &&
				!/^\d/.test(p.name) &&
				!p.name.startsWith("__@") &&
				!strings.has(p.name),
		);
}

/** The property names of a string's apparent type (`String`), per checker. */
const stringMemberNames = new WeakMap<ts.TypeChecker, ReadonlySet<string>>();

function stringMembers(checker: ts.TypeChecker): ReadonlySet<string> {
	let names = stringMemberNames.get(checker);
	if (!names) {
		names = new Set(
			checker
				.getApparentType(checker.getStringType())
				.getProperties()
				.map((p) => p.name),
		);
		stringMemberNames.set(checker, names);
	}
	return names;
}

/** An annotation that is an object type no narrowing makes a literal (see `neverStringLiteral`). */
function objectTypeNode(type: ts.TypeNode, checker: ts.TypeChecker): boolean {
	if (OBJECT_TYPE_NODES.has(type.kind)) return true;
	if (ts.isTypeLiteralNode(type)) return type.members.length > 0;
	if (!ts.isTypeReferenceNode(type)) return false;
	let target = checker.getSymbolAtLocation(type.typeName);
	if (target && (target.flags & ts.SymbolFlags.Alias) !== 0) target = checker.getAliasedSymbol(target);
	if (!target) return false;
	const objectType = ts.SymbolFlags.Interface | ts.SymbolFlags.Class;
	const other = ts.SymbolFlags.TypeAlias | ts.SymbolFlags.TypeParameter | ts.SymbolFlags.Enum;
	return (target.flags & objectType) !== 0 && (target.flags & other) === 0;
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
 * key-families.ts `loopVariableValues` on compiler nodes: the values of the collection a loop variable walks
 * (the first parameter of a callback handed first to `forEach`, `map`, …, or a `for … of` variable), null
 * when the name is no such variable or the collection is built at run time.
 */
function loopValues(symbol: ts.Symbol | undefined, checker: ts.TypeChecker, depth: number): Values {
	const decl = symbol?.declarations?.[0];
	if (!decl) return null;
	if (ts.isParameter(decl)) {
		const fn = decl.parent;
		if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters[0] !== decl) return null;
		const call = fn.parent;
		if (!ts.isCallExpression(call) || call.arguments[0] !== fn) return null;
		const callee = skipWrappers(call.expression);
		if (!ts.isPropertyAccessExpression(callee) || !ELEMENT_CALLBACKS.has(callee.name.text)) return null;
		return collectionValues(callee.expression, checker, depth + 1);
	}
	if (ts.isVariableDeclaration(decl)) {
		const list = decl.parent;
		const loop = list.parent;
		if (ts.isForOfStatement(loop) && loop.initializer === list)
			return collectionValues(loop.expression, checker, depth + 1);
	}
	return null;
}

/**
 * key-families.ts `collectionValues` on compiler nodes: a list of constants, or a `const` holding one; the
 * collections a call returns (`Array.from`, `Object.values`, an in-repo function) are left to it.
 */
function collectionValues(expr: ts.Expression, checker: ts.TypeChecker, depth: number): Values {
	if (depth > MAX_DEPTH) return null;
	const n = skipWrappers(expr);
	if (ts.isArrayLiteralExpression(n)) {
		if (n.elements.some(ts.isSpreadElement)) return null;
		return listValues(n, checker, depth + 1);
	}
	if (ts.isIdentifier(n)) {
		const decl = symbolOf(n, checker)?.valueDeclaration;
		if (!decl || !ts.isVariableDeclaration(decl)) return null;
		const list = decl.parent;
		const isConst = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
		return isConst && decl.initializer ? collectionValues(decl.initializer, checker, depth + 1) : null;
	}
	if (!ts.isCallExpression(n)) return null;
	const callee = skipWrappers(n.expression);
	const args = n.arguments;
	if (ts.isPropertyAccessExpression(callee)) {
		const owner = callee.expression.getText();
		const name = callee.name.text;
		// `Array.from({ length }, (_, i) => …)`, `xs.map((x) => …)`: what the function returns; `Object.values(E)`.
		if (owner === "Array" && name === "from" && args.length === 2)
			return returnedValues(skipWrappers(args[1] as ts.Expression), checker, depth);
		if (owner === "Object" && name === "values" && args.length === 1) return UNKNOWN;
		if (name === "map" && args.length >= 1)
			return returnedValues(skipWrappers(args[0] as ts.Expression), checker, depth);
	}
	const fn = calledFunction(callee, checker);
	const returned = fn ? returnedExpressions(fn) : null;
	if (!returned) return null;
	const lists = eachValues(returned, (r) => collectionValues(r, checker, depth + 1));
	return lists === UNKNOWN ? UNKNOWN : familyUnion(lists);
}

/** The union of what a function returns, each evaluated (key-families.ts: no return, no values). */
function returnedValues(fn: ts.Node, checker: ts.TypeChecker, depth: number): Values {
	const returned = returnedExpressions(fn);
	if (!returned) return null;
	const lists = eachValues(returned, (r) => valuesOf(r, checker, depth + 1));
	return lists === UNKNOWN ? UNKNOWN : familyUnion(lists);
}

/** key-families.ts `calledFunction` on compiler nodes: the in-repo function with a body a callee names. */
function calledFunction(callee: ts.Expression, checker: ts.TypeChecker): ts.Node | undefined {
	const nameNode = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
	for (const decl of compilerDeclarationsOf(nameNode, checker)) {
		if (decl.getSourceFile().isDeclarationFile) continue;
		if (ts.isFunctionDeclaration(decl) || ts.isMethodDeclaration(decl)) return decl;
		if (ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl)) {
			const init = decl.initializer;
			if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return init;
		}
	}
	return undefined;
}

/** key-families.ts `returnedExpressions` on compiler nodes: an expression body, or the body's own `return`s. */
function returnedExpressions(fn: ts.Node): ts.Expression[] | null {
	if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return [fn.body];
	if (
		!ts.isArrowFunction(fn) &&
		!ts.isFunctionExpression(fn) &&
		!ts.isFunctionDeclaration(fn) &&
		!ts.isMethodDeclaration(fn)
	)
		return null;
	const body = fn.body;
	if (!body) return null;
	const out: ts.Expression[] = [];
	const visit = (n: ts.Node): void => {
		if (ts.isReturnStatement(n)) {
			if (n.expression) out.push(n.expression);
			return;
		}
		if (ts.isFunctionLike(n) || ts.isClassDeclaration(n) || ts.isClassExpression(n)) return;
		ts.forEachChild(n, visit);
	};
	ts.forEachChild(body, visit);
	return out.length > 0 ? out : null;
}

/** key-eval.ts `evaluateKey` on a list: the union of its elements' values. */
function listValues(n: ts.ArrayLiteralExpression, checker: ts.TypeChecker, depth: number): Values {
	if (depth > MAX_DEPTH) return null;
	const lists = eachValues(n.elements, (e) => valuesOf(e, checker, depth + 1));
	return lists === UNKNOWN ? UNKNOWN : union(lists);
}

/** Every node's values (each read, as `evaluateKey`'s `map` reads each), or unknown as soon as one is. */
function eachValues(
	nodes: readonly ts.Expression[],
	read: (n: ts.Expression) => Values,
): (string[] | null)[] | Unknown {
	const lists: (string[] | null)[] = [];
	for (const n of nodes) {
		const v = read(n);
		if (v === UNKNOWN) return UNKNOWN;
		lists.push(v);
	}
	return lists;
}
