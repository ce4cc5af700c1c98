/**
 * The ts-morph node under the wrappers that change only an expression's type: `skipWrappers`
 * (syntax/unwrap.ts) decides which node that is, on the compiler nodes; this finds its ts-morph node
 * by following the same `expression` links down. Its own module: the key evaluation (key-eval.ts,
 * which re-exports it for the idioms) and the key families it calls (key-families.ts) both strip
 * them, and neither imports the other for it.
 */
import type { Node } from "#ts-morph";
import { skipWrappers, type TypeOnlyWrapper } from "../syntax/unwrap.js";

/** Strip `(x)`, `x as T`, `x satisfies T`, `<T>x`, `x!`. */
export function unwrap(node: Node): Node {
	const inner = skipWrappers(node.compilerNode);
	let n = node;
	while (n.compilerNode !== inner) n = (n as Node<TypeOnlyWrapper>).getNodeProperty("expression");
	return n;
}
