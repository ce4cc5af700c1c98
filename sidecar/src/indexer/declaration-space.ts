/**
 * A name can be declared as a value and as a type (`const Config = z.object(…)` and `type Config = …`,
 * `interface Props` and `function Props`). Declared apart they are two definitions (same-name.ts), and a
 * use reaches the one its position reads: `Config.parse(x)` the value, `x: Config` the type.
 */
import { ts } from "#ts-morph";

/** Does the declaration declare a value, a type, or both (a class, an enum)? */
export function spacesOf(decl: ts.Node): { value: boolean; type: boolean } {
	if (ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl)) return { value: false, type: true };
	if (ts.isClassLike(decl) || ts.isEnumDeclaration(decl)) return { value: true, type: true };
	return { value: true, type: false };
}

/**
 * Is a name read as a type: in a type reference (`x: Config`, `Array<ns.Config>`), an `implements`
 * clause or an interface's `extends`? `typeof Config` and a class's `extends` read the value.
 */
export function usedAsType(name: ts.Node): boolean {
	let n = name;
	while (
		(ts.isQualifiedName(n.parent) && n.parent.right === n) ||
		(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)
	)
		n = n.parent;
	const parent = n.parent;
	if (ts.isTypeReferenceNode(parent)) return true;
	if (ts.isExpressionWithTypeArguments(parent) && ts.isHeritageClause(parent.parent))
		return (
			parent.parent.token === ts.SyntaxKind.ImplementsKeyword ||
			ts.isInterfaceDeclaration(parent.parent.parent)
		);
	return false;
}
