/**
 * `this.takeInquiry(…)` inside a method written in an object literal: the method of that name the
 * literal itself holds. The checker types such a `this` as the literal only under `noImplicitThis`; in
 * JavaScript it is `any`, and when the literal's variable is annotated (`const Router: Routing = {…}`) it
 * is the annotation, a signature with no body — either way the call led nowhere.
 *
 * An options object's sections share one `this` (`export default { methods: { onSave() { this.save() } },
 * computed: { … }, mounted() { this.load() } }`): inside one, the name is looked up in the sections whose
 * members are on `this`, and taken only when exactly one of them defines it; when none does, a method
 * written directly in the literal falls back to the literal's own members (`methods: {}` there is a
 * registry filled at run time, not a section).
 */
import { ts } from "#ts-morph";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";

type Member =
	| ts.MethodDeclaration
	| ts.PropertyAssignment
	| ts.ShorthandPropertyAssignment
	| ts.AccessorDeclaration;

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
	if ((ts.isMethodDeclaration(fn) || ts.isAccessor(fn)) && ts.isObjectLiteralExpression(fn.parent))
		return fn.parent;
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

/**
 * Options-object words (Vue's options API, its mixins): the sections whose members are on `this`, and
 * the sections whose functions run with that `this` (a watcher is named after the data it watches, so
 * `this.x` never reaches `watch.x`; props and `data()` are values, not functions).
 */
const THIS_SECTIONS = ["methods", "computed"];
const SECTION_WORDS = new Set([...THIS_SECTIONS, "watch"]);

function sectionName(literal: ts.ObjectLiteralExpression): string | null {
	const up = literal.parent;
	return ts.isPropertyAssignment(up) && ts.isObjectLiteralExpression(up.parent)
		? propertyNameText(up.name)
		: null;
}

/** The options object a method's literal belongs to: the literal itself when it has a `this` section, or its parent when it is one. */
function optionsObject(literal: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression | undefined {
	const section = sectionName(literal);
	if (section !== null && SECTION_WORDS.has(section))
		return literal.parent.parent as ts.ObjectLiteralExpression;
	return literal.properties.some((p) => thisSection(p) !== undefined) ? literal : undefined;
}

function thisSection(p: ts.ObjectLiteralElementLike): ts.ObjectLiteralExpression | undefined {
	if (!ts.isPropertyAssignment(p) || !THIS_SECTIONS.includes(propertyNameText(p.name) ?? ""))
		return undefined;
	const value = skipWrappers(p.initializer);
	return ts.isObjectLiteralExpression(value) ? value : undefined;
}

function isFunctionMember(m: Member): boolean {
	if (!ts.isPropertyAssignment(m)) return !ts.isShorthandPropertyAssignment(m);
	const value = skipWrappers(m.initializer);
	return ts.isFunctionExpression(value) || ts.isArrowFunction(value);
}

/**
 * The member a `this.name` access reaches in its object literal: any member for a call, a function for
 * a value read (`setTimeout(this.poll)`, `app.get('*', this.serve)`).
 */
export function literalThisMember(access: ts.Expression, called: boolean): Member | undefined {
	const expr = skipWrappers(access);
	if (!ts.isPropertyAccessExpression(expr) || !ts.isIdentifier(expr.name)) return undefined;
	if (skipWrappers(expr.expression).kind !== ts.SyntaxKind.ThisKeyword) return undefined;
	const owner = thisOwner(expr);
	const literal = owner ? literalOf(owner) : undefined;
	if (!literal) return undefined;
	const name = expr.name.text;
	const options = optionsObject(literal);
	const found: Member[] = [];
	if (options) {
		for (const p of options.properties) {
			const section = thisSection(p);
			if (section) found.push(...membersNamed(section, name));
		}
		// A literal holding a run-time registry named `methods` (`methods: {}`) is no options object:
		// when no section defines the name, the method's own literal may.
		if (found.length === 0 && literal === options) found.push(...membersNamed(literal, name));
		if (found.length !== 1) return undefined;
	} else found.push(...membersNamed(literal, name));
	const member = found[0];
	return member && (called || isFunctionMember(member)) ? member : undefined;
}
