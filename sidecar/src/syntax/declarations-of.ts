/**
 * The declarations a name refers to, an imported name followed through its import to what the other
 * module declares (`import { x } from './m'` → the `x` of m.ts): what the trunk idioms ask of a name
 * before they look at its initializer, its class or its definition id. The checker may throw on a
 * broken program: callers keep their own `try`.
 */
import { type Node, ts } from "#ts-morph";

export function declarationsOf(node: Node): Node[] {
	let symbol = node.getSymbol();
	if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
	return symbol?.getDeclarations() ?? [];
}

/**
 * `declarationsOf(node)[0]` read on compiler nodes: the same symbol as ts-morph's `getSymbol` (the node's
 * bound symbol, the checker's, else its name's), followed through an alias, and its first declaration —
 * without a wrapper for the node or for any declaration (each would also wrap its missing ancestors).
 */
export function firstDeclarationOf(node: ts.Node, checker: ts.TypeChecker): ts.Declaration | undefined {
	return compilerDeclarationsOf(node, checker)[0];
}

/** `declarationsOf` read on compiler nodes (see `firstDeclarationOf`): no declaration is wrapped. */
export function compilerDeclarationsOf(node: ts.Node, checker: ts.TypeChecker): readonly ts.Declaration[] {
	let symbol = symbolOf(node, checker);
	if (symbol && (symbol.flags & ts.SymbolFlags.Alias) === ts.SymbolFlags.Alias)
		symbol = checker.getAliasedSymbol(symbol) ?? symbol;
	return symbol?.declarations ?? [];
}

/** ts-morph's `getSymbol` on a compiler node: its bound symbol, the checker's, else its name's (no alias followed). */
export function symbolOf(node: ts.Node, checker: ts.TypeChecker): ts.Symbol | undefined {
	const bound = (node as { symbol?: ts.Symbol }).symbol;
	if (bound) return bound;
	const found = checker.getSymbolAtLocation(node);
	if (found) return found;
	// A member read's name is resolved as the member read itself (the checker climbs from `b` to `a.b`):
	// asking again would only check the read again (with `a`'s flow type, for an untyped `a`).
	if (ts.isPropertyAccessExpression(node)) return undefined;
	const name = (node as { name?: ts.Node }).name;
	return name ? symbolOf(name, checker) : undefined;
}
