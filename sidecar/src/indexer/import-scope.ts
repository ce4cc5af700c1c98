/**
 * Which imports of a file the program must follow when the file is there only for what it
 * declares (it is not extracted). Types flow out of a file through its declarations, never
 * through the body of a function with a declared return type (TypeScript) nor through a
 * top-level call statement (`Meteor.methods({ … })`, `app.use(…)`): an import, `require` or
 * `import()` used only there cannot change a type another file sees, so it is not followed and
 * the program is spared what it would pull in (for a one-file re-index, most of the closure).
 *
 * A module that is in the program only for the globals it may declare (nothing imports it)
 * needs less still: what its `declare global` / `declare module '…'` blocks (in JS: its
 * top-level assignments, `process.env.X = …`) name, and the file's own declarations they name.
 *
 * Side-effect imports and re-exports are always followed; in JS files every word of a JSDoc
 * comment counts as a use (JSDoc types name imports where this walk does not look).
 */
import { ts } from "#ts-morph";

export type ImportNeed = "declarations" | "globals";

const cache: Record<ImportNeed, WeakMap<ts.SourceFile, Set<ts.Node>>> = {
	declarations: new WeakMap(),
	globals: new WeakMap(),
};

/** Module literals of `sf` that need not be resolved when the file is needed for `need`. */
export function unneededImports(sf: ts.SourceFile, need: ImportNeed): Set<ts.Node> {
	const cached = cache[need].get(sf);
	if (cached) return cached;
	const js = isJsFile(sf.fileName);
	const used = new Set<string>();
	const unneeded = new Set<ts.Node>();
	const skip = (n: ts.Node): void => {
		const literal = dynamicModuleLiteral(n);
		if (literal) unneeded.add(literal);
		ts.forEachChild(n, skip);
	};
	const visit = (n: ts.Node): void => {
		if (ts.isIdentifier(n)) {
			used.add(n.text);
			return;
		}
		if (!js && isFunctionLike(n) && n.type !== undefined) {
			// The signature counts; the body cannot change the declared type.
			for (const c of [...(n.modifiers ?? []), n.name, ...(n.typeParameters ?? []), ...n.parameters, n.type])
				if (c) visit(c);
			if (n.body) skip(n.body);
			return;
		}
		ts.forEachChild(n, visit);
	};
	const imports: { literal: ts.Node; names: string[] }[] = [];
	/** Top-level statements by the names they declare (globals mode follows them by name). */
	const declaring = new Map<string, ts.Statement[]>();
	const later: ts.Statement[] = [];
	for (const st of sf.statements) {
		const imported = importOf(st, js);
		if (imported) {
			if (imported.names.length) imports.push(imported);
			continue;
		}
		if (ts.isExpressionStatement(st) && !declaresSomething(st.expression)) {
			skip(st);
			continue;
		}
		if (need === "declarations") {
			visit(st);
			continue;
		}
		if (js ? ts.isExpressionStatement(st) : isGlobalBlock(st)) visit(st);
		else {
			later.push(st);
			for (const name of declaredNames(st)) declaring.set(name, [...(declaring.get(name) ?? []), st]);
		}
	}
	if (need === "globals") {
		// The file's own declarations that the global parts name, and what those name in turn.
		const done = new Set<ts.Statement>();
		for (let grew = true; grew; ) {
			grew = false;
			for (const name of [...used])
				for (const st of declaring.get(name) ?? [])
					if (!done.has(st)) {
						done.add(st);
						visit(st);
						grew = true;
					}
		}
		for (const st of later) if (!done.has(st)) skip(st);
	}
	if (js)
		for (const m of sf.text.matchAll(/\/\*\*[\s\S]*?\*\//g))
			for (const w of m[0].matchAll(/[\w$]+/g)) used.add(w[0]);
	for (const i of imports) if (!i.names.some((n) => used.has(n))) unneeded.add(i.literal);
	cache[need].set(sf, unneeded);
	return unneeded;
}

/**
 * True when a file may be in the program for its globals alone: a module (a script's top-level
 * declarations are all global, so it needs its declarations' imports).
 */
export function isModuleFile(sf: ts.SourceFile): boolean {
	if (ts.isExternalModule(sf)) return true;
	return isJsFile(sf.fileName) && /\brequire\s*\(|\bmodule\.exports\b|\bexports\.[\w$]/.test(sf.text);
}

const isJsFile = (f: string) => /\.[cm]?jsx?$/.test(f);

function isFunctionLike(
	n: ts.Node,
): n is ts.FunctionDeclaration | ts.MethodDeclaration | ts.FunctionExpression | ts.ArrowFunction {
	return (
		ts.isFunctionDeclaration(n) ||
		ts.isMethodDeclaration(n) ||
		ts.isFunctionExpression(n) ||
		ts.isArrowFunction(n)
	);
}

/** `declare global { }` or `declare module 'x' { }`. */
function isGlobalBlock(st: ts.Statement): boolean {
	return (
		ts.isModuleDeclaration(st) &&
		(ts.isStringLiteral(st.name) || (st.flags & ts.NodeFlags.GlobalAugmentation) !== 0)
	);
}

/** An import (or a top-level `const x = require('m')`): its module literal and the names it binds. */
function importOf(st: ts.Statement, js: boolean): { literal: ts.Node; names: string[] } | undefined {
	if (ts.isImportDeclaration(st)) {
		const clause = st.importClause;
		// A side-effect import: always followed.
		if (!clause) return { literal: st.moduleSpecifier, names: [] };
		const names = clause.name ? [clause.name.text] : [];
		const bindings = clause.namedBindings;
		if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
		else if (bindings) names.push(...bindings.elements.map((e) => e.name.text));
		return { literal: st.moduleSpecifier, names };
	}
	if (ts.isImportEqualsDeclaration(st) && ts.isExternalModuleReference(st.moduleReference))
		return { literal: st.moduleReference.expression, names: [st.name.text] };
	if (!js || !ts.isVariableStatement(st) || st.declarationList.declarations.length !== 1) return undefined;
	const d = st.declarationList.declarations[0] as ts.VariableDeclaration;
	const literal = d.initializer && dynamicModuleLiteral(d.initializer);
	if (!literal || !ts.isCallExpression(d.initializer as ts.Node)) return undefined;
	const names: string[] = [];
	const collect = (b: ts.BindingName): void => {
		if (ts.isIdentifier(b)) names.push(b.text);
		else for (const e of b.elements) if (!ts.isOmittedExpression(e)) collect(e.name);
	};
	collect(d.name);
	return { literal, names };
}

/** The literal of `require('m')` or `import('m')`. */
function dynamicModuleLiteral(n: ts.Node): ts.Node | undefined {
	if (!ts.isCallExpression(n)) return undefined;
	const callee = n.expression;
	const arg = n.arguments[0];
	const isLoader =
		callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require");
	return isLoader && arg && ts.isStringLiteralLike(arg) ? arg : undefined;
}

/** Names a top-level statement declares. */
function declaredNames(st: ts.Statement): string[] {
	if (ts.isVariableStatement(st)) {
		const names: string[] = [];
		const collect = (b: ts.BindingName): void => {
			if (ts.isIdentifier(b)) names.push(b.text);
			else for (const e of b.elements) if (!ts.isOmittedExpression(e)) collect(e.name);
		};
		for (const d of st.declarationList.declarations) collect(d.name);
		return names;
	}
	const name = (st as { name?: ts.Node }).name;
	return name && ts.isIdentifier(name) ? [name.text] : [];
}

/**
 * A statement that may declare: an assignment (`a.b = …` gives a function an expando member;
 * `module.exports = …` in JS) or JS's `Object.defineProperty(exports, …)`.
 */
function declaresSomething(e: ts.Expression): boolean {
	if (ts.isBinaryExpression(e))
		return (
			e.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
			e.operatorToken.kind <= ts.SyntaxKind.LastAssignment
		);
	return (
		ts.isCallExpression(e) &&
		ts.isPropertyAccessExpression(e.expression) &&
		e.expression.name.text === "defineProperty"
	);
}
