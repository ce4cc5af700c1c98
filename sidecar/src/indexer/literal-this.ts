/**
 * `this.takeInquiry(…)` inside a method written in an object literal: the method of that name the
 * literal itself holds. The checker types such a `this` as the literal only under `noImplicitThis`; in
 * JavaScript it is `any`, and when the literal's variable is annotated (`const Router: Routing = {…}`) it
 * is the annotation, a signature with no body — either way the call led nowhere.
 *
 * An options object's sections share one `this` (`export default { methods: { onSave() { this.save() } },
 * computed: { … } }`): when the literal holding the method is itself a section of an outer literal and
 * does not define the name, the outer literal's own members and its other literal sections are looked at,
 * and the name is taken only when exactly one of them defines it — no section word is assumed.
 */
import { ts } from "#ts-morph";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";

type Member = ts.MethodDeclaration | ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.AccessorDeclaration;

/** The function a `this` written at `node` belongs to (arrow functions keep their outer `this`). */
function thisOwner(node: ts.Node): ts.Node | undefined {
	for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
		if (ts.isArrowFunction(n)) continue;
		if (ts.isFunctionLike(n) || ts.isClassLike(n) || ts.isSourceFile(n)) return n;
	}
	return undefined;
}

/** The object literal a function is a member of: `m() {}`, `m: function () {}`, `get m() {}`. */
function literalOf(fn: ts.Node): ts.ObjectLiteralExpression | undefined {
	if ((ts.isMethodDeclaration(fn) || ts.isAccessor(fn)) && ts.isObjectLiteralExpression(fn.parent)) return fn.parent;
	if (ts.isFunctionExpression(fn)) {
		let up: ts.Node = fn.parent;
		while (ts.isParenthesizedExpression(up)) up = up.parent;
		if (ts.isPropertyAssignment(up) && ts.isObjectLiteralExpression(up.parent)) return up.parent;
	}
	return undefined;
}

function isMember(p: ts.ObjectLiteralElementLike): p is Member {
	return (
		ts.isMethodDeclaration(p) ||
		ts.isPropertyAssignment(p) ||
		ts.isShorthandPropertyAssignment(p) ||
		ts.isGetAccessorDeclaration(p) ||
		ts.isSetAccessorDeclaration(p)
	);
}

function membersNamed(literal: ts.ObjectLiteralExpression, name: string): Member[] {
	return literal.properties.filter((p): p is Member => isMember(p) && propertyNameText(p.name) === name);
}

/** The member a `this.name` access (a call's callee or a value read) reaches in its object literal. */
export function literalThisMember(access: ts.Expression): Member | undefined {
	const expr = skipWrappers(access);
	if (!ts.isPropertyAccessExpression(expr) || !ts.isIdentifier(expr.name)) return undefined;
	if (skipWrappers(expr.expression).kind !== ts.SyntaxKind.ThisKeyword) return undefined;
	const owner = thisOwner(expr);
	const literal = owner ? literalOf(owner) : undefined;
	if (!literal) return undefined;
	const name = expr.name.text;
	const own = membersNamed(literal, name);
	if (own.length > 0) return own[0];
	// A section of an options object: its sibling sections and the object's own members.
	const section = literal.parent;
	if (!ts.isPropertyAssignment(section) || !ts.isObjectLiteralExpression(section.parent)) return undefined;
	const outer = section.parent;
	const found = membersNamed(outer, name);
	for (const p of outer.properties) {
		if (p === section || !ts.isPropertyAssignment(p)) continue;
		const value = skipWrappers(p.initializer);
		if (ts.isObjectLiteralExpression(value)) found.push(...membersNamed(value, name));
	}
	return found.length === 1 ? found[0] : undefined;
}
