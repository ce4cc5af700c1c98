/**
 * `crowi.pageService.renamePage(…)`: a field set at start-up (`this.pageService = new PageService(this)` in
 * an init method, JavaScript's `Crowi.prototype.setup = function () { … }` included) that the checker
 * types `any`, or by an interface lacking the member, so the call resolves to nothing. When every value
 * the holder's own code assigns to the field is `new C(…)` of one class (`null` / `undefined` placeholders
 * aside), the call runs `C`'s member. Two classes, or any other value (a factory's result, a ternary, a
 * parameter), and the field is left alone: the instance is not known. A field taken from a dependency
 * injector by its class (`private readonly data = inject(DataService)`) holds that class's instance.
 *
 * Only the holder's file is read: assignments on other receivers (a test's mock) are not seen, as an
 * edit of a body in that file does not re-extract its callers (the gap of inferred JS types, dependents.ts).
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "../syntax/unwrap.js";

/** Per field symbol: the instance type its assignments all construct, null when none or several. */
const heldTypes = new WeakMap<ts.Symbol, ts.Type | null>();

/** Per holder (a class, or a JS constructor function): field name → the values its code assigns. */
const assignedValues = new WeakMap<ts.Node, Map<string, ts.Expression[]>>();

/** The member a call `recv.field.member(…)` runs when `field` always holds an instance of one class. */
export function fieldInstanceMember(checker: ts.TypeChecker, callee: ts.Expression): ts.Symbol | undefined {
	const access = skipWrappers(callee);
	if (!ts.isPropertyAccessExpression(access) || !ts.isIdentifier(access.name)) return undefined;
	const held = skipWrappers(access.expression);
	const looked = lookedUpHeld(checker, held);
	if (looked) return looked.getProperty(access.name.text);
	if (!ts.isPropertyAccessExpression(held) || !ts.isIdentifier(held.name)) return undefined;
	const field = checker.getSymbolAtLocation(held.name);
	if (!field || !(field.flags & ts.SymbolFlags.Property)) return undefined;
	return heldType(checker, field)?.getProperty(access.name.text);
}

function heldType(checker: ts.TypeChecker, field: ts.Symbol): ts.Type | null {
	const known = heldTypes.get(field);
	if (known !== undefined) return known;
	const holder = holderOf(field);
	const values = holder ? valuesOf(holder).get(field.getName()) : undefined;
	let type: ts.Type | null = null;
	for (const value of values ?? []) {
		if (isPlaceholder(value)) continue;
		const made = ts.isNewExpression(value)
			? constructed(checker, value)
			: ts.isCallExpression(value)
				? factoryMade(checker, value)
				: undefined;
		const symbol = made?.getSymbol();
		if (!made || !symbol || (type && type.getSymbol() !== symbol)) {
			type = null;
			break;
		}
		type = made;
	}
	heldTypes.set(field, type);
	return type;
}

/**
 * The instance type `new C(…)` makes: the checker's when it knows the class; else, when `C` comes
 * whole from a module the checker does not connect (`const C = require('./c')` or `import C from './c'`
 * of a file that ends `module.exports = C`, `new (require('./c'))(…)`), the class that module exports.
 */
function constructed(checker: ts.TypeChecker, made: ts.NewExpression): ts.Type | undefined {
	const type = checker.getTypeAtLocation(made);
	const symbol = type.getSymbol();
	if (symbol && symbol.flags & ts.SymbolFlags.Class) return type;
	if (!(type.flags & ts.TypeFlags.Any)) return undefined;
	const specifier = moduleOf(checker, skipWrappers(made.expression));
	const file = specifier
		? checker.getSymbolAtLocation(specifier)?.declarations?.find(ts.isSourceFile)
		: undefined;
	const exported = file ? exportedClass(file) : undefined;
	return exported ? checker.getTypeAtLocation(exported) : undefined;
}

/**
 * The one class instance a factory call hands out: the checker's type of the call when it is a class's
 * instance (`: C`, or inferred from `return new C(…)`; `null` / `undefined` aside); when the checker says
 * `any` (JS, a class it does not connect), every value the called function's own body returns is
 * `new C(…)` of one class (`return;` and placeholders aside). Async functions and generators hand out no
 * instance; one level only (a factory returning another factory's value is left alone).
 */
function factoryMade(checker: ts.TypeChecker, call: ts.CallExpression): ts.Type | undefined {
	const type = checker.getNonNullableType(checker.getTypeAtLocation(call));
	const symbol = type.getSymbol();
	if (symbol && symbol.flags & ts.SymbolFlags.Class && !type.isUnion()) return type;
	if (!(type.flags & ts.TypeFlags.Any)) return undefined;
	const looked = lookedUpInstance(checker, call);
	if (looked) return looked;
	const body = factoryBody(checker, call);
	if (!body) return undefined;
	let made: ts.Type | undefined;
	for (const value of returnedValues(body)) {
		if (!value || isPlaceholder(value)) continue;
		const one = ts.isNewExpression(value) ? constructed(checker, value) : undefined;
		if (!one || (made && made.getSymbol() !== one.getSymbol())) return undefined;
		made = one;
	}
	return made;
}

/**
 * Dependency-injection lookups by class token (framework words): Angular's `inject(C)`, a Nest
 * module's or application's `get(C)`, a container's `resolve(C)`. The container's package is not
 * installed, so the checker types the result `any`; the instance is the class the token names.
 */
const INSTANCE_LOOKUPS = new Set(["inject", "get", "resolve"]);

/** `app.get(C).start()`, or a `const` holding the lookup (`const handler = container.resolve(C)`). */
function lookedUpHeld(checker: ts.TypeChecker, held: ts.Expression): ts.Type | undefined {
	if (ts.isCallExpression(held)) return anyTyped(checker, held) ? lookedUpInstance(checker, held) : undefined;
	if (!ts.isIdentifier(held)) return undefined;
	const decl = checker.getSymbolAtLocation(held)?.declarations?.[0];
	if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return undefined;
	if (!(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const)) return undefined;
	const value = skipWrappers(decl.initializer);
	return ts.isCallExpression(value) && anyTyped(checker, value)
		? lookedUpInstance(checker, value)
		: undefined;
}

function anyTyped(checker: ts.TypeChecker, call: ts.CallExpression): boolean {
	return (checker.getTypeAtLocation(call).flags & ts.TypeFlags.Any) !== 0;
}

/** `inject(C)` / `moduleRef.get(C, { strict: false })`: an instance of the repository's class `C`. */
function lookedUpInstance(checker: ts.TypeChecker, call: ts.CallExpression): ts.Type | undefined {
	const callee = skipWrappers(call.expression);
	const name = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
	if (!ts.isIdentifier(name) || !INSTANCE_LOOKUPS.has(name.text)) return undefined;
	const [token, ...rest] = call.arguments;
	if (!token || !ts.isIdentifier(token) || !rest.every(ts.isObjectLiteralExpression)) return undefined;
	let symbol = checker.getSymbolAtLocation(token);
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
	if (!symbol || !(symbol.flags & ts.SymbolFlags.Class)) return undefined;
	return checker.getDeclaredTypeOfSymbol(symbol);
}

/** The body of the function a call runs (a declaration, a method, a `const` holding a function), not async or a generator. */
function factoryBody(checker: ts.TypeChecker, call: ts.CallExpression): ts.ConciseBody | undefined {
	const callee = skipWrappers(call.expression);
	const name = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
	let symbol = checker.getSymbolAtLocation(name);
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
	let decl: ts.Node | undefined = symbol?.declarations?.length === 1 ? symbol.declarations[0] : undefined;
	if (decl && ts.isVariableDeclaration(decl) && decl.initializer) decl = skipWrappers(decl.initializer);
	if (
		!decl ||
		!(
			ts.isFunctionDeclaration(decl) ||
			ts.isMethodDeclaration(decl) ||
			ts.isFunctionExpression(decl) ||
			ts.isArrowFunction(decl)
		) ||
		decl.asteriskToken ||
		(ts.getModifiers(decl) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)
	)
		return undefined;
	return decl.body;
}

/** What a body returns: an arrow's expression, or each `return` of the body outside its inner functions (undefined for a bare `return;`). */
function returnedValues(body: ts.ConciseBody): (ts.Expression | undefined)[] {
	if (!ts.isBlock(body)) return [skipWrappers(body)];
	const out: (ts.Expression | undefined)[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
		if (ts.isReturnStatement(node)) out.push(node.expression && skipWrappers(node.expression));
		ts.forEachChild(node, visit);
	};
	ts.forEachChild(body, visit);
	return out;
}

/** The module specifier a constructor expression takes whole: `require('x')`, or a name bound to it or imported as default. */
function moduleOf(checker: ts.TypeChecker, expr: ts.Expression): ts.StringLiteralLike | undefined {
	const required = requiredModule(expr);
	if (required || !ts.isIdentifier(expr)) return required;
	const decl = checker.getSymbolAtLocation(expr)?.declarations?.[0];
	if (decl && ts.isVariableDeclaration(decl) && decl.initializer)
		return requiredModule(skipWrappers(decl.initializer));
	if (decl && ts.isImportClause(decl) && ts.isStringLiteralLike(decl.parent.moduleSpecifier))
		return decl.parent.moduleSpecifier;
	return undefined;
}

function requiredModule(expr: ts.Expression): ts.StringLiteralLike | undefined {
	if (!ts.isCallExpression(expr) || !ts.isIdentifier(expr.expression) || expr.expression.text !== "require")
		return undefined;
	const [first] = expr.arguments;
	return first && ts.isStringLiteralLike(first) ? first : undefined;
}

/** The class a module exports as a whole (`module.exports = C`, `export default C`, `export default class C`), declared in it. */
function exportedClass(file: ts.SourceFile): ts.ClassDeclaration | undefined {
	let name: string | undefined;
	for (const st of file.statements) {
		if (ts.isClassDeclaration(st) && isDefaultExport(st)) return st;
		if (ts.isExportAssignment(st) && !st.isExportEquals && ts.isIdentifier(st.expression))
			name = st.expression.text;
		if (
			ts.isExpressionStatement(st) &&
			ts.isBinaryExpression(st.expression) &&
			st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
			st.expression.left.getText(file) === "module.exports" &&
			ts.isIdentifier(st.expression.right)
		)
			name = st.expression.right.text;
	}
	return name
		? file.statements.find(
				(st): st is ts.ClassDeclaration => ts.isClassDeclaration(st) && st.name?.text === name,
			)
		: undefined;
}

function isDefaultExport(st: ts.ClassDeclaration): boolean {
	const modifiers = ts.getModifiers(st) ?? [];
	return (
		modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) &&
		modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
	);
}

/** The one class (or JS constructor function) every declaration of the field belongs to. */
function holderOf(field: ts.Symbol): ts.Node | undefined {
	let holder: ts.Node | undefined;
	for (const decl of field.declarations ?? []) {
		const owner = ts.isPropertyDeclaration(decl)
			? isStatic(decl)
				? undefined
				: decl.parent
			: ts.isBinaryExpression(decl) || ts.isPropertyAccessExpression(decl)
				? thisOwner(decl)
				: undefined;
		if (!owner || (holder && holder !== owner)) return undefined;
		holder = owner;
	}
	return holder;
}

/**
 * The class or constructor function whose instance `this` is at a node: a member of a class, a
 * function assigned to `Name.prototype.x` (its class or function declared in the same file), or a
 * function declaration itself (a JS constructor).
 */
function thisOwner(node: ts.Node): ts.Node | undefined {
	const container = thisContainer(node);
	if (!container) return undefined;
	// A static member's `this` is the class itself, not an instance.
	if (ts.isClassLike(container.parent)) return isStatic(container) ? undefined : container.parent;
	if (ts.isFunctionDeclaration(container)) return container;
	if (!ts.isFunctionExpression(container)) return undefined;
	const assignment = container.parent;
	if (!ts.isBinaryExpression(assignment) || assignment.right !== container) return undefined;
	const target = assignment.left;
	if (!ts.isPropertyAccessExpression(target)) return undefined;
	const proto = target.expression;
	if (!ts.isPropertyAccessExpression(proto) || proto.name.text !== "prototype") return undefined;
	return ts.isIdentifier(proto.expression)
		? declaredIn(node.getSourceFile(), proto.expression.text)
		: undefined;
}

/** The function (not an arrow) or class field whose `this` a node sees. */
function thisContainer(node: ts.Node): ts.Node | undefined {
	for (let up = node.parent; up && !ts.isSourceFile(up); up = up.parent) {
		if (ts.isFunctionLike(up) && !ts.isArrowFunction(up)) return up;
		if (ts.isPropertyDeclaration(up) || ts.isClassStaticBlockDeclaration(up)) return up;
	}
	return undefined;
}

/** A top-level class or function declaration of that name in the file. */
function declaredIn(sf: ts.SourceFile, name: string): ts.Node | undefined {
	return sf.statements.find(
		(st) => (ts.isClassDeclaration(st) || ts.isFunctionDeclaration(st)) && st.name?.text === name,
	);
}

/** Every `this.field = value` of the holder's file that belongs to the holder, and its fields' initializers. */
function valuesOf(holder: ts.Node): Map<string, ts.Expression[]> {
	const known = assignedValues.get(holder);
	if (known) return known;
	const out = new Map<string, ts.Expression[]>();
	const add = (name: string, value: ts.Expression) => {
		const list = out.get(name);
		if (list) list.push(skipWrappers(value));
		else out.set(name, [skipWrappers(value)]);
	};
	if (ts.isClassLike(holder))
		for (const member of holder.members)
			if (
				ts.isPropertyDeclaration(member) &&
				!isStatic(member) &&
				ts.isIdentifier(member.name) &&
				member.initializer
			)
				add(member.name.text, member.initializer);
	const visit = (node: ts.Node): void => {
		if (
			ts.isBinaryExpression(node) &&
			node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
			ts.isPropertyAccessExpression(node.left) &&
			node.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
			thisOwner(node) === holder
		)
			add(node.left.name.text, node.right);
		ts.forEachChild(node, visit);
	};
	visit(holder.getSourceFile());
	assignedValues.set(holder, out);
	return out;
}

/** `null`, `undefined`, `void 0`: a field cleared before start-up sets it. */
function isPlaceholder(value: ts.Expression): boolean {
	if (value.kind === ts.SyntaxKind.NullKeyword || ts.isVoidExpression(value)) return true;
	return ts.isIdentifier(value) && value.text === "undefined";
}

function isStatic(node: ts.Node): boolean {
	return (
		ts.canHaveModifiers(node) &&
		(ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword)
	);
}
