/**
 * A `const` that only renames a function (`export const getItem = getItemWrapper;`,
 * `const save = store.save;`, `export const run = impl as Runner`): no body of its own, so a call
 * through it runs the function it names. Go-to-definition reaches that function in a second step; the
 * alias's own edge to it is a `call` (edges.ts), so a flow goes caller → alias → function and does not
 * end at the renaming line as if it called nothing.
 * The rule, read on the declaration: a `const` whose initializer, under type-only wrappers, is a name
 * or a property access, and whose symbol (through imports) is declared as a function with a body, a
 * method with a body, or a `const` holding an arrow or function expression. A renamed value of any
 * other kind (an object, a class, a signature without a body) stays a definition of its own.
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "../syntax/unwrap.js";

/** The symbol of the function a renaming `const` names, or undefined when the declaration is no such alias. */
export function aliasedFunction(checker: ts.TypeChecker, decl: ts.Declaration): ts.Symbol | undefined {
	if (!ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name) || !decl.initializer) return undefined;
	if (!ts.isVariableDeclarationList(decl.parent) || !(decl.parent.flags & ts.NodeFlags.Const))
		return undefined;
	const value = skipWrappers(decl.initializer);
	if (!ts.isIdentifier(value) && !ts.isPropertyAccessExpression(value)) return undefined;
	let symbol = checker.getSymbolAtLocation(value);
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
	return symbol?.declarations?.some(isFunctionWithBody) ? symbol : undefined;
}

function isFunctionWithBody(d: ts.Declaration): boolean {
	if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d)) return d.body !== undefined;
	if (!ts.isVariableDeclaration(d) || !d.initializer) return false;
	const init = skipWrappers(d.initializer);
	return ts.isArrowFunction(init) || ts.isFunctionExpression(init);
}
