/**
 * When two declarations of one file get the same qualified name, are they one definition? Overload
 * signatures and their implementation are (`function f(a: A): X; function f(b: B): Y; function f(x) {…}`),
 * and so are declarations TypeScript merges (an interface declared twice, a `const` and the `type` of the
 * same name, an accessor's `get` and `set`). Two implementations are not: a local `const onSave = …` in
 * each of two callbacks of one function, a static and an instance method of one name, a method a JS class
 * writes twice. Merged, they made one definition spanning both and all the code between; each is a
 * definition of its own (`owner.onSave~2`, the suffix the keyed handlers use). Declarations that merge
 * but sit apart (`const X = z.object(…)` at the top of a file, `type X = …` hundreds of lines below, an
 * `interface Props` and the component `function Props` far down) are definitions of their own too: one
 * definition would span every statement between (edges.ts sends a type use to the type, a value use to
 * the value).
 */
import { ts } from "#ts-morph";

/** What the merge decision needs to know of a definition's declarations so far. */
export interface DeclarationShape {
	/** The first declaration with a body or value, if any. */
	implementation: ts.Node | undefined;
	/** A class member declared `static`: never the same definition as an instance member. */
	isStatic: boolean;
}

export function shapeOf(node: ts.Node): DeclarationShape {
	return { implementation: isImplementation(node) ? node : undefined, isStatic: isStatic(node) };
}

/** Does a declaration join the definition of this shape (and update the shape if so)? */
export function joins(shape: DeclarationShape, node: ts.Node): boolean {
	if (isStatic(node) !== shape.isStatic) return false;
	if (!isImplementation(node) || shape.implementation === node) return true;
	if (shape.implementation && !accessorPair(shape.implementation, node)) return false;
	shape.implementation ??= node;
	return true;
}

/**
 * A declaration that carries code or a value: a function, method or accessor with a body, a function
 * expression, a variable, property or assignment with a value. Signatures, interfaces, type aliases,
 * enums, classes (merged with an interface of their name) and bare `var x;` declare, and merge.
 */
function isImplementation(node: ts.Node): boolean {
	if (
		ts.isFunctionDeclaration(node) ||
		ts.isMethodDeclaration(node) ||
		ts.isConstructorDeclaration(node) ||
		ts.isGetAccessorDeclaration(node) ||
		ts.isSetAccessorDeclaration(node)
	)
		return node.body !== undefined;
	if (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isBindingElement(node))
		return node.initializer !== undefined || ts.isBindingElement(node);
	return (
		ts.isArrowFunction(node) ||
		ts.isFunctionExpression(node) ||
		ts.isPropertyAssignment(node) ||
		ts.isShorthandPropertyAssignment(node) ||
		ts.isBinaryExpression(node) ||
		ts.isExportAssignment(node)
	);
}

/** A property's `get` and `set`: one member, read and written. */
function accessorPair(a: ts.Node, b: ts.Node): boolean {
	return (
		(ts.isGetAccessorDeclaration(a) && ts.isSetAccessorDeclaration(b)) ||
		(ts.isSetAccessorDeclaration(a) && ts.isGetAccessorDeclaration(b))
	);
}

function isStatic(node: ts.Node): boolean {
	return (
		ts.isClassElement(node) &&
		ts.canHaveModifiers(node) &&
		(ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword)
	);
}

/**
 * Do two declarations sit together: one statement or member, or neighbours in one list (an overload set,
 * `export const X = …; export type X = …`)? Apart, one range holding both would hold what lies between.
 */
export function together(a: ts.Node, b: ts.Node): boolean {
	const x = listItem(a);
	const y = listItem(b);
	if (x === y) return true;
	if (!x || !y || x.parent !== y.parent) return false;
	const list = listOf(x.parent) ?? [];
	return Math.abs(list.indexOf(x) - list.indexOf(y)) <= 1;
}

/** The statement or member a declaration is written as (a `const`'s variable statement, a method). */
function listItem(node: ts.Node): ts.Node | undefined {
	let n = node;
	while (n.parent && !listOf(n.parent)?.includes(n)) n = n.parent;
	return n.parent ? n : undefined;
}

function listOf(node: ts.Node): readonly ts.Node[] | undefined {
	if (ts.isSourceFile(node) || ts.isBlock(node) || ts.isModuleBlock(node)) return node.statements;
	if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node))
		return node.members;
	if (ts.isObjectLiteralExpression(node)) return node.properties;
	return undefined;
}
