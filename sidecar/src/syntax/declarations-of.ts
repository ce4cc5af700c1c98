/**
 * The declarations a name refers to, an imported name followed through its import to what the other
 * module declares (`import { x } from './m'` → the `x` of m.ts): what the trunk idioms ask of a name
 * before they look at its initializer, its class or its definition id. The checker may throw on a
 * broken program: callers keep their own `try`.
 */
import type { Node } from "#ts-morph";

export function declarationsOf(node: Node): Node[] {
	let symbol = node.getSymbol();
	if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
	return symbol?.getDeclarations() ?? [];
}
