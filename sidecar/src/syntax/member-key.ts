/**
 * Keys written as names: a registration's string key and a type member named by a string or a
 * constant. The indexer names definitions by them (defs.ts); the trunk extractor reads a declared
 * type's members by the same rule (trunks/declarations.ts).
 */
import { ts } from "#ts-morph";

/** A key that can be part of a definition's name: short, no spaces or parentheses; null otherwise. */
export const keyText = (key: string): string | null =>
	key.length > 0 && key.length <= 80 && !/[\s()]/.test(key) ? key : null;

/**
 * The key a type member is named by, as written: a string literal (`'user.created'`) or a constant
 * (`[USER_CREATED]`, `[Events.USER_CREATED]`; not a well-known symbol, `[Symbol.iterator]`); null for a
 * name written as an identifier, a number, or a key that cannot be part of a name (`keyText`, the rule of defs.ts's `callKey`).
 */
export function typeMemberKey(name: ts.PropertyName): string | null {
	if (ts.isStringLiteralLike(name)) return keyText(name.text);
	if (!ts.isComputedPropertyName(name)) return null;
	let e: ts.Expression = name.expression;
	while (ts.isPropertyAccessExpression(e)) e = e.expression;
	if (!ts.isIdentifier(e) || e.text === "Symbol") return null;
	const written = name.expression;
	return ts.isIdentifier(written) || ts.isPropertyAccessExpression(written)
		? keyText(entityText(written))
		: null;
}

/** `Events.USER_CREATED` as written, without trivia. */
function entityText(e: ts.Expression): string {
	return ts.isPropertyAccessExpression(e)
		? `${entityText(e.expression)}.${e.name.text}`
		: (e as ts.Identifier).text;
}
