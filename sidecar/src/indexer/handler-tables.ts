/**
 * `providerToFunction[provider].sendAlert(…)`: a call through a lookup table — a `const` object literal
 * whose every value is an object of handlers (`{ slack: { sendAlert: sendSlackAlert, … }, email: { … } }`)
 * — indexed by a key known only at run time (not a literal, nor of a single literal type). The checker types the entry by the table's annotation
 * (`Record<Provider, Notif>`: a signature with no body) or picks one entry, so the call led nowhere or to
 * one handler; it runs the `sendAlert` of whichever entry the key selects, so each entry's member is a callee.
 *
 * Also through a `const` holding the entry (`const handler = handlers[type]; handler.run()`). Only when
 * every value of the table is an object literal (in place or through a `const`) — a table of anything else
 * is data — and at most MAX_HANDLERS entries hold the member.
 */
import { ts } from "#ts-morph";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";

/** More entries than this is a registry, not a handful of strategies: no edge rather than a fan of guesses. */
export const MAX_HANDLERS = 16;

type Member = ts.MethodDeclaration | ts.PropertyAssignment | ts.ShorthandPropertyAssignment;

/** The members named like the callee's in each entry of the handler table a `table[key].name` callee reads. */
export function handlerTableMembers(checker: ts.TypeChecker, callee: ts.Expression): Member[] {
	const access = skipWrappers(callee);
	if (!ts.isPropertyAccessExpression(access) || !ts.isIdentifier(access.name)) return [];
	const table = tableRead(checker, skipWrappers(access.expression), true);
	if (!table) return [];
	const name = access.name.text;
	const found: Member[] = [];
	for (const p of table.properties) {
		const entry = entryObject(checker, p);
		if (!entry) return [];
		const member = entry.properties.find(
			(m): m is Member =>
				(ts.isMethodDeclaration(m) || ts.isPropertyAssignment(m) || ts.isShorthandPropertyAssignment(m)) &&
				propertyNameText(m.name) === name,
		);
		if (member) found.push(member);
	}
	return found.length <= MAX_HANDLERS ? found : [];
}

/** The table literal `table[key]` (or a `const` set to it, once) reads, for a key that is no literal. */
function tableRead(
	checker: ts.TypeChecker,
	expr: ts.Expression,
	throughConst: boolean,
): ts.ObjectLiteralExpression | undefined {
	if (ts.isElementAccessExpression(expr)) {
		const key = skipWrappers(expr.argumentExpression);
		// A key of one literal type (`"slack"`, `Provider.Slack`, a `const` set to one) names one entry:
		// the checker reaches it.
		if (ts.isStringLiteralLike(key) || ts.isNumericLiteral(key) || checker.getTypeAtLocation(key).isLiteral())
			return undefined;
		const table = skipWrappers(expr.expression);
		return ts.isIdentifier(table) ? constLiteral(checker, table) : undefined;
	}
	if (!throughConst || !ts.isIdentifier(expr)) return undefined;
	const held = constInitializer(checker, expr);
	return held ? tableRead(checker, held, false) : undefined;
}

/** The object literal an entry of the table is: written in place, or a `const` holding one. */
function entryObject(
	checker: ts.TypeChecker,
	p: ts.ObjectLiteralElementLike,
): ts.ObjectLiteralExpression | undefined {
	if (ts.isShorthandPropertyAssignment(p)) return constLiteral(checker, p.name);
	if (!ts.isPropertyAssignment(p)) return undefined;
	const value = skipWrappers(p.initializer);
	if (ts.isObjectLiteralExpression(value)) return value;
	return ts.isIdentifier(value) ? constLiteral(checker, value) : undefined;
}

function constLiteral(checker: ts.TypeChecker, id: ts.Identifier): ts.ObjectLiteralExpression | undefined {
	const value = constInitializer(checker, id);
	return value && ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** The initializer of the `const` an identifier names (through an import), under type-only wrappers. */
function constInitializer(checker: ts.TypeChecker, id: ts.Identifier): ts.Expression | undefined {
	let symbol =
		ts.isShorthandPropertyAssignment(id.parent) && id.parent.name === id
			? checker.getShorthandAssignmentValueSymbol(id.parent)
			: checker.getSymbolAtLocation(id);
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
	const decl = symbol?.declarations?.find(ts.isVariableDeclaration);
	if (!decl?.initializer || !(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const)) return undefined;
	return skipWrappers(decl.initializer);
}
