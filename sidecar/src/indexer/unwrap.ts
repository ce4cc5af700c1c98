/**
 * The expression under the wrappers that change only its type: `(x)`, `x as T`, `x satisfies T`,
 * `<T>x`, `x!`. Compiler nodes only (no ts-morph), for the definition walk and the trunk walk alike.
 */
// The compiler ts-morph bundles: the walks that call this hold its nodes (kind numbers are per version).
import { ts } from "#ts-morph";

export function skipWrappers(node: ts.Expression): ts.Expression;
export function skipWrappers(node: ts.Node): ts.Node;
export function skipWrappers(node: ts.Node): ts.Node {
	let n = node;
	while (
		ts.isParenthesizedExpression(n) ||
		ts.isAsExpression(n) ||
		ts.isNonNullExpression(n) ||
		ts.isSatisfiesExpression(n) ||
		ts.isTypeAssertionExpression(n)
	) {
		n = n.expression;
	}
	return n;
}
