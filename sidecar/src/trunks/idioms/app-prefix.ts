/**
 * Application-wide route prefixes (a decorator idiom's `appPrefix`): Nest's `app.setGlobalPrefix('api')` and
 * URI versioning (`app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' })`) serve every
 * controller route of the app under `/api/v1/…`, the path its clients call; a route's own `@Version('2')`
 * or `@Version(VERSION_NEUTRAL)` changes or drops the version segment. The calls are recorded per package
 * (internal APP_PREFIX records), each route's package and version ride on its site's receiver identity,
 * and finalize gives bind.ts the base paths to cut from client keys that join nothing.
 */
import type { CallExpression, ClassDeclaration, Decorator, MethodDeclaration } from "ts-morph";
import { Node } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import type { AppBase } from "../bind.js";
import type { Compiled } from "../compile.js";
import type { DecoratorIdiom } from "../config.js";
import { evaluateKey, resolveObject } from "../key-eval.js";
import { nearestPackage } from "../package-name.js";
import { internalRecord, receiverIdentity, startLine } from "../sites.js";

/** Internal record kind (removed by finalize): a package's global prefix or URI versioning. */
export const APP_PREFIX = "(app-prefix)";
/** A route site's receiver identity, when its idiom has an `appPrefix`: this mark, then JSON of `RouteApp`. */
const MARK = "(app)";

export type AppPrefixSpec = NonNullable<DecoratorIdiom["appPrefix"]>;

interface AppPrefixInfo {
	trunk: string;
	pkg: string;
	prefix?: string;
	/** URI versioning's default version(s), each with its segment (`v1`); empty: no default segment. */
	versions?: string[];
	segment?: string;
}

/** A route's package and its own version: none (the app's default), the neutral version, or its values. */
interface RouteApp {
	pkg: string;
	version: string[] | "neutral" | null;
}

/** The folder of the package a file belongs to (its nearest named package.json; "" for none or the root). */
function packageDir(ctx: SiteContext): string {
	return nearestPackage(ctx.repoRoot, ctx.filePath)?.dir ?? "";
}

const lastName = (n: Node) => n.getText().split(".").pop()?.trim() ?? "";

function propertyInit(obj: Node, name: string): Node | undefined {
	if (!Node.isObjectLiteralExpression(obj)) return undefined;
	const p = obj.getProperty(name);
	return p && Node.isPropertyAssignment(p) ? p.getInitializer() : undefined;
}

/** A global-prefix or versioning call of an idiom's `appPrefix` (`name` is the called name): its record. */
export function extractAppPrefix(
	call: CallExpression,
	name: string,
	c: Compiled,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
): void {
	const arg = call.getArguments()[0];
	if (!arg) return;
	for (const { trunk, spec } of c.appPrefixes) {
		const base = { trunk: trunk.name, pkg: packageDir(ctx) };
		let info: AppPrefixInfo | undefined;
		if (name === spec.prefixCall) {
			const values = evaluateKey(arg);
			if (values?.length === 1 && values[0] !== undefined) info = { ...base, prefix: values[0] };
		} else if (name === spec.versioningCall) {
			const obj = resolveObject(arg);
			const type = obj && propertyInit(obj, spec.typeProperty);
			// Header, media-type or custom versioning put no segment in the path.
			if (!obj || !type || lastName(type) !== spec.uriType) continue;
			const def = propertyInit(obj, spec.defaultProperty);
			const neutral = def !== undefined && spec.neutral !== undefined && lastName(def) === spec.neutral;
			const versions = def && !neutral ? (evaluateKey(def) ?? []) : [];
			info = { ...base, versions: versions.map((v) => `${spec.segment}${v}`), segment: spec.segment };
		}
		if (info) out.push(internalRecord(APP_PREFIX, info, ctx.filePath, startLine(call)));
	}
}

/** A version decorator's or property's value: the neutral version, its values, or null when unknown. */
function versionOf(arg: Node | undefined, spec: AppPrefixSpec): RouteApp["version"] {
	if (!arg) return null;
	if (spec.neutral !== undefined && lastName(arg) === spec.neutral) return "neutral";
	return evaluateKey(arg);
}

/**
 * The receiver identity of a route declared by `method` in `cls`: its package and version — the method's
 * version decorator, else the class's, else the version property of the class's route decorator.
 */
export function routeApp(
	method: MethodDeclaration,
	cls: ClassDeclaration,
	classDecorator: Decorator | undefined,
	spec: AppPrefixSpec,
	ctx: SiteContext,
): string {
	const own = (decs: Decorator[]) => decs.find((d) => d.getName() === spec.versionDecorator);
	let version: RouteApp["version"] = null;
	const dec = spec.versionDecorator ? (own(method.getDecorators()) ?? own(cls.getDecorators())) : undefined;
	if (dec) version = versionOf(dec.getArguments()[0], spec);
	else if (classDecorator && spec.classVersionProperty) {
		const obj = classDecorator.getArguments()[0];
		const init = obj && propertyInit(resolveObject(obj) ?? obj, spec.classVersionProperty);
		version = versionOf(init, spec);
	}
	const app: RouteApp = { pkg: packageDir(ctx), version };
	return `${MARK}${JSON.stringify(app)}`;
}

const join = (...parts: string[]) =>
	parts
		.map((p) => p.replace(/^\/+|\/+$/g, ""))
		.filter(Boolean)
		.join("/");

/**
 * The base paths each package that sets a global prefix or URI versioning serves its routes under, per trunk
 * (`api/v1`, `api/v2`, `api`), each with the route keys of the packages served under it: a route declared
 * `GET /users` is called `GET /api/v1/users`. The routes keep their declared keys (every join made on them
 * stays); a client key that joins nothing joins once such a base path is cut from it (bind.ts), as the server
 * cuts it before routing — and only to a route of an app served under that base: two apps of one repository
 * (an API under `api/v1`, a worker's under `v2`) each cut their own prefix, never the other's.
 */
export function appBasePaths(
	sites: readonly DispatchSiteRecord[],
	records: readonly DispatchSiteRecord[],
): Map<string, AppBase[]> {
	const byTrunk = new Map<string, Map<string, Set<string>>>();
	if (records.length === 0) return new Map();
	const apps = new Map<string, { prefix?: string; versions?: string[]; segment?: string }>();
	for (const r of records) {
		const info = JSON.parse(r.rawKey as string) as AppPrefixInfo;
		const at = `${info.trunk}\0${info.pkg}`;
		const app = apps.get(at) ?? {};
		if (info.prefix !== undefined) app.prefix ??= info.prefix;
		if (info.versions !== undefined) {
			app.versions ??= info.versions;
			app.segment ??= info.segment;
		}
		apps.set(at, app);
	}
	for (const s of sites) {
		const id = receiverIdentity.get(s);
		if (!id?.startsWith(MARK) || s.key === null) continue;
		const route = JSON.parse(id.slice(MARK.length)) as RouteApp;
		const app = apps.get(`${s.trunk}\0${route.pkg}`);
		if (!app) continue;
		let versions = [""];
		if (app.versions && route.version !== "neutral")
			versions = route.version ? route.version.map((v) => `${app.segment ?? ""}${v}`) : app.versions;
		if (versions.length === 0) versions = [""];
		const bases = byTrunk.get(s.trunk) ?? new Map<string, Set<string>>();
		for (const v of versions) {
			const base = join(app.prefix ?? "", v);
			if (!base) continue;
			const routes = bases.get(base) ?? new Set<string>();
			routes.add(s.key);
			bases.set(base, routes);
		}
		byTrunk.set(s.trunk, bases);
	}
	// Longest first: `api/v1` is cut before `api`.
	const out = new Map<string, AppBase[]>();
	for (const [trunk, bases] of byTrunk)
		out.set(
			trunk,
			[...bases]
				.map(([base, routes]) => ({ base, routes }))
				.sort((a, b) => b.base.length - a.base.length || a.base.localeCompare(b.base)),
		);
	return out;
}
