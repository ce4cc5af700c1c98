/**
 * Named services (Moleculer / NestJS-microservice style): a class with a string-literal `name`
 * (`protected name = 'billing'`, or `super('billing')` in its constructor) whose
 * instances are handed to a registering call (`registry.enrollService(new Billing())`) serves
 * `billing.<method>` for each public method. Callers reach it through facades a factory made
 * with the same literal (`const Auth = proxify<IAuth>('authorization')`; `Auth.can()` dispatches
 * `authorization.can`) or by the string itself (`api.call('authorization.can')`, an ordinary call
 * candidate). This module records the per-file facts and, at inference (`namedServices`), keeps only
 * classes some call registers, and facades whose factory made several of them.
 */
import type { CallExpression, ClassDeclaration, SourceFile, VariableDeclaration } from "ts-morph";
import { Node, SyntaxKind, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf, firstDeclarationOf } from "../../syntax/declarations-of.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { nearestPackageName } from "../package-name.js";
import { startLine } from "../sites.js";
import { checkerOf, wrap } from "../walk.js";
import { CANDIDATE, type CandidateInfo, record, recordOf, type Sited } from "./candidates.js";
import { keyLike } from "./literal-keys.js";

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
 * definition id, kept in `namedServices` only when a call registers an instance of it) and exported facade
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
	const init = skipWrappers(decl.initializer);
	if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.arguments.length !== 1)
		return null;
	const a = init.arguments[0] as ts.Expression;
	if (!ts.isStringLiteral(a) && !ts.isNoSubstitutionTemplateLiteral(a)) return null;
	return keyLike(a.text) && /^[\w.:-]+$/.test(a.text) ? { factory: init.expression.text, ns: a.text } : null;
}

/**
 * `registry.enrollService(new Billing(deps))`: the call registers the class's instance. Recorded
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
			// Through a binding the checker types (`const { Auth } = await import('./auth')`): the instance's class.
			const decl =
				declarationsOf(arg.getExpression()).find((d) => Node.isClassDeclaration(d)) ??
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
 * node_modules), a use bound in `namedServices` by the exporting package's name. A name that resolves to
 * anything else is no facade.
 */
export function facadeUseCandidate(
	sf: SourceFile,
	cn: ts.CallExpression,
	ctx: SiteContext,
	facts: FileFacts,
): void {
	const e = skipWrappers(cn.expression);
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
			const decl = firstDeclarationOf(imp.spec.name, checkerOf(sf));
			if (decl) target = facadeShape(decl) ?? "other";
		} catch {
			target = "unresolved";
		}
		facts.targets.set(local, target);
	}
	if (target === "other") return;
	const member = e.name.text;
	if (target === "unresolved") {
		if (imp.module.startsWith(".")) return;
		const info: CandidateInfo = {
			...base("facade-use", "", "(facade)", []),
			module: imp.module,
			exportName: imp.imported,
			member,
		};
		facts.pending.push(recordOf(CANDIDATE, info, cn, cn.expression, sf.compilerNode, ctx));
		return;
	}
	const info = base("facade", target.factory, "(facade)", [`${target.ns}.${member}`]);
	facts.pending.push(recordOf(CANDIDATE, info, cn, cn.expression, sf.compilerNode, ctx));
}

const nsOf = (key: string) => key.replace(/\.[^.]*$/, "");

/**
 * Named services resolved across files: a class's method candidates are kept when some call shape
 * registers instances of two or more named classes (`registry.enrollService(new X())`), and take that
 * shape as their receiver; facade uses bound by import source (the exporting package's name) to a
 * facade definition; facades kept when their factory made two or more. Other candidates pass through.
 */
export function namedServices(candidates: readonly Sited<CandidateInfo>[]): Sited<CandidateInfo>[] {
	const out: Sited<CandidateInfo>[] = [];
	const members: Sited<CandidateInfo>[] = [];
	const facades: Sited<CandidateInfo>[] = [];
	const regs = new Map<string, Set<string>>(); // shape → registered class definitions
	const defs = new Map<string, { factory: string; ns: string }>();
	const uses: Sited<CandidateInfo>[] = [];
	for (const c of candidates) {
		const i = c.info;
		if (i.form === "registration") {
			const shape = `${i.receiver}\0${i.name}`;
			if (i.handler) regs.set(shape, (regs.get(shape) ?? new Set()).add(i.handler));
		} else if (i.form === "service") members.push(c);
		else if (i.form === "facade") facades.push(c);
		else if (i.form === "facade-def") {
			const def = { factory: i.name, ns: i.keys[0] as string };
			defs.set(`${c.site.file}\0${i.exportName}`, def);
			if (i.pkg) defs.set(`${i.pkg}\0${i.exportName}`, def);
		} else if (i.form === "facade-use") uses.push(c);
		else out.push(c);
	}
	const named = new Set(members.map((m) => m.info.receiver));
	const shapeOf = new Map<string, string>();
	for (const [shape, classes] of [...regs].sort((a, b) => b[1].size - a[1].size)) {
		const mine = [...classes].filter((k) => named.has(k));
		if (mine.length < 2) continue;
		for (const k of mine) if (!shapeOf.has(k)) shapeOf.set(k, shape);
	}
	const services = new Set<string>();
	for (const m of members) {
		const shape = shapeOf.get(m.info.receiver);
		if (!shape) continue;
		services.add(nsOf(m.info.keys[0] as string));
		const [receiver, name] = shape.split("\0") as [string, string];
		out.push({ ...m, info: { ...m.info, receiver, name } });
	}
	for (const u of uses) {
		const def = defs.get(`${u.info.module}\0${u.info.exportName}`);
		if (def)
			facades.push({
				...u,
				info: { ...u.info, form: "facade", receiver: def.factory, keys: [`${def.ns}.${u.info.member}`] },
			});
	}
	// A facade reaches a service only when one is registered under its namespace (a factory may also
	// make facades for other things: data models, remote APIs).
	const reaching = facades.filter((f) => services.has(nsOf(f.info.keys[0] as string)));
	const made = new Map<string, Set<string>>();
	for (const f of reaching)
		made.set(f.info.receiver, (made.get(f.info.receiver) ?? new Set()).add(nsOf(f.info.keys[0] as string)));
	out.push(...reaching.filter((f) => (made.get(f.info.receiver)?.size ?? 0) >= 2));
	return out;
}
