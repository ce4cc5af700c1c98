/**
 * `export const TicketDesk: Desk = { handOff() { … } }`: a variable annotated with a
 * type holds an object literal of methods. The checker gives a call `TicketDesk.handOff()`
 * the member of the annotation (a signature of `Desk`, no definition), so the call led nowhere and
 * only the variable was read; the method the call runs is the one written in the literal.
 */
import { ts } from "#ts-morph";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";

/** The member of the object literal a `name.member` callee reaches through its variable, if written there. */
export function literalMemberOf(
	checker: ts.TypeChecker,
	callee: ts.Expression,
): ts.ObjectLiteralElementLike | undefined {
	const access = skipWrappers(callee);
	if (!ts.isPropertyAccessExpression(access) || !ts.isIdentifier(access.name)) return undefined;
	const owner = skipWrappers(access.expression);
	if (!ts.isIdentifier(owner)) return undefined;
	let symbol = checker.getSymbolAtLocation(owner);
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
	const variable = symbol?.declarations?.find(ts.isVariableDeclaration);
	// Only an annotated variable: without the annotation the checker already reaches the literal's member.
	if (!variable?.type || !variable.initializer) return undefined;
	const literal = skipWrappers(variable.initializer);
	if (!ts.isObjectLiteralExpression(literal)) return undefined;
	const wanted = access.name.text;
	return literal.properties.find(
		(p) =>
			(ts.isMethodDeclaration(p) || ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
			propertyNameText(p.name) === wanted,
	);
}
