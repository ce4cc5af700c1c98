/**
 * CommonJS definitions. A CommonJS module declares its API by assignment, not by declaration:
 * `module.exports.create = function …`, `exports.list = …`, `Topics.create = async function …` (with
 * `const Topics = module.exports`), `module.exports = { publish() {…} }`, and mixin files that add
 * members to an object they are handed, `module.exports = function (User) { User.update = async … }`.
 * Each such function is a definition, so what it calls is its own and the checker's declaration of
 * `topics.create` (the assignment's left side) leads to it. Only in files with no ES module syntax
 * that use `module.exports`/`exports`: an ES module's assignments are ordinary statements.
 */
import { ts } from "#ts-morph";
import { skipWrappers } from "./unwrap.js";

export interface CommonJsHost {
	isFunctionLike(node: ts.Node | undefined): boolean;
	/** Add a definition for `node` (the assignment), its doc read before `docNode`. Returns its id. */
	define(
		node: ts.Node,
		qualifiedName: string,
		kind: "function" | "variable",
		parentDefId: string | null,
		exported: boolean,
		docNode: ts.Node,
	): string;
	/** Another node standing for a definition (the assignment's left side: the checker's declaration). */
	alias(node: ts.Node, defId: string): void;
	/** Members of an object literal under `prefix` (as for a module-level `const x = { … }`). */
	objectMembers(obj: ts.ObjectLiteralExpression, prefix: string, parentId: string, exported: boolean): void;
	/** The id of a module-level definition by its qualified name, when there is one. */
	defOf(qualifiedName: string): string | undefined;
}

/** No `import`/`export` syntax, and `module.exports` or `exports.x` used: a CommonJS module. */
export function isCommonJsModule(sf: ts.SourceFile): boolean {
	if (sf.isDeclarationFile) return false;
	for (const st of sf.statements) {
		if (ts.isImportDeclaration(st) || ts.isExportDeclaration(st) || ts.isExportAssignment(st)) return false;
		if (ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
			return false;
	}
	return /\bmodule\.exports\b|(^|[^.\w$])exports\.[\w$]/m.test(sf.text);
}

/** `a.b.c` as written, when every link is a plain name; `module.exports…` reads `exports…` (also read by trunks/idioms/module-paths.ts). */
export function memberPath(e: ts.Expression): string[] | undefined {
	const parts: string[] = [];
	let cur: ts.Expression = e;
	while (ts.isPropertyAccessExpression(cur)) {
		if (!ts.isIdentifier(cur.name)) return undefined;
		parts.unshift(cur.name.text);
		cur = cur.expression;
	}
	if (!ts.isIdentifier(cur)) return undefined;
	parts.unshift(cur.text);
	if (parts[0] === "module") {
		if (parts[1] !== "exports") return undefined;
		parts.shift();
	}
	return parts;
}

/** `left = right` as a statement of its own. */
export function assignment(st: ts.Statement): ts.BinaryExpression | undefined {
	if (!ts.isExpressionStatement(st)) return undefined;
	const e = st.expression;
	return ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken ? e : undefined;
}

function isModuleExports(e: ts.Expression): boolean {
	const path = memberPath(skipWrappers(e));
	return path?.length === 1 && path[0] === "exports";
}

export function commonJsDefs(sf: ts.SourceFile, host: CommonJsHost): void {
	if (!isCommonJsModule(sf)) return;
	// Module-level names that are (or become) the exports object: `const Topics = module.exports`,
	// `const helpers = {}; … module.exports = helpers`. Their members are exported.
	const topNames = new Set<string>();
	const exportNames = new Set<string>(["exports"]);
	for (const st of sf.statements) {
		if (ts.isFunctionDeclaration(st) && st.name) topNames.add(st.name.text);
		else if (ts.isClassDeclaration(st) && st.name) topNames.add(st.name.text);
		else if (ts.isVariableStatement(st))
			for (const d of st.declarationList.declarations) {
				if (!ts.isIdentifier(d.name)) continue;
				topNames.add(d.name.text);
				if (d.initializer && isModuleExports(d.initializer)) exportNames.add(d.name.text);
			}
		const a = assignment(st);
		if (a && isModuleExports(a.left) && ts.isIdentifier(skipWrappers(a.right)))
			exportNames.add((skipWrappers(a.right) as ts.Identifier).text);
	}
	members(sf.statements, topNames, exportNames, null, 0);

	function members(
		list: ts.NodeArray<ts.Statement>,
		roots: ReadonlySet<string>,
		exported: ReadonlySet<string>,
		parentId: string | null,
		depth: number,
	): void {
		for (const st of list) {
			const a = assignment(st);
			if (!a) continue;
			const path = memberPath(a.left);
			const root = path?.[0];
			if (!path || !root || !(roots.has(root) || root === "exports")) continue;
			const right = skipWrappers(a.right);
			const name = path.join(".");
			const isExported = exported.has(root);
			const parent =
				parentId ?? (path.length > 1 ? host.defOf(path.slice(0, -1).join(".")) : undefined) ?? null;
			if (host.isFunctionLike(right)) {
				if (path.length === 1 && root !== "exports") continue; // `x = () => …` rebinds a variable
				const id = host.define(a, name, "function", parent, isExported, st);
				host.alias(a.left, id);
				// A mixin: `module.exports = function (User) { User.update = async … }` (top level only).
				const fn = mixinFunction(right);
				if (depth === 0 && name === "exports" && fn) {
					const params = fn.parameters
						.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined))
						.filter((p): p is string => p !== undefined);
					if (params.length > 0 && fn.body && ts.isBlock(fn.body))
						members(fn.body.statements, new Set(params), new Set(params), id, depth + 1);
				}
			} else if (
				ts.isObjectLiteralExpression(right) &&
				path.length <= 2 &&
				(root === "exports" || depth === 0) &&
				holdsFunction(right, host)
			) {
				// `module.exports = { publish() {…} }`, `exports.helpers = { … }`: an API object only; a config
				// (`module.exports = { semi: false }`) or a data table is no definition.
				const id = host.define(a, name, "variable", parent, isExported, st);
				host.alias(a.left, id);
				host.objectMembers(right, name, id, isExported);
			}
		}
	}
}

function mixinFunction(node: ts.Expression): ts.FunctionExpression | ts.ArrowFunction | undefined {
	return ts.isFunctionExpression(node) || ts.isArrowFunction(node) ? node : undefined;
}

/** An object literal with a method or a function-valued property of its own. */
function holdsFunction(obj: ts.ObjectLiteralExpression, host: CommonJsHost): boolean {
	return obj.properties.some(
		(p) =>
			ts.isMethodDeclaration(p) ||
			(ts.isPropertyAssignment(p) && host.isFunctionLike(skipWrappers(p.initializer))),
	);
}
