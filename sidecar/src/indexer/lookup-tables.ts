/**
 * A handler table read by a key and called: `handlers[kind](payload)`, `await handlers[e.type]?.(x)`, or
 * `const h = handlers[kind]; h(x)`, where `handlers` is declared with a literal value —
 * `const handlers = { create: onCreate, remove: (id) => … }` (annotated `Record<Kind, Handler>` or not),
 * `new Map([['create', onCreate]])`, a class field holding such a literal. The checker types the
 * callee as the table's value type (a signature, no definition), so the call led nowhere; the
 * functions it can run are the table's values (edges.ts gives one `call` edge per value).
 * A key whose type is a literal or a union of literals (`handlers['create']`, `kind: 'a' | 'b'`, an
 * enum member) picks those entries only; any other key may pick any entry.
 * Values that are not functions (a table of strings or settings) give nothing. A table of more than
 * MAX_TABLE_FUNCTIONS functions is a registry, not a switch: edges to every entry would drown the
 * flow through the dispatcher in fan-out, and picking some of them would be arbitrary, so it gives nothing.
 */
import { ts } from "#ts-morph";
import { isFunctionWithBody } from "./function-alias.js";
import { propertyNameText } from "./property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";

export const MAX_TABLE_FUNCTIONS = 20;

/** A table value a call may run: a named function (through its symbol) or one written inline there. */
export type TableTarget = { symbol: ts.Symbol; at: ts.Node } | { inline: ts.Node };

/** The functions (classes, for `new`) a call through a table may run; undefined when the callee reads no table. */
export function tableTargets(
	checker: ts.TypeChecker,
	callee: ts.Expression,
	construct: boolean,
): TableTarget[] | undefined {
	const read = tableRead(checker, skipWrappers(callee));
	if (!read) return undefined;
	const entries = tableEntries(checker, skipWrappers(read.table), read.viaGet);
	if (!entries) return undefined;
	const wanted = literalKeys(checker, read.key);
	const targets: TableTarget[] = [];
	for (const [key, value] of entries) {
		// A literal key picks the entries it names; an entry whose name is computed is not known to be one.
		if (wanted && (key === null || !wanted.has(key))) continue;
		const target = callableValue(checker, value, construct);
		if (target) targets.push(target);
	}
	return targets.length > MAX_TABLE_FUNCTIONS ? [] : targets;
}

/** A table read by a key: `T[k]`, `T.get(k)` (a Map). */
interface TableRead {
	table: ts.Expression;
	key: ts.Expression;
	/** Read by `.get`: a Map's entries, not an object's. */
	viaGet: boolean;
}

/** The read the callee is, or the one a `const h = T[k]` the callee names holds. */
function tableRead(checker: ts.TypeChecker, callee: ts.Expression): TableRead | undefined {
	const direct = readOf(callee);
	if (direct || !ts.isIdentifier(callee)) return direct;
	const decl = checker.getSymbolAtLocation(callee)?.declarations?.[0];
	if (!decl || !isConstVariable(decl) || !decl.initializer) return undefined;
	return readOf(skipWrappers(decl.initializer));
}

function readOf(value: ts.Expression): TableRead | undefined {
	if (ts.isElementAccessExpression(value))
		return { table: value.expression, key: value.argumentExpression, viaGet: false };
	const [key] = ts.isCallExpression(value) ? value.arguments : [];
	if (
		ts.isCallExpression(value) &&
		key &&
		value.arguments.length === 1 &&
		ts.isPropertyAccessExpression(value.expression) &&
		value.expression.name.text === "get"
	)
		return { table: value.expression.expression, key, viaGet: true };
	return undefined;
}

function isConstVariable(decl: ts.Node): decl is ts.VariableDeclaration {
	return (
		ts.isVariableDeclaration(decl) &&
		ts.isVariableDeclarationList(decl.parent) &&
		(decl.parent.flags & ts.NodeFlags.Const) !== 0
	);
}

/** The [key, value] entries of the literal a table name is declared with (null key: a computed one). */
function tableEntries(
	checker: ts.TypeChecker,
	table: ts.Expression,
	viaGet: boolean,
): [string | null, ts.Node][] | undefined {
	if (!ts.isIdentifier(table) && !ts.isPropertyAccessExpression(table)) return undefined;
	let symbol = checker.getSymbolAtLocation(table);
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
	for (const decl of symbol?.declarations ?? []) {
		const init = literalOf(decl);
		if (!init) continue;
		const value = skipWrappers(init);
		const entries = viaGet ? mapEntries(value) : ts.isObjectLiteralExpression(value) && objectEntries(value);
		if (entries) return entries;
	}
	return undefined;
}

/** The value of a `const`, a class field or a property written in a literal. */
function literalOf(decl: ts.Declaration): ts.Expression | undefined {
	if (isConstVariable(decl)) return decl.initializer;
	if (ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl)) return decl.initializer;
	return undefined;
}

function objectEntries(literal: ts.ObjectLiteralExpression): [string | null, ts.Node][] {
	const entries: [string | null, ts.Node][] = [];
	for (const p of literal.properties) {
		if (ts.isSpreadAssignment(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) continue;
		entries.push([propertyNameText(p.name), p]);
	}
	return entries;
}

/** `new Map([['a', fa], ['b', fb]])`: its pairs, when written as literals. */
function mapEntries(value: ts.Expression): [string | null, ts.Node][] | undefined {
	if (!ts.isNewExpression(value) || !ts.isIdentifier(value.expression) || value.expression.text !== "Map")
		return undefined;
	const list = value.arguments?.[0] && skipWrappers(value.arguments[0]);
	if (!list || !ts.isArrayLiteralExpression(list)) return undefined;
	const entries: [string | null, ts.Node][] = [];
	for (const pair of list.elements) {
		if (!ts.isArrayLiteralExpression(pair) || pair.elements.length !== 2) continue;
		const [key, fn] = pair.elements as unknown as [ts.Expression, ts.Expression];
		entries.push([ts.isStringLiteralLike(key) || ts.isNumericLiteral(key) ? key.text : null, fn]);
	}
	return entries;
}

/** The keys a literal-typed key names (`'a'`, `'a' | 'b'`, an enum member); undefined for any other key. */
function literalKeys(checker: ts.TypeChecker, key: ts.Expression): Set<string> | undefined {
	const type = checker.getTypeAtLocation(key);
	const parts = type.isUnion() ? type.types : [type];
	const keys = new Set<string>();
	for (const t of parts) {
		if (t.isStringLiteral() || t.isNumberLiteral()) keys.add(String(t.value));
		else return undefined;
	}
	return keys;
}

/** The function (class, for `new`) an entry holds, if it holds one. */
function callableValue(checker: ts.TypeChecker, entry: ts.Node, construct: boolean): TableTarget | undefined {
	if (ts.isMethodDeclaration(entry)) return construct ? undefined : { inline: entry };
	let value: ts.Node;
	if (ts.isShorthandPropertyAssignment(entry)) {
		const symbol = checker.getShorthandAssignmentValueSymbol(entry);
		return symbol && isCallable(checker, symbol, construct) ? { symbol, at: entry.name } : undefined;
	}
	if (ts.isPropertyAssignment(entry)) value = skipWrappers(entry.initializer);
	else value = skipWrappers(entry);
	if (ts.isArrowFunction(value) || ts.isFunctionExpression(value))
		return construct ? undefined : { inline: ts.isPropertyAssignment(entry) ? entry : value };
	if (!ts.isIdentifier(value) && !ts.isPropertyAccessExpression(value)) return undefined;
	const symbol = checker.getSymbolAtLocation(value);
	return symbol && isCallable(checker, symbol, construct) ? { symbol, at: value } : undefined;
}

function isCallable(checker: ts.TypeChecker, symbol: ts.Symbol, construct: boolean): boolean {
	const real = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
	return (real.declarations ?? []).some((d) => (construct ? ts.isClassLike(d) : isFunctionWithBody(d)));
}
