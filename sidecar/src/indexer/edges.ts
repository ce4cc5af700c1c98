/**
 * Edges of one file, resolved by the type checker: every identifier that refers to something is
 * resolved to its declaration; a declaration that is a definition of the index gives an edge
 * from the innermost definition around the reference. Call, new and JSX sites are also counted:
 * resolved, external (lib / node_modules / declaration files) or unresolved by reason.
 */
import { posix } from "node:path";
import { ts } from "#ts-morph";
import type { EdgeKind } from "../index/schema.js";
import { propertyNameText } from "../syntax/property-name.js";
import { skipWrappers } from "../syntax/unwrap.js";
import { assignedMemberCalled } from "./assigned-members.js";
import { spacesOf, usedAsType } from "./declaration-space.js";
import { moduleDefId } from "./defs.js";
import { fieldInstanceMember } from "./field-instances.js";
import { aliasedFunction } from "./function-alias.js";
import { handlerTableMembers } from "./handler-tables.js";
import type { ImportKind } from "./import-kinds.js";
import { literalMemberOf } from "./literal-member.js";
import { literalThisMember } from "./literal-this.js";
import { moduleCallSpecifier } from "./module-calls.js";
import { calledFunction, calledInlineArguments, parameterCalls } from "./parameter-calls.js";
import { hasBlockBody, returnedProperty } from "./returned-functions.js";
import { selfMemberCalled, selfMemberRead } from "./self-members.js";

export interface EdgeRecord {
	src: string;
	dst: string;
	kind: EdgeKind;
	line: number;
}

/**
 * `also`: the other definitions of a name one scope declares twice, which a use may equally reach (`sameScopeDefs`);
 * `spaces`: when those definitions are a value and a type declared apart, the ones a use as a value and a
 * use as a type reach (declaration-space.ts).
 */
export type Target =
	| { def: string; also?: string[]; spaces?: Spaces }
	| { external: true }
	| { local: true }
	| { unresolved: string };

/** Every definition a target leads to; from a use (`at`), those of the space the use reads. */
function defsOf(target: Target | null | undefined, at?: ts.Node): string[] {
	if (!target || !("def" in target)) return [];
	if (target.spaces && at) return usedAsType(at) ? target.spaces.types : target.spaces.values;
	return [target.def, ...(target.also ?? [])];
}

interface Spaces {
	values: string[];
	types: string[];
}

export interface SiteCounts {
	/** call/new/JSX sites whose callee resolved to a definition of the index. */
	resolved: number;
	external: number;
	/** Resolved to a local or parameter (not a definition): neither an edge nor unresolved. */
	local: number;
	unresolved: Map<string, number>;
	/**
	 * Unresolved sites (`external-module-missing`, `any-typed`) by the import they come from
	 * (unresolvedModule): [count, whether the module resolved to a file]. A module that resolves yet
	 * gives nothing is present without its generated output; one that does not, is not installed.
	 */
	modules: Map<string, [number, 0 | 1]>;
}

export interface ImportCounts {
	/** Static imports/re-exports of in-repo modules (relative, a path alias or a workspace package). */
	inRepo: number;
	resolved: number;
	/** The same by kind: [in-repo, resolved]. */
	byKind: Record<ImportKind, [number, number]>;
	unresolvedSpecifiers: string[];
}

/** Shared, program-wide lookups used while extracting edges. */
export interface EdgeContext {
	checker: ts.TypeChecker;
	/** Declaration node → defId over the indexed files whose definitions are loaded. */
	defOfNode: Map<ts.Node, string>;
	/** Load the definitions of a file into `defOfNode` (done on first need for files not extracted). */
	loadDefs(sf: ts.SourceFile): void;
	/** Absolute path → repo-relative path of indexed files. */
	indexedPath: Map<string, string>;
	isWorkspaceImport(moduleName: string): boolean;
	/** A `paths` alias of the importing file's package (resolve.ts). */
	isAliasImport(moduleName: string, containingFile: string): boolean;
	/** Absolute path of the file an import names, as the program resolved it. */
	resolveModule(moduleName: string, containingFile: string): string | undefined;
	symbolCache: Map<ts.Symbol, Target>;
}

export function createSiteCounts(): SiteCounts {
	return { resolved: 0, external: 0, local: 0, unresolved: new Map(), modules: new Map() };
}

/** Where a symbol's declaration lives, as a definition, an external, or a local. */
export function targetOfSymbol(ctx: EdgeContext, symbol: ts.Symbol | undefined): Target {
	if (!symbol) return { unresolved: "no-symbol" };
	const cached = ctx.symbolCache.get(symbol);
	if (cached) return cached;
	let target: Target;
	let sym = symbol;
	if (sym.flags & ts.SymbolFlags.Alias) {
		const aliased = ctx.checker.getAliasedSymbol(sym);
		sym = aliased;
	}
	const decls = sym.declarations ?? [];
	if (decls.length === 0) {
		target = {
			unresolved: symbol.flags & ts.SymbolFlags.Alias ? "external-module-missing" : "no-declaration",
		};
	} else {
		const passed = passedOnDef(ctx, decls);
		const defId = passed ?? firstDef(ctx, decls);
		const also = defId && !passed ? sameScopeDefs(ctx, decls, defId) : undefined;
		const spaces = also ? spacesOfDefs(ctx, decls) : undefined;
		if (defId) target = also ? { def: defId, also, ...(spaces && { spaces }) } : { def: defId };
		else {
			const sf = (decls[0] as ts.Node).getSourceFile();
			target = ctx.indexedPath.has(sf.fileName) ? { local: true } : { external: true };
		}
	}
	ctx.symbolCache.set(symbol, target);
	return target;
}

/**
 * The definition a symbol's declarations stand for. A symbol merged across files (a global
 * `interface Window` augmented in several, a module augmentation) lists its declarations in the
 * order the program bound the files, which differs between a full, an incremental and a threaded
 * run: the declaration outside any augmentation block wins, else the least defId.
 */
function firstDef(ctx: EdgeContext, decls: readonly ts.Declaration[]): string | undefined {
	let best: { def: string; augmentation: boolean } | undefined;
	for (const d of decls) {
		const def = defOfDeclaration(ctx, d);
		if (def === undefined) continue;
		if (best === undefined) {
			best = { def, augmentation: inAugmentation(d) };
			continue;
		}
		if (def === best.def) continue;
		const augmentation = inAugmentation(d);
		if (augmentation < best.augmentation || (augmentation === best.augmentation && def < best.def))
			best = { def, augmentation };
	}
	return best?.def;
}

/**
 * The other definitions of a name declared twice in one scope (`var x = …; var x = …`, a method a JS class
 * writes twice): split as `x`, `x~2` (same-name.ts), and the checker cannot tell which a use reaches, so it
 * leads to each. Declarations in different scopes are different symbols, each resolved to its own.
 */
function sameScopeDefs(
	ctx: EdgeContext,
	decls: readonly ts.Declaration[],
	def: string,
): string[] | undefined {
	if (decls.length < 2) return undefined;
	const base = def.replace(SAME_NAME_SUFFIX, "");
	const others = new Set<string>();
	for (const d of decls) {
		const other = defOfDeclaration(ctx, d);
		if (other && other !== def && other.replace(SAME_NAME_SUFFIX, "") === base) others.add(other);
	}
	return others.size ? [...others].sort() : undefined;
}

const SAME_NAME_SUFFIX = /~\d+$/;

/**
 * Of a name's definitions, those a use as a value and a use as a type reach, when they differ (`const X`
 * and `type X` declared apart); undefined when every definition serves both.
 */
function spacesOfDefs(ctx: EdgeContext, decls: readonly ts.Declaration[]): Spaces | undefined {
	const values = new Set<string>();
	const types = new Set<string>();
	for (const d of decls) {
		const def = defOfDeclaration(ctx, d);
		if (!def) continue;
		const spaces = spacesOf(d);
		if (spaces.value) values.add(def);
		if (spaces.type) types.add(def);
	}
	if (values.size === 0 || types.size === 0) return undefined;
	if (values.size === types.size && [...values].every((def) => types.has(def))) return undefined;
	return { values: [...values].sort(), types: [...types].sort() };
}

/** How many names a name may pass a function through (`{ save }` read as `const { save } = …`). */
const MAX_PASSES = 4;

/**
 * The definition a name only passes on, as go-to-definition reaches it in a second step:
 * - a property of an object literal that names a function (`return { save }`,
 *   `return { remove: removeItem }`), read as `item.save()` — the property stands for `save`;
 * - a name destructured from a value whose type is such an object literal
 *   (`const { save } = useItem()`, `const { remove: del } = item`): the property it reads, then
 *   what that property names or is (a method written in the literal). A property declared by an
 *   interface or type is left alone: a destructured `props` is the caller's business.
 * Undefined when nothing there is a definition; the declaration itself is tried next.
 */
function passedOnDef(ctx: EdgeContext, decls: readonly ts.Declaration[], passes = 0): string | undefined {
	if (passes >= MAX_PASSES) return undefined;
	for (const decl of decls) {
		const value = passedValue(ctx, decl);
		if (!value) {
			const returned = ts.isBindingElement(decl) ? returnedByCall(ctx, decl) : undefined;
			if (returned) return returned;
			continue;
		}
		const valueDecls = value.declarations ?? [];
		const def = passedOnDef(ctx, valueDecls, passes + 1) ?? firstDef(ctx, valueDecls);
		if (def) return def;
	}
	return undefined;
}

/** The symbol a passing declaration hands on: the value a property names, the property a binding reads. */
function passedValue(ctx: EdgeContext, decl: ts.Declaration): ts.Symbol | undefined {
	const { checker } = ctx;
	let symbol: ts.Symbol | undefined;
	if (ts.isShorthandPropertyAssignment(decl)) symbol = checker.getShorthandAssignmentValueSymbol(decl);
	else if (ts.isPropertyAssignment(decl) && ts.isIdentifier(skipWrappers(decl.initializer)))
		symbol = checker.getSymbolAtLocation(skipWrappers(decl.initializer));
	else if (
		ts.isBindingElement(decl) &&
		!decl.dotDotDotToken &&
		ts.isObjectBindingPattern(decl.parent) &&
		destructuredByVariable(decl.parent)
	) {
		const property = decl.propertyName ?? decl.name;
		const name = ts.isIdentifier(property) || ts.isStringLiteral(property) ? property.text : undefined;
		const literal = name ? checker.getTypeAtLocation(decl.parent).getProperty(name) : undefined;
		// Only a property written in an object literal passes a value on (see above).
		if (literal?.declarations?.some((d) => ts.isObjectLiteralExpression(d.parent))) return literal;
		return undefined;
	}
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
	return symbol;
}

/**
 * A pattern a `const`/`let` destructures, at its top or nested in it
 * (`const { libraries: { users: { verify } } } = tenant`: the nested pattern's type is the `users` value's).
 */
function destructuredByVariable(pattern: ts.ObjectBindingPattern): boolean {
	let p: ts.Node = pattern;
	while (ts.isBindingElement(p.parent) && ts.isObjectBindingPattern(p.parent.parent)) p = p.parent.parent;
	return ts.isVariableDeclaration(p.parent);
}

/**
 * `const { save } = useItem()` where `useItem` declares its return type (`: UsableItem<T>`), so the
 * property is the type's: the function the callee's own `return { save }` gives back, read in its body.
 */
function returnedByCall(ctx: EdgeContext, binding: ts.BindingElement): string | undefined {
	const declaration = binding.parent.parent;
	if (!ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
	let value: ts.Expression = skipWrappers(declaration.initializer);
	if (ts.isAwaitExpression(value)) value = skipWrappers(value.expression);
	const callee = ts.isCallExpression(value) ? calleeName(value.expression) : undefined;
	const property = propertyNameText(binding.propertyName ?? binding.name);
	let symbol = callee && property ? ctx.checker.getSymbolAtLocation(callee) : undefined;
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = ctx.checker.getAliasedSymbol(symbol);
	for (const d of symbol?.declarations ?? []) {
		const fn = ts.isVariableDeclaration(d) && d.initializer ? skipWrappers(d.initializer) : d;
		const node = hasBlockBody(fn) && property ? returnedProperty(fn, property) : undefined;
		if (!node) continue;
		ctx.loadDefs(node.getSourceFile());
		const def = ctx.defOfNode.get(node);
		if (def) return def;
	}
	return undefined;
}

/** Inside `declare global { }` or `declare module "x" { }`. */
function inAugmentation(node: ts.Node): boolean {
	for (let n = node.parent; n && !ts.isSourceFile(n); n = n.parent)
		if (
			ts.isModuleDeclaration(n) &&
			(ts.isStringLiteral(n.name) || n.flags & ts.NodeFlags.GlobalAugmentation)
		)
			return true;
	return false;
}

export function defOfDeclaration(ctx: EdgeContext, decl: ts.Node): string | undefined {
	if (ts.isSourceFile(decl)) {
		const path = ctx.indexedPath.get(decl.fileName);
		return path ? moduleDefId(path) : undefined;
	}
	ctx.loadDefs(decl.getSourceFile());
	const direct = ctx.defOfNode.get(decl);
	if (direct) return direct;
	// `const x = () => …` resolves to the arrow function in some positions; `export default <expr>`.
	const parent = decl.parent;
	if (parent && (ts.isVariableDeclaration(parent) || ts.isExportAssignment(parent))) {
		const def = ctx.defOfNode.get(parent);
		if (def) return def;
	}
	return wrappedDeclaration(ctx, decl);
}

/**
 * `export default memo(ComposerBox)`: a default export that only wraps a function or class declared
 * elsewhere (a component memoised, observed, connected) is no definition of its own, so a use of it
 * (`<ComposerBox />`) would lead nowhere; it stands for what it wraps, the first argument under at
 * most three wrapping calls, when that names a function or class. Export assignments only: a
 * module-level `const` holding a wrapped value is a definition of its own, and a local's
 * initializer is any call (`arr.sort(byName)`), not a wrapper.
 */
function wrappedDeclaration(ctx: EdgeContext, decl: ts.Node): string | undefined {
	if (!ts.isExportAssignment(decl)) return undefined;
	let inner: ts.Expression | undefined = skipWrappers(decl.expression);
	for (let depth = 0; depth < 3 && inner && ts.isCallExpression(inner); depth++) {
		const first: ts.Expression | undefined = inner.arguments[0];
		inner = first && skipWrappers(first);
	}
	if (!inner || inner === skipWrappers(decl.expression) || !ts.isIdentifier(inner)) return undefined;
	let symbol = ctx.checker.getSymbolAtLocation(inner);
	if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = ctx.checker.getAliasedSymbol(symbol);
	const target = symbol?.declarations?.find(
		(d) =>
			ts.isFunctionDeclaration(d) ||
			ts.isClassDeclaration(d) ||
			(ts.isVariableDeclaration(d) &&
				!!d.initializer &&
				(ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))),
	);
	if (!target) return undefined;
	ctx.loadDefs(target.getSourceFile());
	return ctx.defOfNode.get(target);
}

function isDeclarationName(id: ts.Identifier): boolean {
	const p = id.parent;
	if (!p) return false;
	if ((p as { name?: ts.Node }).name !== id) return false;
	return (
		ts.isFunctionDeclaration(p) ||
		ts.isClassLike(p) ||
		ts.isMethodDeclaration(p) ||
		ts.isPropertyDeclaration(p) ||
		ts.isVariableDeclaration(p) ||
		ts.isParameter(p) ||
		ts.isPropertyAssignment(p) ||
		ts.isPropertySignature(p) ||
		ts.isMethodSignature(p) ||
		ts.isInterfaceDeclaration(p) ||
		ts.isTypeAliasDeclaration(p) ||
		ts.isEnumDeclaration(p) ||
		ts.isEnumMember(p) ||
		ts.isGetAccessorDeclaration(p) ||
		ts.isSetAccessorDeclaration(p) ||
		ts.isBindingElement(p) ||
		ts.isTypeParameterDeclaration(p) ||
		ts.isModuleDeclaration(p) ||
		ts.isFunctionExpression(p) ||
		ts.isLabeledStatement(p) ||
		ts.isImportClause(p) ||
		ts.isNamespaceImport(p) ||
		ts.isImportEqualsDeclaration(p) ||
		ts.isJsxAttribute(p)
	);
}

/** The name node a call/new/JSX site calls: `f` in `f()`, `m` in `a.b.m()`. */
function calleeName(expr: ts.Expression): ts.Identifier | ts.PrivateIdentifier | undefined {
	let e = expr;
	while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e))
		e = e.expression;
	if (ts.isIdentifier(e)) return e;
	if (ts.isPropertyAccessExpression(e)) return e.name;
	return undefined;
}

function rootIdentifier(expr: ts.Expression): ts.Identifier | undefined {
	let e: ts.Expression = expr;
	while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e))
		e = e.expression;
	return ts.isIdentifier(e) ? e : undefined;
}

/** Why a call site's callee has no symbol, and the symbol of its root name when it has one. */
function unresolvedReason(ctx: EdgeContext, callee: ts.Expression): [reason: string, root?: ts.Symbol] {
	const root = rootIdentifier(callee);
	if (!root) return ["dynamic-callee"];
	const rootSymbol = ctx.checker.getSymbolAtLocation(root);
	if (!rootSymbol) return ["undeclared-global"];
	const t = targetOfSymbol(ctx, rootSymbol);
	if ("unresolved" in t) return [t.unresolved, rootSymbol];
	if ("external" in t) return ["external-untyped", rootSymbol];
	const type = ctx.checker.getTypeAtLocation(
		ts.isPropertyAccessExpression(callee) ? callee.expression : callee,
	);
	if (type.flags & ts.TypeFlags.Any) return ["any-typed", rootSymbol];
	return ["no-symbol", rootSymbol];
}

/** Reasons an uninstalled or ungenerated import explains. */
const MODULE_REASONS = new Set(["external-module-missing", "any-typed"]);

type TracedModule = { module: string; present: boolean } | null;

/** Per program symbol (the one `zod` import stands behind thousands of sites): traced once. */
const tracedModules = new WeakMap<ts.Symbol, TracedModule>();

/**
 * The import an unresolved callee's root name comes from: the name's own import, else through the
 * variable it names (`const db = new Client()`, here or in the in-repo module it is imported from),
 * a few hops. An in-repo path is given from the repository root (`./src/gql`: a generated folder
 * absent).
 */
function unresolvedModule(ctx: EdgeContext, root: ts.Symbol): TracedModule {
	const known = tracedModules.get(root);
	if (known !== undefined) return known;
	// Provisional, so a value built from itself (through importWithin) ends here.
	tracedModules.set(root, null);
	let symbol: ts.Symbol | undefined = root;
	let traced: TracedModule = null;
	// The last variable passed through: when its value's root is no import (`remember(() => new
	// Client())`), the first import its value is built from that is not in the repository.
	let lastVariable: ts.VariableDeclaration | undefined;
	for (let hop = 0; symbol && hop < 4; hop++) {
		let decl: ts.Declaration | undefined = symbol.declarations?.[0];
		if (!decl) break;
		const imported = importOf(decl);
		if (imported) {
			const found = importedModule(ctx, imported);
			if (found) {
				traced = found;
				break;
			}
			// In the repository: follow the export to its declaration.
			decl = ctx.checker.getAliasedSymbol(symbol).declarations?.[0];
		}
		if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) break;
		lastVariable = decl;
		symbol = variableRoot(ctx, decl);
	}
	if (!traced && lastVariable?.initializer) traced = importWithin(ctx, lastVariable.initializer);
	tracedModules.set(root, traced);
	return traced;
}

/** The module an import names, unless it resolves into the repository (null then). */
function importedModule(ctx: EdgeContext, spec: ts.StringLiteralLike): TracedModule {
	const file = spec.getSourceFile().fileName;
	const resolved = ctx.resolveModule(spec.text, file);
	// In the repository (relative, a workspace package, a `paths` alias): trace on to the declaration.
	if (resolved && importKind(ctx, spec.text, file, ctx.indexedPath.has(resolved)) !== null) return null;
	const from = ctx.indexedPath.get(file) ?? "";
	const module = spec.text.startsWith(".") ? `./${posix.join(posix.dirname(from), spec.text)}` : spec.text;
	return { module, present: resolved !== undefined };
}

/** Names looked at in a value for the import it is built from. */
const WITHIN_NODES = 400;

/**
 * The first name in `expr`, in source order, bound to an import from outside the repository, or to
 * a variable whose value traces to one (`return prisma`, `prisma` made by `new PrismaClient()`).
 */
function importWithin(ctx: EdgeContext, expr: ts.Expression): TracedModule {
	const stack: ts.Node[] = [expr];
	for (let seen = 0; stack.length && seen < WITHIN_NODES; seen++) {
		const node = stack.pop() as ts.Node;
		if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
			const symbol = ctx.checker.getSymbolAtLocation(node);
			const decl = symbol?.declarations?.[0];
			const imported = decl ? importOf(decl) : undefined;
			const found = imported
				? importedModule(ctx, imported)
				: symbol && decl && ts.isVariableDeclaration(decl) && decl.initializer
					? unresolvedModule(ctx, symbol)
					: null;
			if (found) return found;
		}
		const children: ts.Node[] = [];
		ts.forEachChild(node, (c) => {
			children.push(c);
		});
		for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as ts.Node);
	}
	return null;
}

/** The symbol of the name a variable's value comes from (`const db = new Client()`: Client). */
function variableRoot(ctx: EdgeContext, decl: ts.Declaration | undefined): ts.Symbol | undefined {
	if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return undefined;
	const root = rootOf(decl.initializer);
	return root ? ctx.checker.getSymbolAtLocation(root) : undefined;
}

/** `new A()`, `await a.b()`, `a as T`: the name the value comes from. */
function rootOf(expr: ts.Expression): ts.Identifier | undefined {
	let e = expr;
	while (
		ts.isAwaitExpression(e) ||
		ts.isNewExpression(e) ||
		ts.isParenthesizedExpression(e) ||
		ts.isAsExpression(e)
	)
		e = e.expression;
	return rootIdentifier(e);
}

/** The module specifier of an import binding (`import a`, `{ a }`, `* as a`, `a = require("x")`). */
function importOf(decl: ts.Declaration): ts.StringLiteralLike | undefined {
	let n: ts.Node = decl;
	while (ts.isImportSpecifier(n) || ts.isNamedImports(n) || ts.isNamespaceImport(n) || ts.isImportClause(n))
		n = n.parent;
	if (ts.isImportDeclaration(n) && ts.isStringLiteralLike(n.moduleSpecifier)) return n.moduleSpecifier;
	if (
		ts.isImportEqualsDeclaration(n) &&
		ts.isExternalModuleReference(n.moduleReference) &&
		ts.isStringLiteralLike(n.moduleReference.expression)
	)
		return n.moduleReference.expression;
	return undefined;
}

/** Imports of non-code files (styles, images, data) are bundler business, not module edges. */
const ASSET_IMPORT =
	/\.(css|scss|sass|less|svg|png|jpe?g|gif|webp|ico|json|info|html?|md|txt|ya?ml|woff2?|ttf|eot|mp3|wav|mp4|wasm)$/i;

/**
 * The kind of in-repo import a specifier is, or null for a package's: relative, a workspace package,
 * a `paths` alias, or a bare name the program resolved to an indexed file (a `baseUrl` import).
 */
function importKind(ctx: EdgeContext, spec: string, from: string, indexedTarget: boolean): ImportKind | null {
	if (ASSET_IMPORT.test(spec)) return null;
	if (spec.startsWith(".") || spec.startsWith("/")) return "relative";
	if (ctx.isWorkspaceImport(spec)) return "workspace";
	return indexedTarget || ctx.isAliasImport(spec, from) ? "alias" : null;
}

export function extractEdges(
	ctx: EdgeContext,
	sf: ts.SourceFile,
	path: string,
	sites: SiteCounts,
	imports: ImportCounts,
): EdgeRecord[] {
	const { checker } = ctx;
	const edges: EdgeRecord[] = [];
	const seen = new Set<string>();
	const moduleId = moduleDefId(path);
	const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
	const emit = (src: string, dst: string, kind: EdgeKind, node: ts.Node) => {
		if (src === dst) return;
		const key = `${src}\u0000${dst}\u0000${kind}`;
		if (seen.has(key)) return;
		seen.add(key);
		edges.push({ src, dst, kind, line: lineOf(node) });
	};
	const countSite = (target: Target | null, reason?: string, root?: ts.Symbol) => {
		if (target && "def" in target) sites.resolved++;
		else if (target && "external" in target) sites.external++;
		else if (target && "local" in target) sites.local++;
		else {
			const r = reason ?? (target && "unresolved" in target ? target.unresolved : "no-symbol");
			sites.unresolved.set(r, (sites.unresolved.get(r) ?? 0) + 1);
			const m = root && MODULE_REASONS.has(r) ? unresolvedModule(ctx, root) : null;
			if (m) {
				const [n, present] = sites.modules.get(m.module) ?? [0, 0];
				sites.modules.set(m.module, [n + 1, m.present || present ? 1 : 0]);
			}
		}
	};

	function moduleSpecifierEdge(spec: ts.Expression): void {
		if (!ts.isStringLiteralLike(spec)) return;
		// Not the module symbol: a script without imports/exports (`import './polyfill'`) has none.
		const resolved = ctx.resolveModule(spec.text, sf.fileName);
		const targetPath = resolved ? ctx.indexedPath.get(resolved) : undefined;
		const kind = importKind(ctx, spec.text, sf.fileName, targetPath !== undefined);
		if (kind) {
			imports.inRepo++;
			imports.byKind[kind][0]++;
			if (resolved) {
				imports.resolved++;
				imports.byKind[kind][1]++;
			} else if (imports.unresolvedSpecifiers.length < 2000)
				imports.unresolvedSpecifiers.push(`${path}: ${spec.text}`);
		}
		if (targetPath) emit(moduleId, moduleDefId(targetPath), "import", spec);
	}

	function importDeclaration(node: ts.ImportDeclaration | ts.ExportDeclaration): void {
		if (node.moduleSpecifier) moduleSpecifierEdge(node.moduleSpecifier);
		const named: ts.ModuleExportName[] = [];
		if (ts.isImportDeclaration(node)) {
			const clause = node.importClause;
			if (clause?.name) named.push(clause.name);
			const nb = clause?.namedBindings;
			if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) named.push(el.name);
		} else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
			for (const el of node.exportClause.elements) named.push(el.name);
		}
		for (const id of named) {
			const t = targetOfSymbol(ctx, checker.getSymbolAtLocation(id));
			for (const def of defsOf(t)) emit(moduleId, def, "import", id);
		}
	}

	function heritage(node: ts.ClassLikeDeclaration | ts.InterfaceDeclaration, enclosing: string): void {
		for (const clause of node.heritageClauses ?? []) {
			const kind: EdgeKind =
				clause.token === ts.SyntaxKind.ImplementsKeyword || ts.isInterfaceDeclaration(node)
					? "implements"
					: "extends";
			for (const t of clause.types) {
				const name = calleeName(t.expression);
				if (!name) continue;
				const target = targetOfSymbol(ctx, checker.getSymbolAtLocation(name));
				// An interface extending an interface is `extends`, like a class extending a class.
				const edgeKind = ts.isInterfaceDeclaration(node) ? "extends" : kind;
				const [def] = defsOf(target, name);
				if (def) emit(enclosing, def, edgeKind, name);
			}
		}
	}

	function site(node: ts.CallExpression | ts.NewExpression, enclosing: string, kind: EdgeKind): void {
		const callee = node.expression;
		// require('./x') / import('./x'): an import of that module, not a call site.
		const spec = ts.isCallExpression(node) ? moduleCallSpecifier(node) : undefined;
		if (spec) {
			moduleSpecifierEdge(spec);
			return;
		}
		if (callee.kind === ts.SyntaxKind.SuperKeyword || callee.kind === ts.SyntaxKind.ImportKeyword) return;
		const name = calleeName(callee);
		if (!name) {
			countSite(null, "dynamic-callee");
			return;
		}
		const symbol = checker.getSymbolAtLocation(name);
		const byChecker = symbol ? targetOfSymbol(ctx, symbol) : null;
		const handlers = ts.isCallExpression(node) ? handlerTableTarget(callee) : undefined;
		const target =
			literalMemberTarget(callee) ??
			(!byChecker || !("def" in byChecker) ? (literalThisTarget(callee, true) ?? handlers) : undefined) ??
			byChecker ??
			(ts.isCallExpression(node) ? (selfMemberTarget(node) ?? fieldInstanceTarget(callee)) : null);
		// The checker may pick one entry of a handler table: the call runs any of them.
		if (handlers && target !== handlers) for (const def of defsOf(handlers)) emit(enclosing, def, kind, name);
		if (target && "def" in target) {
			for (const def of defsOf(target, name)) emit(enclosing, def, kind, name);
			if (ts.isCallExpression(node) && symbol) wrapperRuns(node, symbol, target.def);
		} else if (kind === "call" && forwarded(callee, name, enclosing)) {
			handled.add(name);
			return;
		}
		const [reason, root] = target
			? [undefined, ts.isIdentifier(callee) ? symbol : undefined]
			: unresolvedReason(ctx, callee);
		countSite(target, reason, root);
		handled.add(name);
	}

	/**
	 * A wrapper handed an inline function it calls (`createRoute({ fn: async () => … })`, `withAuth(async
	 * (req) => …)`): the wrapper runs it, so its definition calls the inline one (parameter-calls.ts).
	 */
	function wrapperRuns(node: ts.CallExpression, symbol: ts.Symbol, wrapper: string): void {
		if (node.arguments.length === 0) return;
		const real = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
		const decl = real.declarations?.map(calledFunction).find((d) => d !== undefined);
		if (!decl) return;
		const calls = parameterCalls(decl);
		if (calls.whole.size === 0 && calls.members.size === 0) return;
		for (const [inline, def] of calledInlineArguments(node, calls, (n) => ctx.defOfNode.get(n)))
			emit(wrapper, def, "call", inline);
	}

	/** The method an annotated object literal holds, for a call its annotation leaves unresolved (literal-member.ts). */
	function literalMemberTarget(callee: ts.Expression): Target | undefined {
		const member = literalMemberOf(checker, callee);
		const symbol = member?.name ? checker.getSymbolAtLocation(member.name) : undefined;
		const target = symbol ? targetOfSymbol(ctx, symbol) : undefined;
		return target && "def" in target ? target : undefined;
	}

	/** The method of its own object literal (or options object) a `this.m` reaches (literal-this.ts). */
	function literalThisTarget(access: ts.Expression, called: boolean): Target | undefined {
		const member = literalThisMember(access, called);
		const symbol = member ? checker.getSymbolAtLocation(member.name) : undefined;
		const target = symbol ? targetOfSymbol(ctx, symbol) : undefined;
		return target && "def" in target ? target : undefined;
	}

	/** Each entry's member a call through a lookup table of handler objects may run (handler-tables.ts). */
	function handlerTableTarget(callee: ts.Expression): Target | undefined {
		const defs = new Set<string>();
		for (const member of handlerTableMembers(checker, callee)) {
			const symbol = checker.getSymbolAtLocation(member.name);
			for (const def of defsOf(symbol ? targetOfSymbol(ctx, symbol) : null)) defs.add(def);
		}
		const [def, ...also] = defs;
		return def ? { def, ...(also.length > 0 && { also }) } : undefined;
	}

	/** The member of a module of methods a call through the module's own context runs (self-members.ts). */
	function selfMemberTarget(call: ts.CallExpression): Target | null {
		const member = selfMemberCalled(call) ?? assignedMemberCalled(call);
		const def = member ? ctx.defOfNode.get(member) : undefined;
		return def ? { def } : null;
	}

	/** The member of the one class a field is always set to, for a call through the field (field-instances.ts). */
	function fieldInstanceTarget(callee: ts.Expression): Target | null {
		const member = fieldInstanceMember(checker, callee);
		const target = member ? targetOfSymbol(ctx, member) : null;
		return target && "def" in target ? target : null;
	}

	/**
	 * `f.call(this, …)` / `f.apply(this, args)` with `f` a definition of the repository (the callee's
	 * `call` unresolved to one of its own): a call of `f` (a Meteor method passing its context on, a
	 * wrapper calling the function it keeps), not a read of `f` beside a call into the standard library.
	 */
	function forwarded(
		callee: ts.Expression,
		name: ts.Identifier | ts.PrivateIdentifier,
		enclosing: string,
	): boolean {
		if (!ts.isPropertyAccessExpression(callee) || (name.text !== "call" && name.text !== "apply"))
			return false;
		const inner = calleeName(callee.expression);
		const symbol = inner ? checker.getSymbolAtLocation(inner) : undefined;
		const target = symbol ? targetOfSymbol(ctx, symbol) : null;
		if (!inner || !target || !("def" in target)) return false;
		for (const def of defsOf(target, inner)) emit(enclosing, def, "call", inner);
		countSite(target);
		handled.add(inner);
		return true;
	}

	function jsx(tag: ts.JsxTagNameExpression, enclosing: string): void {
		if (ts.isIdentifier(tag) && /^[a-z]/.test(tag.text)) return; // intrinsic element
		const name = ts.isPropertyAccessExpression(tag) ? tag.name : ts.isIdentifier(tag) ? tag : undefined;
		if (!name) return;
		const symbol = checker.getSymbolAtLocation(name);
		const target = symbol ? targetOfSymbol(ctx, symbol) : null;
		for (const def of defsOf(target, name)) emit(enclosing, def, "jsx", name);
		const [reason, root] = target
			? [undefined, ts.isIdentifier(tag) ? symbol : undefined]
			: unresolvedReason(ctx, tag as ts.Expression);
		countSite(target, reason, root);
		handled.add(name);
	}

	// Callee names already turned into call/new/jsx edges: not repeated as references.
	const handled = new Set<ts.Node>();

	function visit(node: ts.Node, enclosing: string): void {
		const own = ctx.defOfNode.get(node);
		const here = own && node !== sf ? own : enclosing;
		if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
			importDeclaration(node);
			return;
		}
		if (ts.isImportEqualsDeclaration(node)) return;
		if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node)) heritage(node, here);
		else if (ts.isExpressionWithTypeArguments(node) && ts.isHeritageClause(node.parent)) {
			// The heritage name is an extends/implements edge; its type arguments are references.
			for (const t of node.typeArguments ?? []) visit(t, here);
			return;
		} else if (ts.isCallExpression(node)) site(node, here, "call");
		else if (ts.isNewExpression(node)) site(node, here, "new");
		else if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) jsx(node.tagName, here);
		else if (ts.isJsxClosingElement(node)) return;
		else if (ts.isPropertyAccessExpression(node) && !handled.has(node.name)) {
			// A member read (not a call). Resolving `x.y` makes the checker type `x`; that is worth
			// it when `x` is `this` or a definition (`api.v1`, `Settings.get` passed as a value), not
			// for fields of locals and parameters (`message.rid`), which would dominate indexing time.
			visit(node.expression, here);
			if (ts.isIdentifier(node.name) && memberWorthResolving(node.expression)) reference(node.name, here);
			else if (ts.isIdentifier(node.name)) selfMemberReference(node, here);
			return;
		} else if (ts.isIdentifier(node)) {
			if (!handled.has(node) && !isDeclarationName(node)) reference(node, here);
			return;
		} else if (own && node !== sf && isReturnedMember(node)) {
			// `return { get: (…) => … }`: the function giving it back leads to it, as `return { save }` does.
			emit(enclosing, own, "reference", node);
		} else if (own && ts.isVariableDeclaration(node)) {
			aliasCall(node, own);
		} else if (own && ts.isBindingElement(node) && ts.isIdentifier(node.name)) {
			// `const { save } = useItem()` at module level is a variable definition of its own: it
			// leads to the function it passes on (its callers already reach that directly).
			reference(node.name, here);
		} else if (ts.isShorthandPropertyAssignment(node)) {
			const t = targetOfSymbol(ctx, checker.getShorthandAssignmentValueSymbol(node));
			for (const def of defsOf(t, node.name)) emit(here, def, "reference", node);
			if (node.objectAssignmentInitializer) visit(node.objectAssignmentInitializer, here);
			return;
		}
		ts.forEachChild(node, (child) => visit(child, here));
	}

	/**
	 * A `const` that only renames a function (function-alias.ts) runs that function when called: its
	 * one edge is a `call`, not a `reference`, so a flow through the name goes on to the body.
	 * Its callers stay on the name: the line they read is the one they call.
	 */
	function aliasCall(decl: ts.VariableDeclaration, alias: string): void {
		if (!aliasedFunction(checker, decl) || !decl.initializer) return;
		const value = skipWrappers(decl.initializer);
		const name = ts.isPropertyAccessExpression(value) ? value.name : value;
		if (!ts.isIdentifier(name)) return;
		const t = targetOfSymbol(ctx, checker.getSymbolAtLocation(name));
		if (!("def" in t)) return;
		emit(alias, t.def, "call", name);
		handled.add(name);
	}

	function memberWorthResolving(expr: ts.Expression): boolean {
		if (expr.kind === ts.SyntaxKind.ThisKeyword || expr.kind === ts.SyntaxKind.SuperKeyword) return true;
		if (ts.isIdentifier(expr)) {
			const symbol = checker.getSymbolAtLocation(expr);
			return symbol !== undefined && "def" in targetOfSymbol(ctx, symbol);
		}
		if (ts.isPropertyAccessExpression(expr)) return memberWorthResolving(expr.expression);
		return false;
	}

	/** A method of a module of methods handed on as a value through its context, `self.serve` (self-members.ts). */
	function selfMemberReference(access: ts.PropertyAccessExpression, enclosing: string): void {
		const member = selfMemberRead(access);
		const def = member ? ctx.defOfNode.get(member) : undefined;
		if (def) emit(enclosing, def, "reference", access.name);
	}

	function reference(id: ts.Identifier, enclosing: string): void {
		const symbol = checker.getSymbolAtLocation(id);
		const byChecker = symbol ? targetOfSymbol(ctx, symbol) : undefined;
		// `this.serve` handed on as a value, inside an object literal's method: that literal's member.
		const t =
			(!byChecker || !("def" in byChecker)) &&
			ts.isPropertyAccessExpression(id.parent) &&
			id.parent.name === id
				? (literalThisTarget(id.parent, false) ?? byChecker)
				: byChecker;
		if (!t) return;
		for (const def of defsOf(t, id)) emit(enclosing, def, "reference", id);
	}

	visit(sf, moduleId);
	return edges;
}

/** A method or property written in an object literal that a `return` gives back. */
function isReturnedMember(node: ts.Node): boolean {
	if (!(ts.isMethodDeclaration(node) || ts.isPropertyAssignment(node))) return false;
	let n: ts.Node = node.parent;
	if (!ts.isObjectLiteralExpression(n)) return false;
	while (
		n.parent &&
		(ts.isParenthesizedExpression(n.parent) ||
			ts.isAsExpression(n.parent) ||
			ts.isSatisfiesExpression(n.parent))
	)
		n = n.parent;
	return !!n.parent && ts.isReturnStatement(n.parent);
}

/**
 * A base-class method that is abstract in all but name: its body only throws (`throw new
 * Error('Not implemented')`) or is empty. A call typed by the base runs a subclass's override.
 */
function isStub(decl: ts.Declaration): boolean {
	if (!ts.isMethodDeclaration(decl) || !decl.body || !ts.isClassLike(decl.parent)) return false;
	const body = decl.body.statements;
	return body.length === 0 || (body.length === 1 && ts.isThrowStatement(body[0] as ts.Statement));
}

/**
 * `implementation` edges: an interface member (or abstract member, or a base method that is a stub)
 * → the class member that implements it, so a call through a facade typed by an interface or a base
 * class reaches the implementations.
 */
export function implementationEdges(ctx: EdgeContext, sf: ts.SourceFile): EdgeRecord[] {
	const { checker } = ctx;
	const edges: EdgeRecord[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isClassLike(node) && node.heritageClauses?.length) {
			const baseTypes = node.heritageClauses.flatMap((c) => c.types.map((t) => checker.getTypeAtLocation(t)));
			for (const member of node.members) {
				const memberDef = ctx.defOfNode.get(member);
				const name = member.name && ts.isIdentifier(member.name) ? member.name.text : undefined;
				if (!memberDef || !name) continue;
				for (const base of baseTypes) {
					const prop = checker.getPropertyOfType(base, name);
					for (const decl of prop?.declarations ?? []) {
						const abstractOrInterface =
							ts.isInterfaceDeclaration(decl.parent) ||
							ts.isTypeLiteralNode(decl.parent) ||
							(ts.canHaveModifiers(decl) &&
								(ts.getModifiers(decl) ?? []).some((m) => m.kind === ts.SyntaxKind.AbstractKeyword)) ||
							isStub(decl);
						if (abstractOrInterface) ctx.loadDefs(decl.getSourceFile());
						const baseDef = abstractOrInterface ? ctx.defOfNode.get(decl) : undefined;
						if (baseDef && baseDef !== memberDef) {
							edges.push({
								src: baseDef,
								dst: memberDef,
								kind: "implementation",
								line: sf.getLineAndCharacterOfPosition(member.getStart(sf)).line + 1,
							});
						}
					}
				}
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(sf);
	return edges;
}
