/**
 * Named services (Moleculer / NestJS-microservice style): a class with a string-literal `name`
 * (`protected name = 'authorization'`, or `super('authorization')` in its constructor) whose
 * instances are handed to a registering call (`api.registerService(new Authorization())`) serves
 * `authorization.<method>` for each public method. Callers reach it through facades a factory made
 * with the same literal (`const Auth = proxify<IAuth>('authorization')`; `Auth.can()` dispatches
 * `authorization.can`) or by the string itself (`api.call('authorization.can')`, an ordinary call
 * candidate). This module records the per-file facts; `infer` keeps only classes some call
 * registers, and facades whose factory made several of them.
 */
import type { CallExpression, ClassDeclaration, SourceFile, VariableDeclaration } from "ts-morph";
import { Node, SyntaxKind, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { nearestPackageName } from "../package-name.js";
import { startLine } from "../sites.js";
import { rawUnwrap, wrap } from "../walk.js";
import { CANDIDATE, type CandidateInfo, keyLike, record } from "./candidates.js";

/** Per-file state: the file's named imports and what each resolved to (one symbol lookup per name). */
export interface FileFacts {
	imports: Map<string, { module: string; imported: string; spec: ts.ImportSpecifier }> | null;
	targets: Map<string, { factory: string; ns: string } | "other" | "unresolved">;
	/** Facade-use candidates, kept once the file's preset sites are known (a preset facade wins). */
	pending: DispatchSiteRecord[];
}

export const newFileFacts = (): FileFacts => ({ imports: null, targets: new Map(), pending: [] });

const base = (
	form: CandidateInfo["form"],
	receiver: string,
	name: string,
	keys: string[],
): CandidateInfo => ({
	form,
	receiver,
	name,
	arg: 0,
	keys,
	handlerArg: null,
	handler: null,
	callee: null,
});

/** The literal a class names itself with: own `name = 'x'` property, or `super('x', …)` in its constructor. */
function serviceName(cls: ClassDeclaration): string | null {
	for (const p of cls.getProperties()) {
		if (p.getName() !== "name" || p.isStatic()) continue;
		const init = p.getInitializer();
		if (init && (Node.isStringLiteral(init) || Node.isNoSubstitutionTemplateLiteral(init))) {
			const v = init.getLiteralValue();
			return keyLike(v) ? v : null;
		}
	}
	if (!cls.getExtends()) return null;
	for (const ctor of cls.getConstructors()) {
		for (const st of ctor.getStatements()) {
			const e = Node.isExpressionStatement(st) ? st.getExpression() : undefined;
			if (!e || !Node.isCallExpression(e) || e.getExpression().getKind() !== SyntaxKind.SuperKeyword)
				continue;
			const a = e.getArguments()[0];
			if (a && (Node.isStringLiteral(a) || Node.isNoSubstitutionTemplateLiteral(a))) {
				const v = a.getLiteralValue();
				return keyLike(v) && /^[\w.:-]+$/.test(v) ? v : null;
			}
		}
	}
	return null;
}

/**
 * Per file: named classes (one candidate per public method, key `name.method`, receiver the class's
 * definition id, kept in `infer` only when a call registers an instance of it) and exported facade
 * definitions (`export const Auth = proxify<IAuth>('authorization')`). `skipLines`: lines a preset took.
 */
export function serviceCandidates(
	sf: SourceFile,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	skipLines: ReadonlySet<number>,
	facts: FileFacts,
): void {
	out.push(...facts.pending.filter((r) => !skipLines.has(r.line)));
	// The file's statements from the compiler nodes: ts-morph's `getClasses` and `getVariableStatements`
	// wrap every statement of the file.
	const statements = sf.compilerNode.statements;
	for (const st of statements) {
		if (!ts.isClassDeclaration(st)) continue;
		const cls = wrap<ClassDeclaration>(sf, st);
		const ns = serviceName(cls);
		const classDef = ns ? ctx.defIdOf(cls) : null;
		if (!ns || !classDef) continue;
		for (const m of cls.getMethods()) {
			const member = m.getName();
			if (
				m.isStatic() ||
				m.isAbstract() ||
				m.hasModifier(SyntaxKind.PrivateKeyword) ||
				m.hasModifier(SyntaxKind.ProtectedKeyword) ||
				!/^[A-Za-z_$][\w$]*$/.test(member) ||
				skipLines.has(startLine(m.getNameNode()))
			)
				continue;
			const info: CandidateInfo = {
				...base("service", classDef, "(member)", [`${ns}.${member}`]),
				handler: ctx.defIdOf(m),
			};
			out.push(record(CANDIDATE, info, m, m.getNameNode(), ctx));
		}
	}
	for (const st of statements) {
		// `isExported` of a variable statement: its `export` keyword.
		if (!ts.isVariableStatement(st) || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
			continue;
		for (const raw of st.declarationList.declarations) {
			const f = facadeShape(raw);
			if (!f) continue;
			const decl = wrap<VariableDeclaration>(sf, raw);
			const info: CandidateInfo = {
				...base("facade-def", "", f.factory, [f.ns]),
				exportName: decl.getName(),
				pkg: nearestPackageName(ctx.repoRoot, ctx.filePath),
			};
			out.push(record(CANDIDATE, info, decl, decl, ctx));
		}
	}
}

/** `const X = factory<T>('ns')`: a bare factory call with one literal argument. */
function facadeShape(decl: ts.Node): { factory: string; ns: string } | null {
	if (!ts.isVariableDeclaration(decl) || !decl.initializer) return null;
	const init = rawUnwrap(decl.initializer);
	if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.arguments.length !== 1)
		return null;
	const a = init.arguments[0] as ts.Expression;
	if (!ts.isStringLiteral(a) && !ts.isNoSubstitutionTemplateLiteral(a)) return null;
	return keyLike(a.text) && /^[\w.:-]+$/.test(a.text) ? { factory: init.expression.text, ns: a.text } : null;
}

/**
 * `api.registerService(new Authorization(deps))`: the call registers the class's instance. Recorded
 * (class definition id as the handler) when the constructor resolves to an in-repo class.
 */
export function registrationCandidate(
	call: CallExpression,
	callee: { receiver: string; name: string },
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const args = call.compilerNode.arguments;
	for (let i = 0; i < Math.min(2, args.length); i++) {
		const a = args[i] as ts.Expression;
		if (!ts.isNewExpression(a) || !ts.isIdentifier(a.expression)) continue;
		const arg = call.getArguments()[i];
		if (!arg || !Node.isNewExpression(arg)) continue;
		let classDef: string | null = null;
		try {
			let symbol = arg.getExpression().getSymbol();
			if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
			// Through a binding the checker types (`const { Auth } = await import('./auth')`): the instance's class.
			const decl =
				symbol?.getDeclarations().find((d) => Node.isClassDeclaration(d)) ??
				arg
					.getType()
					.getSymbol()
					?.getDeclarations()
					.find((d) => Node.isClassDeclaration(d));
			classDef = decl ? ctx.defIdOf(decl) : null;
		} catch {
			classDef = null;
		}
		if (!classDef) continue;
		const info: CandidateInfo = {
			...base("registration", callee.receiver, callee.name, []),
			handler: classDef,
		};
		out.push(record(CANDIDATE, info, call, arg, ctx));
	}
}

function importsOf(sf: ts.SourceFile): NonNullable<FileFacts["imports"]> {
	const map: NonNullable<FileFacts["imports"]> = new Map();
	for (const st of sf.statements) {
		if (!ts.isImportDeclaration(st) || st.importClause?.isTypeOnly || !ts.isStringLiteral(st.moduleSpecifier))
			continue;
		const named = st.importClause?.namedBindings;
		if (!named || !ts.isNamedImports(named)) continue;
		for (const spec of named.elements) {
			if (spec.isTypeOnly) continue;
			map.set(spec.name.text, {
				module: st.moduleSpecifier.text,
				imported: (spec.propertyName ?? spec.name).text,
				spec,
			});
		}
	}
	return map;
}

/**
 * `Auth.can(…)` where `Auth` is a named import: a facade call when the import resolves to
 * `const Auth = factory('ns')` (key `ns.can`); when it does not resolve (a workspace package with no
 * node_modules), a use bound in `infer` by the exporting package's name. A name that resolves to
 * anything else is no facade.
 */
export function facadeUseCandidate(
	sf: SourceFile,
	cn: ts.CallExpression,
	wrapped: () => CallExpression,
	ctx: SiteContext,
	facts: FileFacts,
): void {
	const e = rawUnwrap(cn.expression);
	if (!ts.isPropertyAccessExpression(e) || !ts.isIdentifier(e.expression) || !ts.isIdentifier(e.name)) return;
	facts.imports ??= importsOf(sf.compilerNode);
	const local = e.expression.text;
	const imp = facts.imports.get(local);
	if (!imp) return;
	let target = facts.targets.get(local);
	if (target === undefined) {
		target = "unresolved";
		try {
			// The import's local name (what the file's own identifier resolves through).
			let symbol = wrap(sf, imp.spec.name).getSymbol();
			if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
			const decl = symbol?.getDeclarations()[0];
			if (decl) target = facadeShape(decl.compilerNode) ?? "other";
		} catch {
			target = "unresolved";
		}
		facts.targets.set(local, target);
	}
	if (target === "other") return;
	const member = e.name.text;
	const call = wrapped();
	const keyNode = call.getExpression();
	if (target === "unresolved") {
		if (imp.module.startsWith(".")) return;
		const info: CandidateInfo = {
			...base("facade-use", "", "(facade)", []),
			module: imp.module,
			exportName: imp.imported,
			member,
		};
		facts.pending.push(record(CANDIDATE, info, call, keyNode, ctx));
		return;
	}
	const info = base("facade", target.factory, "(facade)", [`${target.ns}.${member}`]);
	facts.pending.push(record(CANDIDATE, info, call, keyNode, ctx));
}
