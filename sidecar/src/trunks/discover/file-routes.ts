/**
 * File-based routes as a registry: a route module (`route.ts`, `+server.ts`) below a routes folder
 * registers each function it exports under an HTTP verb's name, keyed by the path its folders spell;
 * a module below a default-export routes folder (`pages/api/`, `server/api/`) registers its default
 * export under the path its folders and file name spell (`[id].patch.ts` → `PATCH …/:id`).
 * No call names these keys, so no call candidate sees them; the clients' `fetch('/x', { method })`
 * and `client.fetch(…)` calls are the dispatch side, joined in infer like any HTTP route's. Like a
 * code-first GraphQL resolver, a route module is declared by its convention: its registry stands
 * with no client in the repository (a public API), and a preset's route trunk takes its sites
 * (extractor), so the clients that trunk already holds meet them.
 * Conventions, not framework names: see `FILE_ROUTES` in families.
 */
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import type { SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { type RepoFacts, repoFacts } from "../detect.js";
import { calledName, wrap } from "../walk.js";
import { CANDIDATE, type CandidateInfo, record } from "./candidates.js";
import { FILE_ROUTES } from "./families.js";
import { functionHandler } from "./handler-refs.js";

export const FILE_ROUTE = "(file-route)";

/**
 * Folders below a routes root as path segments: `[id]` as `:id`, route groups `(x)` and slots `@x`
 * dropped; null for a `_private` or hidden folder (never routed) or a name no router reads.
 */
function routeSegments(folders: readonly string[]): string[] | null {
	const segments: string[] = [];
	for (const seg of folders) {
		if (/^\(.*\)$/.test(seg) || seg.startsWith("@")) continue;
		if (seg.startsWith("_") || seg.startsWith(".")) return null;
		// `[id]`, `[...slug]`, `[[...slug]]`, SvelteKit's `[id=integer]`: one parameter segment.
		const param = /^\[{1,2}(?:\.\.\.)?([A-Za-z_$][\w$-]*)(?:=[\w$]+)?\]{1,2}$/.exec(seg);
		if (param) segments.push(`:${param[1]}`);
		else if (/^[\w.~-]+$/.test(seg)) segments.push(seg);
		else return null;
	}
	return segments;
}

/**
 * The route path of a repo-relative route module (`route.ts`, `+server.ts`), or null when it is
 * none: the folders below the outermost routes root under the last `src` folder. Given the folder of
 * its package (`packageDir`, repo-relative, "" for the root), the root is the package's own top
 * folder or one in its top `src` (`app/`, `src/api/`): a `route.ts` deeper in the code
 * (`modules/api/v2/me/route.ts`, a handler an `app/` route re-exports) is no route of its own.
 */
export function fileRoutePath(file: string, packageDir?: string): string | null {
	const parts = file.split("/");
	const base = (parts.pop() ?? "").replace(FILE_ROUTES.extensions, "");
	if (base === parts.at(-1) || !FILE_ROUTES.files.has(base)) return null;
	// The outermost root below the last `src` folder (a package may be named `api` or `app` itself):
	// `app/api/users/route.ts` serves `/api/users`, `src/api/admin/route.ts` serves `/admin`.
	const src = parts.lastIndexOf("src");
	const firstRoot = (from: number) => parts.findIndex((p, i) => i >= from && FILE_ROUTES.roots.has(p));
	let root = src >= 0 ? firstRoot(src + 1) : -1;
	if (root < 0) root = firstRoot(0);
	if (root < 0) return null;
	if (packageDir !== undefined) {
		const top = packageDir === "" ? 0 : packageDir.split("/").length;
		if (root !== top && !(root === top + 1 && parts[top] === "src")) return null;
	}
	const segments = routeSegments(parts.slice(root + 1));
	return segments ? `/${segments.join("/")}` : null;
}

/**
 * The route of a module below a default-export routes folder (`pages/api/users/[id].ts` →
 * `ALL /api/users/:id`, `server/api/todos/[id].patch.ts` → `PATCH /api/todos/:id`), or null; none
 * below a helper folder (`routes/api/middlewares/`).
 */
export function defaultExportRoute(file: string): { path: string; method: string; wraps: RegExp } | null {
	if (!FILE_ROUTES.extensions.test(file) || /\.d\.[mc]?ts$/.test(file)) return null;
	const parts = file.split("/");
	let name = (parts.pop() ?? "").replace(FILE_ROUTES.extensions, "");
	for (const family of FILE_ROUTES.defaultExport) {
		const at = parts.findIndex((_, i) => family.folders.every((f, j) => parts[i + j] === f));
		if (at < 0) continue;
		if (parts.slice(at + family.folders.length).some((f) => FILE_ROUTES.helperFolders.has(f))) return null;
		const verb = /\.([a-z]+)$/.exec(name)?.[1];
		const method = verb && FILE_ROUTES.exports.has(verb.toUpperCase()) ? verb.toUpperCase() : "ALL";
		if (method !== "ALL") name = name.slice(0, -(verb as string).length - 1);
		// A file name is a segment like a folder's (`[id]`); `index` is the folder itself.
		const segments = routeSegments([
			...parts.slice(at + family.folders.length),
			...(name === "index" ? [] : [name]),
		]);
		if (!segments || segments.some((s) => s.includes("."))) return null;
		return { path: `/${[...family.prefix, ...segments].join("/")}`, method, wraps: family.wraps };
	}
	return null;
}

/**
 * One dot-separated file-name route segment (Remix): `$id` → `:id`, a lone `$` (splat) → `:splat`,
 * `[.]`-style escapes as their text, a trailing `_` (no layout nesting) dropped; "" for no segment
 * (`_index`, a `_layout` pathless prefix, an optional `(x)` segment); null for a name no router reads.
 */
function dottedSegment(seg: string): string | null {
	if (seg === "_index" || seg === "index" || seg.startsWith("_") || /^\(.*\)$/.test(seg)) return "";
	const name = seg.replace(/_$/, "").replace(/\[([^\]]*)\]/g, "$1");
	if (name === "$") return ":splat";
	if (/^\$[A-Za-z_][\w-]*$/.test(name)) return `:${name.slice(1)}`;
	return /^[\w.~-]+$/.test(name) ? name : null;
}

/** Splits a flat-route name on the dots outside `[…]` escapes (`sitemap[.]xml` is one segment). */
function splitDots(name: string): string[] {
	const parts: string[] = [];
	let cur = "";
	let depth = 0;
	for (const ch of name) {
		if (ch === "[") depth++;
		else if (ch === "]") depth = Math.max(0, depth - 1);
		if (ch === "." && depth === 0) {
			parts.push(cur);
			cur = "";
		} else cur += ch;
	}
	parts.push(cur);
	return parts;
}

/**
 * The dotted names spelling a file-name route module's URL: its folders and its file name, or null
 * for a module no router reads. A folder route's module is `route.ts` (its folder names the route);
 * elsewhere the file is a segment. A `x+` folder (remix-flat-routes) is flattened into the dotted
 * name (`_auth+/t.$team+/settings.tsx` is `_auth.t.$team.settings`); below a plain folder inside
 * one, only the folder's route module (`route`, `index`, `layout`, `page`, `_x`, `x.route`) is a route,
 * named by its folders (an `x.route` file by its name as well).
 */
function routeNames(folders: readonly string[], base: string): string[] | null {
	if (!folders.some((f) => f.length > 1 && f.endsWith("+"))) {
		return base === "route" && folders.length > 0 ? [...folders] : [...folders, base];
	}
	const names = folders.map((f) => (f.endsWith("+") ? f.slice(0, -1) : f));
	// A trailing `route` piece names nothing (`users+/route.tsx` is `users`, `docs/readme.route.tsx` is `docs.readme`).
	const file = base === "route" ? [] : [base.replace(/\.route$/, "")];
	if (folders.every((f) => f.endsWith("+")) || base.endsWith(".route")) return [...names, ...file];
	return /^(index|route|layout|page)$|^_/.test(base) ? names : null;
}

/**
 * The URL of a module whose file name spells it (`app/routes/api.v1.tasks.$taskId.trigger.ts` →
 * `/api/v1/tasks/:taskId/trigger`; `app/routes/api.runs.$id/route.ts` → `/api/runs/:id`), with the
 * family whose folders hold it, or null. `.server`/`.client` modules are never routes.
 */
export function fileNameRoutePath(file: string): { path: string; exports: Record<string, string> } | null {
	if (!FILE_ROUTES.extensions.test(file) || /\.d\.[mc]?ts$/.test(file)) return null;
	const parts = file.split("/");
	const base = (parts.pop() ?? "").replace(FILE_ROUTES.extensions, "");
	if (/\.(server|client)$/.test(base)) return null;
	for (const family of FILE_ROUTES.namedExport) {
		const at = parts.findIndex((_, i) => family.folders.every((f, j) => parts[i + j] === f));
		if (at < 0) continue;
		const names = routeNames(parts.slice(at + family.folders.length), base);
		if (!names) return null;
		const segments: string[] = [];
		for (const name of names) {
			for (const piece of splitDots(name)) {
				const seg = dottedSegment(piece);
				if (seg === null) return null;
				if (seg !== "") segments.push(seg);
			}
		}
		return { path: `/${segments.join("/")}`, exports: family.exports };
	}
	return null;
}

/** The repo-relative folder of the package.json nearest above a repo-relative file ("" for the root; cached per folder). */
const packageDirs = new Map<string, string>();
function packageDirOf(repoRoot: string, file: string): string {
	const folder = posix.dirname(file);
	const key = `${repoRoot}\u0000${folder}`;
	const known = packageDirs.get(key);
	if (known !== undefined) return known;
	let dir = folder;
	while (dir !== "." && dir !== "" && !existsSync(join(repoRoot, dir, "package.json")))
		dir = posix.dirname(dir);
	const found = dir === "." ? "" : dir;
	packageDirs.set(key, found);
	return found;
}

/** Whether the repository depends on a file-name route family's framework (cached per root). */
const factsByRoot = new Map<string, RepoFacts>();
function dependsOnAny(repoRoot: string, dependencies: readonly string[]): boolean {
	let facts = factsByRoot.get(repoRoot);
	if (!facts) {
		facts = repoFacts(repoRoot);
		factsByRoot.set(repoRoot, facts);
	}
	const known = facts;
	return dependencies.some((d) => known.dependencies.has(d));
}

/** The exported functions of a route module named by HTTP verbs, each one register candidate. */
export function fileRouteCandidates(sf: SourceFile, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	const named = fileNameRoute(ctx);
	const path = named?.path ?? fileRoutePath(ctx.filePath, packageDirOf(ctx.repoRoot, ctx.filePath));
	if (path === null) {
		defaultExportCandidate(sf, ctx, out);
		return;
	}
	const methodOf = (name: string): string | null =>
		named ? (named.exports[name] ?? null) : FILE_ROUTES.exports.has(name) ? name : null;
	const exported = (mods: ts.NodeArray<ts.ModifierLike> | undefined) =>
		mods?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
	const found: { verb: string; name: ts.Node; handler: () => string | null }[] = [];
	for (const st of sf.compilerNode.statements) {
		if (ts.isFunctionDeclaration(st) && st.name && exported(st.modifiers)) {
			const decl = st;
			found.push({ verb: st.name.text, name: st.name, handler: () => ctx.defIdOf(wrap(sf, decl)) });
		} else if (ts.isVariableStatement(st) && exported(st.modifiers)) {
			for (const d of st.declarationList.declarations) {
				if (!ts.isIdentifier(d.name) || !d.initializer) continue;
				const decl = d;
				const init = d.initializer;
				// `export const GET = withAuth(list)`: the exported constant itself when no function is read;
				// a value that is no function nor a call's result (`export const GET = "x"`) handles nothing.
				found.push({
					verb: d.name.text,
					name: d.name,
					handler: () =>
						functionHandler(wrap(sf, init), ctx) ??
						(ts.isCallExpression(skipWrappers(init)) ? ctx.defIdOf(wrap(sf, decl)) : null) ??
						memberOfBuilt(sf, init, ctx),
				});
			}
		} else if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
			// `export { handler as GET, handler as POST }`; re-exported, `export { POST } from "…"` or
			// `import { POST } from "…"; export { POST }`: the route module it comes from handles it.
			const reexport = st.moduleSpecifier !== undefined;
			for (const el of st.exportClause.elements) {
				const local = el.propertyName ?? el.name;
				if (!ts.isIdentifier(local)) continue;
				found.push({
					verb: el.name.text,
					name: el.name,
					handler: () =>
						functionHandler(wrap(sf, local), ctx) ??
						(reexport ? null : builtHandler(sf, local.text, ctx)) ??
						importedWrapped(sf, local, ctx),
				});
			}
		}
	}
	for (const f of found) {
		const method = methodOf(f.verb);
		if (!method) continue;
		const handler = f.handler();
		if (handler) out.push(routeRecord(sf, ctx, path, method, handler, f.name));
	}
}

/**
 * The handler of a module-level constant a route factory built (`const { action, loader } =
 * createRoute(options, async ({ params }) => …)`, then `export { action, loader }`): the function the
 * factory was given (the route's code), else the constant itself; null when `name` is no such constant.
 */
function builtHandler(sf: SourceFile, name: string, ctx: SiteContext): string | null {
	for (const st of sf.compilerNode.statements) {
		if (!ts.isVariableStatement(st)) continue;
		for (const d of st.declarationList.declarations) {
			const binds = ts.isIdentifier(d.name)
				? d.name.text === name
				: ts.isObjectBindingPattern(d.name) &&
					d.name.elements.some((e) => ts.isIdentifier(e.name) && e.name.text === name);
			if (!binds || !d.initializer) continue;
			const init = skipWrappers(d.initializer);
			if (!ts.isCallExpression(init)) return null;
			const given = [...init.arguments]
				.reverse()
				.find((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a));
			const element = ts.isObjectBindingPattern(d.name)
				? d.name.elements.find((e) => ts.isIdentifier(e.name) && e.name.text === name)
				: undefined;
			return (
				(given && ctx.defIdOf(wrap(sf, given))) ??
				(element && ctx.defIdOf(wrap(sf, element))) ??
				ctx.defIdOf(wrap(sf, d))
			);
		}
	}
	return null;
}

/**
 * A route handler another module builds with a call and this one re-exports (`export const POST =
 * withApiLogging({ handler })` there, `export { POST }` here): that constant, as a route module's own
 * `export const POST = withAuth(list)` is; null for anything else.
 */
function importedWrapped(sf: SourceFile, local: ts.Identifier, ctx: SiteContext): string | null {
	const symbol = wrap(sf, local).getSymbol();
	if (!symbol?.isAlias()) return null;
	for (const decl of symbol.getAliasedSymbol()?.getDeclarations() ?? []) {
		const node = decl.compilerNode;
		if (
			ts.isVariableDeclaration(node) &&
			node.initializer &&
			ts.isCallExpression(skipWrappers(node.initializer))
		)
			return ctx.defIdOf(decl);
	}
	return null;
}

/** `export const action = route.action`, `route` a module constant a factory built: that factory's handler. */
function memberOfBuilt(sf: SourceFile, init: ts.Expression, ctx: SiteContext): string | null {
	const e = skipWrappers(init);
	return ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)
		? builtHandler(sf, e.expression.text, ctx)
		: null;
}

/** A file-name route of a family whose framework the repository depends on, or null. */
function fileNameRoute(ctx: SiteContext): { path: string; exports: Record<string, string> } | null {
	const route = fileNameRoutePath(ctx.filePath);
	if (!route) return null;
	const family = FILE_ROUTES.namedExport.find((f) => f.exports === route.exports);
	return family && dependsOnAny(ctx.repoRoot, family.dependencies) ? route : null;
}

/** The default export of a module below a default-export routes folder: one register candidate. */
function defaultExportCandidate(sf: SourceFile, ctx: SiteContext, out: DispatchSiteRecord[]): void {
	const route = defaultExportRoute(ctx.filePath);
	if (!route) return;
	for (const st of sf.compilerNode.statements) {
		let handler: string | null = null;
		let at: ts.Node | undefined;
		if (
			ts.isFunctionDeclaration(st) &&
			st.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) &&
			st.modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
		) {
			if (registersOnParameter(st)) continue;
			at = st.name ?? st;
			handler = ctx.defIdOf(wrap(sf, st));
		} else if (ts.isExportAssignment(st) && !st.isExportEquals) {
			const expr = st.expression;
			at = expr;
			// `export default handler`, or `export default defineEventHandler(async (event) => …)`: the
			// module is the handler (what the call wraps runs there).
			const inner = skipWrappers(expr);
			if ((ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) && registersOnParameter(inner))
				continue;
			const wrapper = ts.isCallExpression(inner) ? (calledName(inner) ?? null) : null;
			handler =
				functionHandler(wrap(sf, expr), ctx) ??
				((wrapper !== null && route.wraps.test(wrapper)) ||
				ts.isArrowFunction(inner) ||
				ts.isFunctionExpression(inner)
					? (ctx.defIdOf(wrap(sf, st)) ?? ctx.enclosingDefId(wrap(sf, expr)))
					: null);
		}
		if (at && handler) {
			out.push(routeRecord(sf, ctx, route.path, route.method, handler, at));
			return;
		}
	}
}

/** Methods by which an app or router object takes routes and middleware. */
const REGISTERING = /^(get|post|put|patch|delete|del|head|options|all|use|route|register)$/;

/**
 * A function that registers routes on the app or router it is given (`export default function
 * users(app) { app.get('/users', …) }`, an Express layout's `server/routes/users.ts`) is no handler:
 * its routes are the calls inside it, which the call candidates see.
 */
function registersOnParameter(fn: ts.SignatureDeclarationBase & { body?: ts.Node }): boolean {
	const param = fn.parameters[0]?.name;
	if (!param || !ts.isIdentifier(param) || !fn.body) return false;
	const name = param.text;
	let found = false;
	const visit = (n: ts.Node): void => {
		if (found) return;
		if (
			ts.isCallExpression(n) &&
			ts.isPropertyAccessExpression(n.expression) &&
			ts.isIdentifier(n.expression.expression) &&
			n.expression.expression.text === name &&
			REGISTERING.test(n.expression.name.text)
		) {
			found = true;
			return;
		}
		ts.forEachChild(n, visit);
	};
	visit(fn.body);
	return found;
}

/** One register candidate: `method path`, handled by `handler`, sited at `name`. */
function routeRecord(
	sf: SourceFile,
	ctx: SiteContext,
	path: string,
	method: string,
	handler: string,
	name: ts.Node,
): DispatchSiteRecord {
	const info: CandidateInfo = {
		// The file convention declares the route: it stands with no client in the repository.
		declared: true,
		form: "file-route",
		receiver: "",
		name: FILE_ROUTE,
		arg: 0,
		keys: [path],
		handlerArg: null,
		handler,
		callee: null,
		method,
	};
	const at = wrap(sf, name);
	// The module registers: its routes are its exports, written nowhere else.
	return { ...record(CANDIDATE, info, at, at, ctx), enclosingDefId: ctx.enclosingDefId(sf) };
}
