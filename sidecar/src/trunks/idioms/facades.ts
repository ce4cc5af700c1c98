/**
 * Facade idioms: `export const Presence = proxify<IPresence>('presence')` makes `Presence.setStatus()`
 * dispatch `presence.setStatus`, bound through the checker or, in finalize, by import source.
 */
import { relative } from "node:path";
import type {
	CallExpression,
	ImportDeclaration,
	PropertyAccessExpression,
	SourceFile,
	VariableStatement,
} from "ts-morph";
import { Node, SyntaxKind, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { skipWrappers, unwrap } from "../../syntax/unwrap.js";
import { calleeParts } from "../callee.js";
import type { Compiled } from "../compile.js";
import type { FacadeIdiom, TrunkSpec } from "../config.js";
import { evaluateKey } from "../key-eval.js";
import { normalizeKey } from "../normalize.js";
import { nearestPackageName } from "../package-name.js";
import { exprText, FACADE_DEF, FACADE_USE, startLine } from "../sites.js";
import { type FileNodes, wrap } from "../walk.js";

export interface FacadeDefInfo {
	trunk: string;
	template: string;
	pkg: string | null;
	file: string;
	exportName: string;
	ns: string;
}
export interface FacadeUseInfo {
	module: string;
	importedName: string;
	/** Repo-relative file the import resolved to, when the compiler resolved it. */
	target: string | null;
	member: string;
}

/** `const X = proxify<I>('ns')`: the facade idiom and namespace a variable declaration defines, if any. */
export function facadeOf(
	decl: Node,
	c: Compiled,
): { trunk: TrunkSpec; idiom: FacadeIdiom; ns: string; call: CallExpression } | undefined {
	if (!Node.isVariableDeclaration(decl)) return undefined;
	const init = decl.getInitializer();
	const call = init && unwrap(init);
	if (!call || !Node.isCallExpression(call)) return undefined;
	const parts = calleeParts(call);
	const file = decl.getSourceFile().getFilePath();
	const facade =
		parts &&
		c.facades.find(
			(f) =>
				f.idiom.factory.includes(parts.name) &&
				((!f.idiom.definedIn && !f.idiom.factoryFrom) ||
					(f.idiom.definedIn !== undefined && new RegExp(f.idiom.definedIn).test(file)) ||
					(f.idiom.factoryFrom !== undefined &&
						parts.receiver === undefined &&
						importedFrom(decl.getSourceFile(), parts.nameNode.getText(), new RegExp(f.idiom.factoryFrom)))),
		);
	if (!facade) return undefined;
	const arg = call.getArguments()[facade.idiom.factoryArg];
	const ns = arg ? evaluateKey(arg) : null;
	return ns?.length === 1 ? { ...facade, ns: ns[0] as string, call } : undefined;
}

/** Is the local name `local` imported in `sf` from a (non-relative) module matching `re`? */
export function importedFrom(sf: SourceFile, local: string, re: RegExp): boolean {
	for (const imp of namedImports(sf)) {
		const module = imp.module();
		if (module.startsWith(".") || !re.test(module)) continue;
		if (imp.specs.some((spec) => spec.local === local)) return true;
	}
	return false;
}

interface NamedImport {
	/** The local name (`b` in `import { a as b }`) and the imported one (`a`), as ts-morph names them. */
	local: string;
	imported: string;
	typeOnly: boolean;
	spec: ts.ImportSpecifier;
}

interface ImportDecl {
	/** The module specifier's text: a function, as ts-morph's accessor throws when it is not a string literal. */
	module: () => string;
	typeOnly: boolean;
	specs: NamedImport[];
}

const importsCache = new WeakMap<SourceFile, ImportDecl[]>();

/**
 * The file's import declarations with their named imports, read from the compiler nodes once per
 * file (ts-morph's `getImportDeclarations` wraps every statement of the file at each call).
 */
function namedImports(sf: SourceFile): ImportDecl[] {
	let list = importsCache.get(sf);
	if (list) return list;
	list = [];
	const raw = sf.compilerNode;
	for (const st of raw.statements) {
		if (!ts.isImportDeclaration(st)) continue;
		const ms = st.moduleSpecifier;
		// Not a string literal (a file that does not parse): ts-morph's own accessor throws as before.
		const module = ts.isStringLiteral(ms)
			? () => ms.text
			: () => wrap<ImportDeclaration>(sf, st).getModuleSpecifierValue();
		const named = st.importClause?.namedBindings;
		const specs: NamedImport[] = [];
		if (named && ts.isNamedImports(named)) {
			for (const spec of named.elements) {
				const nameNode = spec.propertyName ?? spec.name;
				const imported = ts.isStringLiteral(nameNode) ? nameNode.text : nameNode.getText(raw);
				specs.push({
					local: spec.propertyName ? spec.name.getText(raw) : imported,
					imported,
					typeOnly: spec.isTypeOnly,
					spec,
				});
			}
		}
		list.push({ module, typeOnly: st.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword, specs });
	}
	importsCache.set(sf, list);
	return list;
}

/** `export`ed variable statements of a file, from the compiler nodes (what `isExported` finds for them). */
function exportedVariableStatements(sf: SourceFile): VariableStatement[] {
	const out: VariableStatement[] = [];
	for (const st of sf.compilerNode.statements) {
		if (ts.isVariableStatement(st) && st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
			out.push(wrap<VariableStatement>(sf, st));
	}
	return out;
}

/**
 * The imported names a facade receiver stands for: the import itself (`Billing.charge()`), or a
 * local `const` holding one of several (`const service = pro ? BillingPro : Billing`), each a
 * possible target. Empty when any branch is something else.
 */
export function facadeReceivers(
	recv: Node,
	imports: ReadonlyMap<string, unknown>,
	aliases: ReadonlySet<string>,
	depth = 0,
): string[] {
	const n = unwrap(recv);
	if (depth > 4) return [];
	if (Node.isConditionalExpression(n)) {
		const a = facadeReceivers(n.getWhenTrue(), imports, aliases, depth + 1);
		const b = a.length ? facadeReceivers(n.getWhenFalse(), imports, aliases, depth + 1) : [];
		return a.length && b.length ? [...new Set([...a, ...b])] : [];
	}
	if (Node.isBinaryExpression(n)) {
		const op = n.getOperatorToken().getKind();
		if (op !== SyntaxKind.QuestionQuestionToken && op !== SyntaxKind.BarBarToken) return [];
		const a = facadeReceivers(n.getLeft(), imports, aliases, depth + 1);
		const b = a.length ? facadeReceivers(n.getRight(), imports, aliases, depth + 1) : [];
		return a.length && b.length ? [...new Set([...a, ...b])] : [];
	}
	if (!Node.isIdentifier(n)) return [];
	if (imports.has(n.getText())) return [n.getText()];
	// Only names some `const` of this file is declared with are worth a symbol lookup.
	if (!aliases.has(n.getText())) return [];
	let decls: Node[] = [];
	try {
		decls = n.getSymbol()?.getDeclarations() ?? [];
	} catch {
		return [];
	}
	const decl = decls.length === 1 ? decls[0] : undefined;
	if (!decl || !Node.isVariableDeclaration(decl) || decl.getSourceFile() !== n.getSourceFile()) return [];
	const list = decl.getParent();
	const isConst = Node.isVariableDeclarationList(list) && (list.getFlags() & 2) /* NodeFlags.Const */ !== 0;
	const init = decl.getInitializer();
	return isConst && init ? facadeReceivers(init, imports, aliases, depth + 1) : [];
}

export function extractFacades(
	sf: SourceFile,
	nodes: FileNodes,
	c: Compiled,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const base = (
		line: number,
		expression: string,
		enclosing: string | null,
	): Omit<DispatchSiteRecord, "trunk" | "side" | "rawKey"> => ({
		key: null,
		expression,
		file: ctx.filePath,
		line,
		enclosingDefId: enclosing,
		handlerDefId: null,
		resolution: "syntactic",
		inScope: true,
	});
	// Facade definitions: `export const Presence = proxify<IPresence>('presence')`.
	for (const stmt of exportedVariableStatements(sf)) {
		for (const decl of stmt.getDeclarations()) {
			const facade = facadeOf(decl, c);
			if (!facade) continue;
			const { call } = facade;
			const info: FacadeDefInfo = {
				trunk: facade.trunk.name,
				template: facade.idiom.template,
				pkg: nearestPackageName(ctx.repoRoot, ctx.filePath),
				file: ctx.filePath,
				exportName: decl.getName(),
				ns: facade.ns,
			};
			out.push({
				...base(startLine(decl), exprText(call), null),
				trunk: FACADE_DEF,
				side: "register",
				rawKey: JSON.stringify(info),
			});
		}
	}
	// Facade uses: `Presence.setStatus(…)` where `Presence` is a named import.
	const imports = new Map<string, { module: string; importedName: string; spec: ts.ImportSpecifier }>();
	for (const imp of namedImports(sf)) {
		if (imp.typeOnly) continue;
		for (const spec of imp.specs) {
			if (spec.typeOnly) continue;
			imports.set(spec.local, { module: imp.module(), importedName: spec.imported, spec: spec.spec });
		}
	}
	if (imports.size === 0) return;
	// The declaration an import resolves to (through re-exports), once per local name: with the
	// checker, a facade call binds here and now; otherwise `finalize` binds it by import source.
	const targets = new Map<string, { file: string | null; facade: ReturnType<typeof facadeOf> }>();
	const targetOf = (local: string, spec: ts.ImportSpecifier) => {
		let t = targets.get(local);
		if (t) return t;
		t = { file: null, facade: undefined };
		try {
			// ts-morph's `getNameNode` of a specifier: the imported name.
			const symbol = wrap(sf, spec.propertyName ?? spec.name).getSymbol();
			const decl = (symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol)?.getDeclarations()[0];
			const file = decl?.getSourceFile().getFilePath();
			t = {
				file: file ? relative(ctx.repoRoot, file).split("\\").join("/") : null,
				facade: decl && facadeOf(decl, c),
			};
		} catch {
			// unresolved: bound by import source in finalize
		}
		targets.set(local, t);
		return t;
	};
	const facadeUse = (
		local: string,
		imp: { module: string; importedName: string; spec: ts.ImportSpecifier },
		callee: PropertyAccessExpression,
		call: Node,
	): void => {
		const target = targetOf(local, imp.spec);
		if (target.facade) {
			const raw = target.facade.idiom.template
				.replaceAll("{name}", target.facade.ns)
				.replaceAll("{member}", callee.getName());
			const trunk = c.trunks.get(target.facade.trunk.name);
			out.push({
				...base(startLine(call), exprText(callee), ctx.enclosingDefId(call)),
				trunk: target.facade.trunk.name,
				side: "dispatch",
				rawKey: raw,
				key: trunk ? normalizeKey(raw, trunk.normalize) : raw,
				resolution: "checker",
				inScope: trunk?.spec.inScope ?? true,
			});
			return;
		}
		if (target.file && !target.file.startsWith("..")) return; // resolved in the repository, and not a facade
		const info: FacadeUseInfo = {
			module: imp.module,
			importedName: imp.importedName,
			target: target.file,
			member: callee.getName(),
		};
		out.push({
			...base(startLine(call), exprText(callee), ctx.enclosingDefId(call)),
			trunk: FACADE_USE,
			side: "dispatch",
			rawKey: JSON.stringify(info),
		});
	};
	// Local consts that may stand for imported facades (`const service = pro ? BillingPro : Billing`).
	const aliases = new Set<string>();
	for (const n of nodes.variables) {
		if (ts.isIdentifier(n.name) && n.initializer) {
			const k = n.initializer.kind;
			if (
				k === ts.SyntaxKind.ConditionalExpression ||
				k === ts.SyntaxKind.BinaryExpression ||
				k === ts.SyntaxKind.Identifier
			)
				aliases.add(n.name.text);
		}
	}
	// Facade methods called (`Presence.setStatus(…)`) or handed over to be called later
	// (`mem(Analytics.getOverview)`): both reach the service method.
	const uses: { access: PropertyAccessExpression; at: Node }[] = [];
	for (const cn of nodes.calls) {
		// Compiler nodes first: wrapping every callee and argument of every call costs more than the check.
		let call: CallExpression | undefined;
		const wrapped = () => {
			call ??= wrap<CallExpression>(sf, cn);
			return call;
		};
		const raw = skipWrappers(cn.expression);
		if (
			ts.isPropertyAccessExpression(raw) &&
			ts.isIdentifier(raw.expression) &&
			(imports.has(raw.expression.text) || aliases.has(raw.expression.text))
		) {
			const callee = unwrap(wrapped().getExpression());
			if (Node.isPropertyAccessExpression(callee)) uses.push({ access: callee, at: wrapped() });
		}
		const args = cn.arguments;
		for (let i = 0; i < args.length; i++) {
			const a = args[i] as ts.Expression;
			if (
				ts.isPropertyAccessExpression(a) &&
				ts.isIdentifier(a.expression) &&
				imports.has(a.expression.text)
			) {
				const access = wrapped().getArguments()[i];
				if (access && Node.isPropertyAccessExpression(access)) uses.push({ access, at: access });
			}
		}
	}
	for (const { access: callee, at: call } of uses) {
		const recv = unwrap(callee.getExpression());
		if (!Node.isIdentifier(recv)) continue;
		for (const local of facadeReceivers(recv, imports, aliases)) {
			const imp = imports.get(local);
			if (imp) facadeUse(local, imp, callee, call);
		}
	}
}

/** Facade calls bound by import source in finalize: the same name exported by another package is not the facade. */
export function bindFacadeUses(
	defs: ReadonlyMap<string, FacadeDefInfo>,
	uses: readonly { site: DispatchSiteRecord; info: FacadeUseInfo }[],
	c: Compiled,
): DispatchSiteRecord[] {
	const out: DispatchSiteRecord[] = [];
	for (const { site, info } of uses) {
		const def =
			(info.target ? defs.get(`${info.target}\0${info.importedName}`) : undefined) ??
			defs.get(`${info.module}\0${info.importedName}`);
		if (!def) continue;
		const raw = def.template.replaceAll("{name}", def.ns).replaceAll("{member}", info.member);
		const trunk = c.trunks.get(def.trunk);
		out.push({
			...site,
			trunk: def.trunk,
			rawKey: raw,
			key: trunk ? normalizeKey(raw, trunk.normalize) : raw,
			inScope: trunk?.spec.inScope ?? true,
		});
	}
	return out;
}
