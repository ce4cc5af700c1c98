/**
 * Activities (Temporal): an `@Activity` class's methods and an activities module's exported functions
 * register under their names; a workflow calls them through the names it binds from
 * `proxyActivities(…)`. The modules a workflow's proxies name narrow the folder rule
 * (preferNamedActivities). Shapes and module names, as data: `WORKFLOWS.activities` in families.
 */
import type { Node, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { nearestPackageName } from "../package-name.js";
import { type FileNodes, wrap } from "../walk.js";
import { CANDIDATE, type CandidateInfo, declaredInfo, record } from "./candidates.js";
import { WORKFLOWS } from "./families.js";
import { ACTIVITY, ACTIVITY_CALL, ACTIVITY_MODULE, exported, exportedFunctions } from "./workflow-modules.js";

const ACTIVITIES = WORKFLOWS.activities;

/** The name a decorator calls or names (`@Activity()`, `@Activity`). */
function decoratorName(d: ts.Decorator): string | null {
	const e = ts.isCallExpression(d.expression) ? d.expression.expression : d.expression;
	return ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : null;
}

const decorated = (n: ts.Node, names: ReadonlySet<string>) =>
	ts.canHaveDecorators(n) && (ts.getDecorators(n) ?? []).some((d) => names.has(decoratorName(d) ?? ""));

/** Is an import one of types only (`import type { X }`, `import { type X, type Y }`)? It brings no code. */
function typeOnly(clause: ts.ImportClause | undefined): boolean {
	if (!clause) return false;
	if (clause.isTypeOnly) return true;
	const bindings = clause.namedBindings;
	return (
		!clause.name &&
		!!bindings &&
		ts.isNamedImports(bindings) &&
		bindings.elements.length > 0 &&
		bindings.elements.every((el) => el.isTypeOnly)
	);
}

/** Does the file import code from one of `modules`? */
const importsAny = (sf: ts.SourceFile, modules: ReadonlySet<string>) =>
	sf.statements.some(
		(st) =>
			ts.isImportDeclaration(st) &&
			ts.isStringLiteral(st.moduleSpecifier) &&
			modules.has(st.moduleSpecifier.text) &&
			!typeOnly(st.importClause),
	);

/**
 * An activities module by convention: a file or folder named so (the SDK's samples), or a file using
 * the activity API (`Context.current().heartbeat()` from `@temporalio/activity`), wherever it lies. A
 * component file (an activity feed's `.tsx`) is UI, no activity module.
 */
const activityModule = (sf: ts.SourceFile, path: string) =>
	!/\.[cm]?[jt]sx$/.test(path) && (ACTIVITIES.files.test(path) || importsAny(sf, ACTIVITIES.modules));

const isFunctionLike = (n: ts.Node | undefined): boolean =>
	!!n && (ts.isArrowFunction(n) || ts.isFunctionExpression(n));

/** The function names declared at the top of `statements` (`function f`, `const f = () => …`). */
function localFunctions(statements: readonly ts.Statement[]): Set<string> {
	const out = new Set<string>();
	for (const st of statements) {
		if (ts.isFunctionDeclaration(st) && st.name) out.add(st.name.text);
		else if (ts.isVariableStatement(st))
			for (const d of st.declarationList.declarations)
				if (ts.isIdentifier(d.name) && isFunctionLike(d.initializer && skipWrappers(d.initializer)))
					out.add(d.name.text);
	}
	return out;
}

/**
 * The object a factory returns (`export const createActivities = (db) => ({ … })`, `return { … }` as
 * its last statement), the dependency-injection shape the SDK documents
 * (`proxyActivities<ReturnType<typeof createActivities>>()`), with the names of the functions its
 * shorthand members may name (the factory's own and the file's).
 */
function factoryObject(
	node: ts.Node,
	fileFunctions: ReadonlySet<string>,
): { object: ts.ObjectLiteralExpression; functions: ReadonlySet<string> } | null {
	const fn = ts.isVariableDeclaration(node) && node.initializer ? skipWrappers(node.initializer) : node;
	if (!ts.isFunctionDeclaration(fn) && !ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return null;
	const body = fn.body;
	if (!body) return null;
	if (!ts.isBlock(body)) {
		const returned = skipWrappers(body);
		return ts.isObjectLiteralExpression(returned) ? { object: returned, functions: fileFunctions } : null;
	}
	const last = body.statements.at(-1);
	const returned = last && ts.isReturnStatement(last) && last.expression && skipWrappers(last.expression);
	if (!returned || !ts.isObjectLiteralExpression(returned)) return null;
	return { object: returned, functions: new Set([...fileFunctions, ...localFunctions(body.statements)]) };
}

/**
 * An activity's registration: `byFolder`, found by the module convention (see preferNamedActivities);
 * `member`, a member of an activity object, whose handler is the definition holding it where the
 * member is none of its own (a factory's object is no definition of the index).
 */
interface Registration {
	name: string;
	node: ts.Node;
	nameNode: ts.Node;
	byFolder?: true;
	member?: true;
}

/** An activity object's function members (`async charge() {}`, `ship: async () => …`, `refund`). */
function functionMembers(object: ts.ObjectLiteralExpression, functions: ReadonlySet<string>): Registration[] {
	const out: Registration[] = [];
	for (const p of object.properties) {
		const fn =
			(ts.isMethodDeclaration(p) && !!p.body) ||
			(ts.isPropertyAssignment(p) &&
				(isFunctionLike(skipWrappers(p.initializer)) ||
					(ts.isIdentifier(p.initializer) && functions.has(p.initializer.text)))) ||
			(ts.isShorthandPropertyAssignment(p) && functions.has(p.name.text));
		if (fn && p.name && ts.isIdentifier(p.name))
			out.push({ name: p.name.text, node: p, nameNode: p.name, byFolder: true, member: true });
	}
	return out;
}

/**
 * Activities: an `@Activity` class's methods (or `@ActivityMethod` ones); an activities module's
 * exported functions, or the functions of the object it exports or a factory of its returns.
 */
function activityRegistrations(sf: ts.SourceFile, path: string): Registration[] {
	const out: Registration[] = [];
	for (const st of sf.statements) {
		if (!ts.isClassDeclaration(st)) continue;
		const whole = decorated(st, ACTIVITIES.classDecorators);
		for (const m of st.members) {
			if (!ts.isMethodDeclaration(m) || !m.body || !ts.isIdentifier(m.name)) continue;
			const mods = ts.getModifiers(m) ?? [];
			if (mods.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.StaticKeyword))
				continue;
			if (whole || decorated(m, ACTIVITIES.methodDecorators))
				out.push({ name: m.name.text, node: m, nameNode: m.name });
		}
	}
	if (!activityModule(sf, path)) return out;
	const fileFunctions = localFunctions(sf.statements);
	// `export const activities = { async charge() {…} }`: the object's functions.
	for (const st of sf.statements)
		if (ts.isVariableStatement(st) && exported(st))
			for (const d of st.declarationList.declarations) {
				const init = d.initializer && skipWrappers(d.initializer);
				if (init && ts.isObjectLiteralExpression(init)) out.push(...functionMembers(init, fileFunctions));
			}
	for (const fn of exportedFunctions(sf)) {
		const factory = factoryObject(fn.node, fileFunctions);
		const members = factory ? functionMembers(factory.object, factory.functions) : [];
		// A factory of activities is none itself: its members are.
		if (members.length > 0) {
			out.push(...members);
			continue;
		}
		const nameNode = ts.isFunctionDeclaration(fn.node)
			? fn.node.name
			: (fn.node as ts.VariableDeclaration).name;
		if (nameNode) out.push({ name: fn.name, node: fn.node, nameNode, byFolder: true });
	}
	return out;
}

/**
 * The in-repo files a workflow names as its activities: `proxyActivities<typeof acts>()` → the module
 * `acts` is imported from and the files declaring its exports (a barrel's re-exported modules);
 * `proxyActivities<MailActivity>()` → the file declaring the class;
 * `proxyActivities<ReturnType<typeof createActivities>>()` (or `<typeof activities>`, an object) → the
 * file of the object literal. Read from the checker, so an import through a path alias or a workspace
 * package counts as a relative one does. `untyped`: some proxy names no module, class or object (no
 * type argument, an interface or type alias — implemented elsewhere — or an import that does not
 * resolve), so its activities may be anywhere.
 */
function namedActivityFiles(
	sf: SourceFile,
	calls: readonly ts.CallExpression[],
	repoRoot: string,
): { files: string[]; untyped: boolean } {
	const root = repoRoot.endsWith("/") ? repoRoot : `${repoRoot}/`;
	const files = new Set<string>();
	let untyped = false;
	const add = (decl: Node | undefined) => {
		const p = decl?.getSourceFile().getFilePath();
		if (p?.startsWith(root) && !p.includes("/node_modules/") && !p.endsWith(".d.ts"))
			files.add(p.slice(root.length));
	};
	for (const cn of calls) {
		const arg = cn.typeArguments?.[0];
		const type = arg ? wrap<Node>(sf, arg).getType() : undefined;
		const decls = (type?.getSymbol() ?? type?.getAliasSymbol())?.getDeclarations() ?? [];
		const module = decls.some(
			(d) =>
				d.getKind() === ts.SyntaxKind.SourceFile || d.getKind() === ts.SyntaxKind.ObjectLiteralExpression,
		);
		const classes = decls.filter((d) => d.getKind() === ts.SyntaxKind.ClassDeclaration);
		if (!type || (!module && classes.length === 0)) {
			untyped = true;
			continue;
		}
		for (const decl of classes) add(decl);
		// A module's (an object's) type: its file and the files its exports are declared in (`export * from './mail'`).
		if (module) {
			for (const decl of decls) add(decl);
			for (const prop of type.getProperties()) for (const decl of prop.getDeclarations()) add(decl);
		}
	}
	return { files: [...files].sort(), untyped };
}

/**
 * The folder rule (an `activities/` folder's exports) where workflows name their activities' modules
 * (`proxyActivities<typeof acts>()`), per package (the nearest package.json): in a package whose
 * workflows all name theirs, it keeps only the named files; in a package with a workflow that names
 * none (an untyped or interface-typed proxy), it stands; in a package with no workflow (a web app's
 * activity feed), it keeps only files some workflow names, or everything when no workflow names any.
 * The named-module records themselves are no candidates.
 */
export function preferNamedActivities<T extends { info: CandidateInfo; site: { file: string } }>(
	candidates: T[],
): T[] {
	const records = candidates.filter((c) => c.info.form === "activity-module");
	if (records.length === 0) return candidates;
	const pkgOf = (c: T) => c.info.pkg ?? "";
	const workers = new Map<string, { named: Set<string>; untyped: boolean }>();
	for (const r of records) {
		const w = workers.get(pkgOf(r)) ?? { named: new Set<string>(), untyped: false };
		for (const k of r.info.keys) w.named.add(k);
		if (r.info.untyped) w.untyped = true;
		workers.set(pkgOf(r), w);
	}
	const named = new Set([...workers.values()].flatMap((w) => [...w.named]));
	const keep = (c: T) => {
		if (c.info.form !== "activity" || !c.info.byFolder) return true;
		const w = workers.get(pkgOf(c));
		if (w) return w.untyped || w.named.has(c.site.file);
		return named.size === 0 || named.has(c.site.file);
	};
	return candidates.filter((c) => c.info.form !== "activity-module" && keep(c));
}

/** Is `e` (awaited, parenthesised) a call of one of `names`? */
function callOf(e: ts.Expression | undefined, names: ReadonlySet<string>): boolean {
	let n = e && skipWrappers(e);
	while (n && ts.isAwaitExpression(n)) n = skipWrappers(n.expression);
	return !!n && ts.isCallExpression(n) && ts.isIdentifier(n.expression) && names.has(n.expression.text);
}

/**
 * The activity names a workflow module binds (local name → activity name): destructured from a proxy
 * call, or from a call of a local function that returns one (`const q = (tq) => proxyActivities({ taskQueue: tq })`);
 * and the variables holding a whole proxy (`acts.charge()`).
 */
function activityBindings(sf: ts.SourceFile, proxies: ReadonlySet<string>) {
	const makers = new Set(proxies);
	const names = new Map<string, string>();
	const holders = new Set<string>();
	const visit = (n: ts.Node) => {
		if (ts.isVariableDeclaration(n) && n.initializer) {
			const init = skipWrappers(n.initializer);
			// A local function whose body is, or returns, a proxy call makes proxies too.
			if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(n.name)) {
				const body = init.body;
				const returns = ts.isBlock(body)
					? body.statements.some((st) => ts.isReturnStatement(st) && callOf(st.expression, makers))
					: callOf(body, makers);
				if (returns) makers.add(n.name.text);
			} else if (callOf(init, makers)) {
				if (ts.isIdentifier(n.name)) holders.add(n.name.text);
				else if (ts.isObjectBindingPattern(n.name))
					for (const el of n.name.elements) {
						if (!ts.isIdentifier(el.name) || el.dotDotDotToken) continue;
						const prop =
							el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : el.name.text;
						names.set(el.name.text, prop);
					}
			}
		}
		ts.forEachChild(n, visit);
	};
	visit(sf);
	return { names, holders };
}

/**
 * Activities of a file: its registrations (an `@Activity` class's methods, an activities module's
 * functions), and, in a workflow importing a proxy maker (`imported`: the names it imports from a
 * workflow module), the modules its proxies name and the calls through them.
 */
export function activityCandidates(
	sf: SourceFile,
	nodes: FileNodes,
	ctx: SiteContext,
	imported: ReadonlySet<string>,
	out: DispatchSiteRecord[],
): void {
	for (const a of activityRegistrations(sf.compilerNode, ctx.filePath)) {
		const at = wrap<Node>(sf, a.node);
		const handler = ctx.defIdOf(at) ?? (a.member ? ctx.enclosingDefId(at) : null);
		if (!handler) continue;
		const info = declaredInfo("activity", ACTIVITY, [a.name], handler);
		const folder = a.byFolder
			? { ...info, byFolder: true as const, pkg: nearestPackageName(ctx.repoRoot, ctx.filePath) }
			: info;
		out.push(record(CANDIDATE, folder, at, wrap(sf, a.nameNode), ctx));
	}
	const proxies = new Set([...imported].filter((n) => ACTIVITIES.proxies.has(n)));
	if (proxies.size > 0) {
		const proxyCalls = nodes.calls.filter(
			(cn) => ts.isIdentifier(cn.expression) && proxies.has(cn.expression.text),
		);
		// What this workflow's proxies name, by its package (see preferNamedActivities).
		const first = proxyCalls[0];
		if (first) {
			const { files, untyped } = namedActivityFiles(sf, proxyCalls, ctx.repoRoot);
			const info = {
				...declaredInfo("activity-module", ACTIVITY_MODULE, files, null),
				pkg: nearestPackageName(ctx.repoRoot, ctx.filePath),
				...(untyped ? { untyped: true as const } : {}),
			};
			out.push(record(CANDIDATE, info, wrap(sf, first), wrap(sf, first.expression), ctx));
		}
		const { names, holders } = activityBindings(sf.compilerNode, proxies);
		for (const cn of nodes.calls) {
			const e = cn.expression;
			const key = ts.isIdentifier(e)
				? names.get(e.text)
				: ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && holders.has(e.expression.text)
					? e.name.text
					: undefined;
			if (!key) continue;
			const info = declaredInfo("activity-call", ACTIVITY_CALL, [key], null);
			const nameNode: ts.Node = ts.isPropertyAccessExpression(e) ? e.name : e;
			out.push(record(CANDIDATE, info, wrap(sf, cn), wrap(sf, nameNode), ctx));
		}
	}
}
