/**
 * Router mounts: `app.use('/users', users)` recorded per file and, in finalize, prefixed onto the
 * keys registered on the mounted router (followed through imports, `require` and `module.exports`).
 */

import { dirname, resolve } from "node:path";
import type { CallExpression, SourceFile } from "ts-morph";
import { Node, SyntaxKind, ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { declarationsOf } from "../../syntax/declarations-of.js";
import { unwrap } from "../../syntax/unwrap.js";
import { usesMethods } from "../bind.js";
import { builtByNew, calleeParts, chainedParts, matchCallee } from "../callee.js";
import type { Compiled } from "../compile.js";
import { evaluateKey } from "../key-eval.js";
import { normalizeKey } from "../normalize.js";
import { trunkVerbs } from "../scope.js";
import { argAt, exprText, internalRecord, MOUNT, receiverIdentity, startLine } from "../sites.js";
import { checkerOf } from "../walk.js";

export interface MountInfo {
	trunk: string;
	prefix: string;
	/** Identity (`file#variable`) of the mounted router, and of the router it is mounted on. */
	target: string;
	on: string | null;
	/**
	 * A base path an app-building factory sets inside the app (factory-base.ts): it composes with the app's
	 * mounts (`/outer` + `/base` + path); `optional` when the factory sets it on some paths only.
	 */
	base?: true;
	optional?: true;
}

/** `router.route('/x').get(h)` → `router`: the receiver at the root of a call chain. */
export function routerOf(receiver: Node): Node {
	let r = unwrap(receiver);
	for (let depth = 0; Node.isCallExpression(r) && depth < 12; depth++) {
		const callee = unwrap(r.getExpression());
		if (!Node.isPropertyAccessExpression(callee)) break;
		r = unwrap(callee.getExpression());
	}
	return r;
}

/**
 * `file#name` of the variable a router expression denotes, through imports, `export default`,
 * `module.exports =` and `require('./x')`; null when it cannot be followed.
 */
export function routerIdentity(expr: Node, depth = 0): string | null {
	if (depth > 6) return null;
	const n = unwrap(expr);
	if (Node.isCallExpression(n)) {
		const sf = requiredFile(n);
		if (sf) return moduleExportIdentity(sf, depth + 1);
		// A router factory called where it is required, `app.use('/x', require('./x')(opts))`: the router it returns.
		const callee = unwrap(n.getExpression());
		const factory = Node.isCallExpression(callee) ? requiredFile(callee) : undefined;
		if (factory) return factoryReturnIdentity(factory, depth + 1);
		// `router.use('/x', makeRouter(opts))`, the factory imported or declared: the router it returns.
		const made = calledFactoryIdentity(callee, depth + 1);
		if (made) return made;
	}
	if (Node.isCallExpression(n) || Node.isNewExpression(n)) return chainHolder(n);
	if (!Node.isIdentifier(n) && !Node.isPropertyAccessExpression(n)) return null;
	let declarations: Node[];
	try {
		declarations = declarationsOf(n);
	} catch {
		return null;
	}
	for (const decl of declarations) {
		if (Node.isVariableDeclaration(decl)) {
			const init = decl.getInitializer();
			const u = init && unwrap(init);
			if (u && Node.isCallExpression(u) && requiredFile(u)) return routerIdentity(u, depth + 1);
			return `${decl.getSourceFile().getFilePath()}#${decl.getName()}`;
		}
		if (Node.isExportAssignment(decl)) return routerIdentity(decl.getExpression(), depth + 1);
		if (Node.isSourceFile(decl)) return moduleExportIdentity(decl, depth + 1);
		if (Node.isPropertyDeclaration(decl) || Node.isParameterDeclaration(decl))
			return `${decl.getSourceFile().getFilePath()}#${decl.getName()}`;
		// `const [api, admin] = require('./routes')(app)`: the router at that place of the list the factory returns.
		if (Node.isBindingElement(decl)) return returnedElementIdentity(decl, depth + 1);
	}
	return null;
}

/**
 * The router an array destructuring takes from a required factory's returned list
 * (`const [api, admin] = require('./routes')(app)`, the factory ending `return [router, adminRouter]`).
 */
function returnedElementIdentity(decl: Node, depth: number): string | null {
	const pattern = decl.getParent();
	const holder = pattern?.getParent();
	if (!pattern || !Node.isArrayBindingPattern(pattern) || !Node.isVariableDeclaration(holder)) return null;
	const init = holder.getInitializer();
	const call = init && unwrap(init);
	const callee = call && Node.isCallExpression(call) ? unwrap(call.getExpression()) : undefined;
	const factory = callee && Node.isCallExpression(callee) ? requiredFile(callee) : undefined;
	const list = factory && factoryReturn(factory);
	const listed = list && unwrap(list);
	if (!listed || !Node.isArrayLiteralExpression(listed)) return null;
	const element = listed.getElements()[pattern.getElements().indexOf(decl as never)];
	return element && !Node.isSpreadElement(element) ? routerIdentity(element, depth) : null;
}

/**
 * A router made and used in one expression, `export const auth = new Hono().get(…).route('/x', sub)`
 * (every link returns the router): `file#name` of the variable holding the whole chain (`file#default`
 * for `export default new Hono()…`), null when nothing holds it.
 */
function chainHolder(n: Node): string | null {
	let top = n;
	for (let depth = 0; depth < 64; depth++) {
		let p = top.getParent();
		while (
			p &&
			(Node.isParenthesizedExpression(p) ||
				Node.isAsExpression(p) ||
				Node.isSatisfiesExpression(p) ||
				Node.isNonNullExpression(p))
		) {
			top = p;
			p = p.getParent();
		}
		const call = p?.getParent();
		if (!p || !Node.isPropertyAccessExpression(p) || !call || !Node.isCallExpression(call)) break;
		if (call.getExpression() !== p) break;
		top = call;
	}
	const holder = top.getParent();
	if (Node.isVariableDeclaration(holder) && Node.isIdentifier(holder.getNameNode()))
		return `${holder.getSourceFile().getFilePath()}#${holder.getName()}`;
	if (Node.isExportAssignment(holder)) return `${holder.getSourceFile().getFilePath()}#default`;
	return null;
}

/**
 * Does `link`, a call named `name` down a receiver chain, return the router it is called on (a
 * mount or middleware of `trunk`: `app.use(mw)`, Hono's `.route('/x', sub)` and `.basePath('/api')`)?
 * Not a path alone, `router.route('/x')`: Express's route object.
 */
export function isMountLink(c: Compiled, trunk: string, link: ts.CallExpression, name: string): boolean {
	for (const m of c.mounts.get(name) ?? []) {
		if (m.trunk.name !== trunk) continue;
		if (m.resultMounted) return true;
		const args = link.arguments;
		const prefix = args[m.prefixArg];
		const pathOnly =
			args.length <= m.prefixArg + 1 &&
			prefix !== undefined &&
			(ts.isStringLiteralLike(prefix) || ts.isTemplateExpression(prefix));
		if (!pathOnly) return true;
	}
	return false;
}

/**
 * The file of `require('./x')`, or of `require('~/x')` where the program resolves the specifier to a
 * source of the repository (a tsconfig `paths` alias, a workspace package): never a package's build.
 */
export function requiredFile(call: CallExpression): SourceFile | undefined {
	const callee = call.getExpression();
	const arg = call.getArguments()[0];
	if (!Node.isIdentifier(callee) || callee.getText() !== "require" || !arg || !Node.isStringLiteral(arg))
		return undefined;
	const spec = arg.getLiteralValue();
	// The checker resolves `require('./x')` in JS files to the module's source file, through the
	// indexer's module resolution (its `paths` aliases included). (The indexer's nodes have no
	// ts-morph Project to look files up in: asking for it throws.)
	try {
		const decl = arg.getSymbol()?.getDeclarations()[0];
		if (decl && Node.isSourceFile(decl) && (spec.startsWith(".") || isRepositorySource(decl))) return decl;
	} catch {
		// not resolved: try the Project below
	}
	if (!spec.startsWith(".")) return undefined;
	const sf = call.getSourceFile();
	const base = resolve(dirname(sf.getFilePath()), spec);
	let project: ReturnType<SourceFile["getProject"]>;
	try {
		project = sf.getProject();
	} catch {
		return undefined;
	}
	for (const ext of ["", ".js", ".ts", ".cjs", ".mjs", ".jsx", ".tsx", "/index.js", "/index.ts"]) {
		const found = project.getSourceFile(base + ext);
		if (found) return found;
	}
	return undefined;
}

/** A source file of the repository, not a declaration file nor anything under `node_modules`. */
function isRepositorySource(sf: SourceFile): boolean {
	return !sf.isDeclarationFile() && !sf.getFilePath().includes("/node_modules/");
}

/** The router a module exports as a whole: `module.exports = router` or `export default router`. */
export function moduleExportIdentity(sf: SourceFile, depth: number): string | null {
	for (const stmt of sf.getStatements()) {
		if (Node.isExportAssignment(stmt)) return routerIdentity(stmt.getExpression(), depth);
		if (!Node.isExpressionStatement(stmt)) continue;
		const e = stmt.getExpression();
		if (Node.isBinaryExpression(e) && e.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
			if (e.getLeft().getText().replace(/\s+/g, "") === "module.exports")
				return routerIdentity(e.getRight(), depth);
		}
	}
	return null;
}

/**
 * The router a module's exported factory returns (`module.exports = function () { …; return router; }`,
 * `export default () => router`): its first top-level `return` of a router expression.
 */
function factoryReturnIdentity(sf: SourceFile, depth: number): string | null {
	const value = factoryReturn(sf);
	return value ? routerIdentity(value, depth) : null;
}

/** The expression a module's exported factory returns: its body, or its first top-level `return`'s value. */
function factoryReturn(sf: SourceFile): Node | null {
	for (const stmt of sf.getStatements()) {
		let fn: Node | undefined;
		if (Node.isExportAssignment(stmt)) fn = unwrap(stmt.getExpression());
		else if (Node.isFunctionDeclaration(stmt) && stmt.isDefaultExport()) fn = stmt;
		else if (Node.isExpressionStatement(stmt)) {
			const e = stmt.getExpression();
			if (
				Node.isBinaryExpression(e) &&
				e.getOperatorToken().getKind() === SyntaxKind.EqualsToken &&
				e.getLeft().getText().replace(/\s+/g, "") === "module.exports"
			)
				fn = unwrap(e.getRight());
		}
		if (!fn || !isFunction(fn)) continue;
		return returnOf(fn);
	}
	return null;
}

const isFunction = (n: Node): boolean =>
	Node.isFunctionExpression(n) || Node.isArrowFunction(n) || Node.isFunctionDeclaration(n);

/** What a function returns: an arrow's expression body, or its body's first top-level `return` value. */
function returnOf(fn: Node): Node | null {
	if (!(Node.isFunctionExpression(fn) || Node.isArrowFunction(fn) || Node.isFunctionDeclaration(fn)))
		return null;
	const body = fn.getBody();
	if (body && !Node.isBlock(body)) return body;
	for (const st of body && Node.isBlock(body) ? body.getStatements() : []) {
		const value = Node.isReturnStatement(st) ? st.getExpression() : undefined;
		if (value) return value;
	}
	return null;
}

/**
 * The router a called factory returns, the factory named by an identifier (imported or local):
 * `export default function route(crowi) { …; return router }`, `export const factory = (c) => { … }`,
 * or a module whose `module.exports` is the factory.
 */
function calledFactoryIdentity(callee: Node, depth: number): string | null {
	if (!Node.isIdentifier(callee)) return null;
	let declarations: Node[];
	try {
		declarations = declarationsOf(callee);
		// An import the checker cannot follow to a declaration (`module.exports =` in a TS module): the import itself.
		if (declarations.length === 0) declarations = callee.getSymbol()?.getDeclarations() ?? [];
	} catch {
		return null;
	}
	for (const decl of declarations) {
		let value: Node | null = null;
		// A default import of a CommonJS module (`module.exports = (app) => …`): the module's factory.
		const from = Node.isImportClause(decl) ? decl.getParent() : undefined;
		const imported = from && Node.isImportDeclaration(from) ? from.getModuleSpecifierSourceFile() : undefined;
		if (imported) value = factoryReturn(imported);
		else if (Node.isSourceFile(decl)) value = factoryReturn(decl);
		else if (isFunction(decl)) value = returnOf(decl);
		else if (Node.isBinaryExpression(decl)) value = returnOf(unwrap(decl.getRight()));
		else if (Node.isFunctionDeclaration(decl)) value = returnOf(decl);
		else if (Node.isVariableDeclaration(decl)) {
			const init = decl.getInitializer();
			value = init ? returnOf(unwrap(init)) : null;
		}
		if (value) return routerIdentity(value, depth);
	}
	return null;
}

/** `app.use('/users', users)`: an internal record joined in finalize to the sites registered on `users`. */
export function extractMount(
	call: CallExpression,
	c: Compiled,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const called = calleeParts(call);
	const cands = called && c.mounts.get(called.name);
	if (!called || !cands) return;
	for (const m of cands) {
		// `new Hono().use(mw).get('/x', h).route('/y', sub)`: a mount in a fluent chain is on its first receiver.
		const verbs = [...trunkVerbs(m.trunk)];
		const parts = chainedParts(
			called,
			verbs,
			(link, name) =>
				isMountLink(c, m.trunk.name, link, name) || builtByNew(link, m.callee.spec.receiverCreatedBy),
		);
		if (!matchCallee(m.callee, parts)) continue;
		const prefixNode = call.getArguments()[m.prefixArg];
		const targetNode = m.resultMounted ? call : argAt(call, m.targetArg);
		if (!prefixNode || !targetNode) continue;
		const on = () => (parts.receiver ? routerIdentity(routerOf(parts.receiver)) : null);
		const record = (prefix: string, targetNode: Node): boolean => {
			const target = routerIdentity(targetNode);
			if (!target) return false;
			const onId = on();
			const info: MountInfo = {
				trunk: m.trunk.name,
				prefix,
				target,
				// `const app = new Hono().basePath('/api')`: the chain's router is the one its base path is for.
				on: onId === target ? null : onId,
			};
			// The mount line is a site of its own once finalize knows the keys it prefixes (`mountSites`): the
			// line of its path, as a route's is its key's (a chain's `.route('/x', sub)` is lines below its start).
			const at = prefix && prefixNode !== targetNode ? prefixNode : call;
			out.push({
				...internalRecord(MOUNT, info, ctx.filePath, startLine(at)),
				expression: exprText(call),
				enclosingDefId: ctx.enclosingDefId(call),
			});
			return true;
		};
		const prefix = targetNode === prefixNode ? null : evaluateKey(prefixNode);
		if (prefix?.length === 1 && prefix[0]?.startsWith("/")) {
			// `app.use('/setup', done ? finished : require('./setup')(app))`: either branch may be the router.
			const u = unwrap(targetNode);
			const targets = Node.isConditionalExpression(u) ? [u.getWhenTrue(), u.getWhenFalse()] : [targetNode];
			let mounted = false;
			for (const t of targets) mounted = record(prefix[0], t) || mounted;
			if (mounted) return;
			continue;
		}
		// `router.use(receiveRouter, pushRouter)`: routers mounted with no path take the receiver's mounts.
		const bare = m.prefixArg === 0 && !m.resultMounted ? pathlessTargets(call) : [];
		let mounted = false;
		for (const t of bare) mounted = record("", t) || mounted;
		if (mounted) return;
	}
}

/**
 * The arguments of a mount called with no path (`router.use(sub)`, `router.use(a, b)`): every
 * argument an identifier or a member, none of them a string (a path the key evaluation could not
 * read, `router.use(prefix, sub)`, is no pathless mount). Middlewares among them are harmless: no
 * route is registered on them.
 */
function pathlessTargets(call: CallExpression): Node[] {
	const args = call.getArguments();
	if (args.length === 0) return [];
	const checker = checkerOf(call);
	for (const a of args) {
		const u = unwrap(a);
		if (!Node.isIdentifier(u) && !Node.isPropertyAccessExpression(u)) return [];
		if (evaluateKey(u)?.length) return [];
		const type = checker.getTypeAtLocation(u.compilerNode);
		if (type.flags & ts.TypeFlags.StringLike) return [];
	}
	return args;
}

/** A mount as finalize reads it: its info and where its line is (the internal record's place). */
export interface MountRecord {
	info: MountInfo;
	file: string;
	line: number;
	expression: string;
	enclosingDefId: string | null;
}

/** The mount record an internal MOUNT record carries. */
export function mountRecord(s: DispatchSiteRecord): MountRecord {
	return {
		info: JSON.parse(s.rawKey as string) as MountInfo,
		file: s.file,
		line: s.line,
		expression: s.expression,
		enclosingDefId: s.enclosingDefId,
	};
}

/** A prefix a router's routes are served under, and the mount lines it was composed from (outermost first). */
interface Prefix {
	path: string;
	via: MountRecord[];
}

/**
 * Prefix the keys registered on mounted routers with their mount paths (nested mounts compose; a
 * router mounted at two paths registers its routes under both). Returns, per prefixed site, the
 * mount lines its key was composed through (`mountSites` makes them sites once every key is settled).
 */
export function applyMounts(
	sites: DispatchSiteRecord[],
	mounts: MountRecord[],
	c: Compiled,
): Map<DispatchSiteRecord, MountRecord[]> {
	const through = new Map<DispatchSiteRecord, MountRecord[]>();
	if (mounts.length === 0) return through;
	const byTarget = new Map<string, MountRecord[]>();
	for (const m of mounts) byTarget.set(m.info.target, [...(byTarget.get(m.info.target) ?? []), m]);
	const prefixes = (id: string, seen: Set<string>): Prefix[] => {
		const all = byTarget.get(id);
		if (!all || seen.has(id)) return [{ path: "", via: [] }];
		const next = new Set(seen).add(id);
		const ms = all.filter((m) => !m.info.base);
		const out: Prefix[] = ms.length === 0 ? [{ path: "", via: [] }] : [];
		for (const m of ms) {
			const own = m.info.prefix.replace(/\/+$/, "");
			for (const outer of m.info.on ? prefixes(m.info.on, next) : [{ path: "", via: [] }])
				out.push({ path: outer.path + own, via: [...outer.via, m] });
		}
		const bases = all.filter((m) => m.info.base);
		if (bases.length === 0) return out.slice(0, 4);
		// A factory's base path lies inside the app, under each of its mounts. One the factory sets on some
		// paths only is how an app stands alone under its name and mounts bare under another: the app is
		// served with and without it when it stands alone, without it where another app mounts it.
		const optional = bases.some((m) => m.info.optional);
		const inner = new Set(
			optional && ms.length > 0 ? [] : bases.map((m) => m.info.prefix.replace(/\/+$/, "")),
		);
		if (optional) inner.add("");
		const composed = new Map<string, Prefix>();
		for (const outer of out)
			for (const b of inner) {
				const path = outer.path + b;
				composed.set(path, { path, via: [...new Set([...(composed.get(path)?.via ?? []), ...outer.via])] });
			}
		return [...composed.values()].slice(0, 4);
	};
	const added: DispatchSiteRecord[] = [];
	for (const s of sites) {
		const id = receiverIdentity.get(s);
		if (!id || s.key === null || s.rawKey === null || !byTarget.has(id)) continue;
		const t = c.trunks.get(s.trunk);
		if (!t) continue;
		const space = usesMethods(t.spec) ? s.rawKey.indexOf(" ") : -1;
		const method = space > 0 ? s.rawKey.slice(0, space) : "";
		const path = space > 0 ? s.rawKey.slice(space + 1) : s.rawKey;
		// Two mount paths may compose to one prefix (a factory's base path beside a mount): one site per key.
		const keys = new Map<string, MountRecord[]>();
		for (const prefix of prefixes(id, new Set())) {
			const joined = path === "/" ? prefix.path || "/" : prefix.path + path;
			const k = normalizeKey(joined, t.normalize) || "/";
			const key = method ? `${method} /${k.replace(/^\/+/, "")}` : k;
			// Two paths to one key (a factory's optional base beside a mount): both paths' mount lines.
			keys.set(key, [...new Set([...(keys.get(key) ?? []), ...prefix.via])]);
		}
		const [first, ...rest] = [...keys];
		if (!first) continue;
		s.key = first[0];
		through.set(s, first[1]);
		for (const [k, via] of rest) {
			const copy = { ...s, key: k };
			added.push(copy);
			through.set(copy, via);
		}
	}
	sites.push(...added);
	return through;
}

/**
 * The mount lines as sites of their own (side `mount`), one per mount line and key it prefixes: the
 * route's final key (every join settled), the mount's own path as its raw key, its call as the
 * expression, and the mounted router's definition (`handlerDefId`) when the index has one. A mount
 * with no path (`router.use(sub)`) or a factory's base path is no line a request passes by name.
 * No edge is written for them (writer.ts): they place a hop's middle step, they do not rank.
 */
export function mountSites(
	through: Map<DispatchSiteRecord, MountRecord[]>,
	repoRoot: string | null,
): DispatchSiteRecord[] {
	const out = new Map<string, DispatchSiteRecord>();
	const root = repoRoot?.replace(/\/+$/, "");
	const defOf = (target: string): string | null => {
		if (!root || !target.startsWith(`${root}/`)) return null;
		const rel = target.slice(root.length + 1);
		return rel.endsWith("#default") ? null : rel;
	};
	for (const [s, via] of through) {
		if (s.key === null || s.side !== "register") continue;
		for (const m of via) {
			if (m.info.base || m.info.prefix.replace(/\/+$/, "") === "") continue;
			const at = `${s.trunk}\0${s.key}\0${m.file}\0${m.line}`;
			if (out.has(at)) continue;
			out.set(at, {
				trunk: s.trunk,
				side: "mount",
				key: s.key,
				rawKey: m.info.prefix,
				expression: m.expression,
				file: m.file,
				line: m.line,
				enclosingDefId: m.enclosingDefId,
				handlerDefId: defOf(m.info.target),
				resolution: "syntactic",
				inScope: s.inScope,
			});
		}
	}
	return [...out.values()];
}
