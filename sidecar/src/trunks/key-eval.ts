/**
 * Static evaluation of a key expression to the finite set of strings it can take:
 * literals, arrays, ternaries, `+` and template strings over such values, `const` variables and
 * `const` object maps (`MAP.x`, `MAP[k]`), enum members, `static readonly` class members, and
 * `this.x` for a class property initialised with a literal that nothing reassigns or overrides;
 * an argument-less call of a static method whose body is one `return` of such a value (`Event.getName()`);
 * a reference inside a `switch` on itself (the labels of its clause); a loop variable (the values of
 * the collection it walks) and a constant's numbered instance (`${Q.Render}-${shard}`: key-families.ts);
 * then the checker's type when it is one literal.
 * Anything else is unbound: the caller records the expression, never a guess.
 */

import type {
	ClassDeclaration,
	ClassExpression,
	Expression,
	ObjectLiteralExpression,
	PropertyAccessExpression,
} from "ts-morph";
import { Node, SyntaxKind, ts } from "#ts-morph";
import { unwrap } from "../syntax/unwrap.js";
import { familyBase, loopVariableValues } from "./key-families.js";
import { checkerOf, thisAssignment } from "./walk.js";

const MAX_VALUES = 64;
export const MAX_DEPTH = 8;

/** The initializer of a `const` variable (or enum member / readonly-ish property) an identifier refers to. */
function constInitializer(id: Node): Node | undefined {
	let symbol = id.getSymbol();
	if (!symbol) return undefined;
	if (symbol.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
	for (const decl of symbol.getDeclarations()) {
		if (Node.isVariableDeclaration(decl)) {
			const list = decl.getParent();
			const isConst =
				Node.isVariableDeclarationList(list) && (list.getFlags() & 2) /* NodeFlags.Const */ !== 0;
			if (isConst) return decl.getInitializer();
		}
		if (Node.isEnumMember(decl)) return decl.getInitializer();
		if (Node.isEnumDeclaration(decl) || Node.isClassDeclaration(decl)) return decl;
	}
	return undefined;
}

/** Resolve an expression to the object literal (or enum) it denotes, following consts and nested properties. */
export function resolveObject(expr: Node, depth = 0): ObjectLiteralExpression | Node | undefined {
	if (depth > MAX_DEPTH) return undefined;
	const n = unwrap(expr);
	if (Node.isObjectLiteralExpression(n) || Node.isEnumDeclaration(n) || Node.isClassDeclaration(n)) return n;
	if (Node.isIdentifier(n)) {
		const init = constInitializer(n);
		return init ? resolveObject(init, depth + 1) : undefined;
	}
	if (Node.isPropertyAccessExpression(n)) {
		const owner = resolveObject(n.getExpression(), depth + 1);
		const member = owner && memberInitializer(owner, n.getName());
		return member ? resolveObject(member, depth + 1) : undefined;
	}
	return undefined;
}

export function propertyNameText(nameNode: Node): string | undefined {
	if (Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode)) return nameNode.getText();
	if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode))
		return nameNode.getLiteralValue();
	if (Node.isNumericLiteral(nameNode)) return nameNode.getText();
	if (Node.isComputedPropertyName(nameNode)) {
		const v = evaluateKey(nameNode.getExpression());
		return v?.length === 1 ? v[0] : undefined;
	}
	return undefined;
}

function memberInitializer(owner: Node, name: string): Node | undefined {
	if (Node.isEnumDeclaration(owner)) return owner.getMember(name)?.getInitializer();
	if (Node.isClassDeclaration(owner)) {
		// `Cls.NAME`: only a `static readonly` member is a constant.
		const prop = owner.getStaticProperty(name);
		return prop && Node.isPropertyDeclaration(prop) && prop.isReadonly() ? prop.getInitializer() : undefined;
	}
	if (!Node.isObjectLiteralExpression(owner)) return undefined;
	for (const p of owner.getProperties()) {
		if (Node.isPropertyAssignment(p) && propertyNameText(p.getNameNode()) === name) return p.getInitializer();
	}
	return undefined;
}

/**
 * `Cls.name()` with no arguments, where `name` is a static method of `Cls` whose body is one `return x;`:
 * the method names a constant (`static getName() { return 'order.created'; }`), as a `static readonly`
 * field would. A method with parameters, several statements or no body computes its value: not followed.
 */
export function staticReturn(call: Node): Node | undefined {
	if (!Node.isCallExpression(call) || call.getArguments().length > 0) return undefined;
	const callee = unwrap(call.getExpression());
	if (!Node.isPropertyAccessExpression(callee)) return undefined;
	const owner = resolveObject(callee.getExpression());
	if (!owner || !Node.isClassDeclaration(owner)) return undefined;
	const method = owner.getStaticMethod(callee.getName());
	if (!method || !Node.isMethodDeclaration(method) || method.getParameters().length > 0) return undefined;
	const statements = method.getStatements();
	const only = statements.length === 1 ? statements[0] : undefined;
	return only && Node.isReturnStatement(only) ? only.getExpression() : undefined;
}

function allMemberInitializers(owner: Node): Node[] | undefined {
	if (Node.isEnumDeclaration(owner)) {
		const inits = owner.getMembers().map((m) => m.getInitializer());
		return inits.every((i) => i) ? (inits as Node[]) : undefined;
	}
	if (!Node.isObjectLiteralExpression(owner)) return undefined;
	const out: Node[] = [];
	for (const p of owner.getProperties()) {
		if (!Node.isPropertyAssignment(p)) return undefined;
		const init = p.getInitializer();
		if (!init) return undefined;
		out.push(init);
	}
	return out;
}

export function product(parts: string[][]): string[] | null {
	let acc: string[] = [""];
	for (const values of parts) {
		const next: string[] = [];
		for (const a of acc) for (const v of values) next.push(a + v);
		if (next.length > MAX_VALUES) return null;
		acc = next;
	}
	return acc;
}

export function union(lists: (string[] | null)[]): string[] | null {
	if (lists.some((l) => l === null)) return null;
	const out = [...new Set((lists as string[][]).flat())];
	return out.length > MAX_VALUES ? null : out;
}

/**
 * Expressions whose type is never one string literal, whatever the program says (an object, an array, a
 * function, a class, a regular expression, a boolean, null, a number): the checker need not be asked.
 */
export const NEVER_STRING_LITERAL: ReadonlySet<ts.SyntaxKind> = new Set<ts.SyntaxKind>([
	ts.SyntaxKind.ObjectLiteralExpression,
	ts.SyntaxKind.ArrayLiteralExpression,
	ts.SyntaxKind.ArrowFunction,
	ts.SyntaxKind.FunctionExpression,
	ts.SyntaxKind.FunctionDeclaration,
	ts.SyntaxKind.ClassExpression,
	ts.SyntaxKind.ClassDeclaration,
	ts.SyntaxKind.RegularExpressionLiteral,
	ts.SyntaxKind.TrueKeyword,
	ts.SyntaxKind.FalseKeyword,
	ts.SyntaxKind.NullKeyword,
	ts.SyntaxKind.NumericLiteral,
	ts.SyntaxKind.BigIntLiteral,
]);

/**
 * `literalTypeValues` by checker and compiler node: the type of a node does not change within a program, and
 * the same key is evaluated again by other passes over the call (a third of the checker calls on some repos).
 */
const typeValues = new WeakMap<ts.TypeChecker, WeakMap<ts.Node, string[] | null>>();

/** The literal value of the checker's type for `expr`, when it is one string literal. */
function literalTypeValues(expr: Node): string[] | null {
	return literalTypeOf(expr.compilerNode, checkerOf(expr));
}

/** `literalTypeValues` on a compiler node, with the checker ts-morph's node would ask (key-eval-nodes.ts reads it too). */
export function literalTypeOf(node: ts.Node, checker: ts.TypeChecker): string[] | null {
	if (NEVER_STRING_LITERAL.has(node.kind)) return null;
	let known = typeValues.get(checker);
	if (!known) {
		known = new WeakMap();
		typeValues.set(checker, known);
	}
	const cached = known.get(node);
	if (cached !== undefined) return cached && [...cached];
	const values = checkedLiteral(node, checker);
	known.set(node, values);
	return values && [...values];
}

function checkedLiteral(node: ts.Node, checker: ts.TypeChecker): string[] | null {
	let type: ts.Type;
	try {
		type = checker.getTypeAtLocation(node);
	} catch {
		return null;
	}
	// Only a single literal: a union type (`eventType: ChannelNames`) lists what may be passed, not what is.
	if (type.isStringLiteral()) return [String(type.value)];
	return null;
}

const thisValueCache = new WeakMap<Node, Node | null>();

/** The class whose instance `this` denotes at `node` (arrow functions keep it; other functions rebind it). */
function thisClass(node: Node): ClassDeclaration | ClassExpression | undefined {
	for (let n = node.getParent(); n; n = n.getParent()) {
		if (Node.isClassDeclaration(n) || Node.isClassExpression(n)) return n;
		if (Node.isFunctionDeclaration(n) || Node.isFunctionExpression(n)) return undefined;
	}
	return undefined;
}

function assignsThisProperty(cls: Node, name: string): boolean {
	return thisAssignment(cls.compilerNode, name, true, () => true) !== undefined;
}

/**
 * `this.name` → the initializer of the instance property `name` (`protected name = 'presence'`), when
 * nothing in the class or its ancestors assigns `this.name =`. A class deriving from this one may
 * still redeclare it: that needs the whole repository, so the extractor checks it in `finalize`
 * (see `thisPropertyReads`).
 */
function thisPropertyInitializer(access: PropertyAccessExpression): Node | undefined {
	const cached = thisValueCache.get(access);
	if (cached !== undefined) return cached ?? undefined;
	let found: Node | null = null;
	const cls = thisClass(access);
	const name = access.getName();
	if (cls) {
		try {
			const lineage: (ClassDeclaration | ClassExpression)[] = [cls];
			for (let base = cls.getBaseClass(); base && lineage.length < 8; base = base.getBaseClass())
				lineage.push(base);
			const owner = lineage.find((k) => k.getInstanceProperty(name));
			const prop = owner?.getInstanceProperty(name);
			const init = prop && Node.isPropertyDeclaration(prop) ? prop.getInitializer() : undefined;
			if (init !== undefined && !lineage.some((k) => assignsThisProperty(k, name))) found = init;
		} catch {
			found = null; // a base class that does not resolve: the value is not known
		}
	}
	thisValueCache.set(access, found);
	return found ?? undefined;
}

/**
 * The `this.x` reads a key expression's value rests on, as `Class#x` of the class `this` is in:
 * a subclass redeclaring `x` (`protected name = 'other'`) makes the value depend on the instance.
 */
export function thisPropertyReads(expr: Node): string[] {
	const out = new Set<string>();
	const accesses = [expr, ...expr.getDescendants()].filter(
		(d): d is PropertyAccessExpression =>
			Node.isPropertyAccessExpression(d) && d.getExpression().getKind() === SyntaxKind.ThisKeyword,
	);
	for (const access of accesses) {
		const cls = thisClass(access);
		const name = cls?.getName();
		if (name && thisValueCache.get(access)) out.add(`${name}#${access.getName()}`);
	}
	return [...out];
}

/**
 * Instance properties a class sets itself (`name = 'x'` or `this.name = …`), keyed by the class it
 * extends. Raw compiler nodes: this runs over every class of the repository.
 */
export function classOverrides(node: ts.ClassLikeDeclaration): { base: string; props: string[] } | null {
	const heritage = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
	const expr = heritage?.types[0]?.expression;
	if (!expr) return null;
	const base = (ts.isPropertyAccessExpression(expr) ? expr.name : expr).getText();
	const props = new Set<string>();
	for (const m of node.members) {
		const isStatic = ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Static;
		if (ts.isPropertyDeclaration(m) && !isStatic && ts.isIdentifier(m.name)) props.add(m.name.text);
	}
	const walk = (n: ts.Node): void => {
		if (
			ts.isBinaryExpression(n) &&
			n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
			ts.isPropertyAccessExpression(n.left) &&
			n.left.expression.kind === ts.SyntaxKind.ThisKeyword
		)
			props.add(n.left.name.text);
		ts.forEachChild(n, walk);
	};
	ts.forEachChild(node, walk);
	return { base, props: [...props] };
}

function isParameter(id: Node): boolean {
	return (
		id
			.getSymbol()
			?.getDeclarations()
			.some((d) => Node.isParameterDeclaration(d)) ?? false
	);
}

/** Does a clause's last statement leave the clause (so the clause before it does not fall through)? */
function exits(last: Node | undefined): boolean {
	if (!last) return false;
	if (Node.isBlock(last)) return exits(last.getStatements().at(-1));
	return (
		Node.isBreakStatement(last) ||
		Node.isReturnStatement(last) ||
		Node.isThrowStatement(last) ||
		Node.isContinueStatement(last)
	);
}

/**
 * The values a reference takes inside a `switch` on itself: in `switch (event.name) { case 'a':
 * case 'b': emit(event.name) }` the key is exactly `a` or `b`, whatever the type says (a union, or
 * nothing when the types do not resolve). Only the clause the reference stands in and the empty
 * clauses falling into it count; a clause under `default`, a non-empty clause falling through, or a
 * function between the clause and the reference (it may run after the value changed) leave it unknown.
 */
function switchNarrowed(ref: Node, depth: number): string[] | null {
	const text = ref.getText();
	for (let child: Node = ref, p = ref.getParent(); p; child = p, p = p.getParent()) {
		if (Node.isFunctionLikeDeclaration(p) || Node.isArrowFunction(p) || Node.isFunctionExpression(p))
			return null;
		if (!Node.isCaseClause(p) || !p.getStatements().includes(child as never)) continue;
		const sw = p.getParentOrThrow().getParent();
		if (!Node.isSwitchStatement(sw) || unwrap(sw.getExpression()).getText() !== text) continue;
		const clauses = sw.getClauses();
		const labels: Node[] = [];
		for (let i = clauses.indexOf(p); i >= 0; i--) {
			const c = clauses[i];
			if (!Node.isCaseClause(c)) return null; // `default:` falls into this clause
			if (i !== clauses.indexOf(p) && c.getStatements().length > 0) {
				if (!exits(c.getStatements().at(-1))) return null;
				break;
			}
			labels.push(c.getExpression());
		}
		return union(labels.map((l) => evaluateKey(l, depth + 1)));
	}
	return null;
}

/**
 * The constant alternatives of a key chosen at run time among several (`force ? 'a' : 'b'`,
 * `cond ? ['items.create', \`${c}.items.create\`] : \`${s}.create\``): each ternary branch and
 * array element is evaluated alone, so the constant ones stay keys when others are built at run
 * time (`dynamic`). A key that is no such choice is all or nothing, as `evaluateKey` gives it.
 */
export function keyAlternatives(expr: Node, depth = 0): { values: string[]; dynamic: boolean } {
	const n = unwrap(expr);
	const branches = Node.isConditionalExpression(n)
		? [n.getWhenTrue(), n.getWhenFalse()]
		: Node.isArrayLiteralExpression(n)
			? n.getElements()
			: null;
	if (branches === null || depth >= MAX_DEPTH) {
		const v = evaluateKey(n, depth);
		return v ? { values: v, dynamic: false } : { values: [], dynamic: true };
	}
	const values = new Set<string>();
	let dynamic = false;
	for (const b of branches) {
		const a = keyAlternatives(b, depth + 1);
		for (const v of a.values) values.add(v);
		dynamic ||= a.dynamic;
	}
	return values.size > MAX_VALUES ? { values: [], dynamic: true } : { values: [...values], dynamic };
}

/** The strings `expr` can evaluate to, or null when it is built at run time. */
export function evaluateKey(expr: Node, depth = 0): string[] | null {
	if (depth > MAX_DEPTH) return null;
	const n = unwrap(expr);
	if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) return [n.getLiteralValue()];
	if (Node.isNumericLiteral(n)) return [n.getText()];
	if (Node.isArrayLiteralExpression(n)) return union(n.getElements().map((e) => evaluateKey(e, depth + 1)));
	if (Node.isConditionalExpression(n))
		return union([evaluateKey(n.getWhenTrue(), depth + 1), evaluateKey(n.getWhenFalse(), depth + 1)]);
	if (Node.isTemplateExpression(n)) {
		// `${QueueId.Render}-${shard}`: one numbered instance of a constant's family (key-families.ts).
		const family = familyBase(n, evaluateKey, depth);
		if (family) return family;
		const parts: string[][] = [[n.getHead().getLiteralText()]];
		for (const span of n.getTemplateSpans()) {
			const v = evaluateKey(span.getExpression(), depth + 1);
			if (!v) return null;
			parts.push(v, [span.getLiteral().getLiteralText()]);
		}
		return product(parts);
	}
	if (Node.isBinaryExpression(n) && n.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
		const l = evaluateKey(n.getLeft(), depth + 1);
		const r = l && evaluateKey(n.getRight(), depth + 1);
		return l && r ? product([l, r]) : null;
	}
	if (Node.isIdentifier(n)) {
		const init = constInitializer(n);
		const v = init && !Node.isEnumDeclaration(init) ? evaluateKey(init, depth + 1) : null;
		// A parameter's literal-union type lists what callers may pass, not what this site sends; a loop's
		// element parameter (`names.forEach((name) => …)`) takes the values of what it walks.
		return (
			v ??
			switchNarrowed(n, depth) ??
			loopVariableValues(n, evaluateKey, depth) ??
			(isParameter(n) ? null : literalTypeValues(n))
		);
	}
	if (Node.isPropertyAccessExpression(n)) {
		if (n.getExpression().getKind() === SyntaxKind.ThisKeyword) {
			const init = thisPropertyInitializer(n);
			const v = init ? evaluateKey(init, depth + 1) : null;
			if (v?.length === 1) return v;
			return switchNarrowed(n, depth) ?? literalTypeValues(n);
		}
		const owner = resolveObject(n.getExpression());
		const member = owner && memberInitializer(owner, n.getName());
		const v = member ? evaluateKey(member, depth + 1) : null;
		return v ?? switchNarrowed(n, depth) ?? literalTypeValues(n);
	}
	if (Node.isElementAccessExpression(n)) {
		const owner = resolveObject(n.getExpression());
		const arg = n.getArgumentExpression();
		if (owner && arg) {
			const index = evaluateKey(arg, depth + 1);
			const members = index
				? index.map((k) => memberInitializer(owner, k))
				: (allMemberInitializers(owner) ?? [undefined]);
			if (members.every((m) => m)) {
				const v = union((members as Node[]).map((m) => evaluateKey(m, depth + 1)));
				if (v) return v;
			}
		}
		return literalTypeValues(n);
	}
	if (Node.isCallExpression(n)) {
		const returned = staticReturn(n);
		const v = returned ? evaluateKey(returned, depth + 1) : null;
		if (v) return v;
	}
	return literalTypeValues(n as Expression);
}
