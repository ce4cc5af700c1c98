/**
 * The ts-morph node under the wrappers that change only an expression's type. Its own module: the key
 * evaluation (key-eval.ts, which re-exports it for the idioms) and the key families it calls
 * (key-families.ts) both strip them, and neither imports the other for it.
 */
import { Node } from "#ts-morph";

/** Strip `(x)`, `x as T`, `x satisfies T`, `<T>x`, `x!`. */
export function unwrap(node: Node): Node {
	let n = node;
	for (;;) {
		if (
			Node.isParenthesizedExpression(n) ||
			Node.isAsExpression(n) ||
			Node.isSatisfiesExpression(n) ||
			Node.isTypeAssertion(n) ||
			Node.isNonNullExpression(n)
		) {
			n = n.getExpression();
		} else return n;
	}
}
