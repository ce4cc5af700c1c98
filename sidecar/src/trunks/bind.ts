/**
 * Joins made in finalize over every file's sites: identical templates on both sides, and concrete
 * (or differently named) paths bound to registered `:param` patterns.
 */
import type { DispatchSiteRecord } from "../index/types.js";
import type { Compiled } from "./compile.js";
import type { TrunkSpec } from "./config.js";
import { bindToPatterns, hasParams, normalizeKey } from "./normalize.js";
import { unboundMethod } from "./sites.js";

/** A base path an app serves its routes under (idioms/app-prefix.ts), with the keys of the routes served under it. */
export interface AppBase {
	base: string;
	routes: ReadonlySet<string>;
}

/** A template literal's text with each run-time part as `:param` (`\`team/${id}/added\`` → `team/:param/added`). */
export function templateForm(expression: string): string | null {
	const m = /^`([^`]*)`$/.exec(expression.trim());
	if (!m?.[1]?.includes("${")) return null;
	return m[1].replace(/\$\{[^}]*\}/g, ":param");
}

/**
 * The last name of a base-URL expression: `this.baseUrl`, `API_URL`, `env.apiOrigin`, `getBaseURL()`,
 * and a server's address named after the API it serves (`config.hostApi`, `filesApi`).
 */
const BASE_URL_NAME = /(ur[li]|base|origin|host|endpoint|api)$/i;

/**
 * A template literal request path behind a base URL, the base cut: `` `${this.baseUrl}/api/x/${id}` ``
 * → `` `/api/x/${id}` `` when the leading substitution is a base URL by its name and a literal path
 * segment follows; any other text unchanged.
 */
export function withoutBaseUrl(expression: string): string {
	const m = /^`\$\{\s*([\w$.]+?)(\(\))?\s*\}(\/[\w.~-])/.exec(expression.trim());
	if (!m?.[1] || !BASE_URL_NAME.test(m[1].split(".").pop() ?? "")) return expression;
	return `\`${expression.trim().slice(m[0].length - (m[3]?.length ?? 0))}`;
}

/**
 * A template literal's literal text with each substitution as `\0`, up to the query: the first `?` or
 * `#` of a literal part ends the path (`` `/posts?${q}` `` → `/posts`). Substitutions may hold
 * braces and nested templates (`` `${id ? `&id=${id}` : ''}` ``); null when the text is no template.
 */
function templatePathText(expression: string, substitutions?: string[]): string | null {
	const t = expression.trim();
	if (t.length < 2 || t[0] !== "`" || t[t.length - 1] !== "`") return null;
	let out = "";
	let i = 1;
	const end = t.length - 1;
	while (i < end) {
		const ch = t[i] as string;
		if (ch === "?" || ch === "#") return out;
		if (ch === "`") return null; // two templates side by side, not one
		if (ch === "\\") {
			out += t.slice(i, i + 2);
			i += 2;
			continue;
		}
		if (ch === "$" && t[i + 1] === "{") {
			// Skip the substitution: braces balance, nested templates and strings are stepped over.
			let depth = 1;
			let j = i + 2;
			let quote: string | null = null;
			while (j < end && depth > 0) {
				const c = t[j] as string;
				if (quote) {
					if (c === "\\") j++;
					else if (c === quote) quote = null;
				} else if (c === "'" || c === '"' || c === "`") quote = c;
				else if (c === "{") depth++;
				else if (c === "}") depth--;
				j++;
			}
			if (depth > 0) return null;
			substitutions?.push(t.slice(i + 2, j - 1));
			out += "\0";
			i = j;
			continue;
		}
		out += ch;
		i++;
	}
	return out;
}

/**
 * A template literal request path whose substitutions each fill whole path segments, as a `:param`
 * path, the query cut (`` `/posts/${id}?date=${d}` `` → `/posts/:param`; a segment of run-time parts
 * only, `${id}${suffix}`, is one parameter); else null. A template whose only run-time parts were in
 * the query is its literal path, and so is one whose last part, glued to a word, is named as a query
 * (`/links${queryString}`, gluedQuery).
 */
export function templateAsPath(expression: string): string | null {
	if (!expression.includes("${")) return null;
	const substitutions: string[] = [];
	const text = templatePathText(withoutBaseUrl(expression), substitutions);
	if (text === null) return null;
	const last = substitutions[substitutions.length - 1];
	const marked =
		/[A-Za-z0-9_]\0$/.test(text) && last !== undefined && gluedQuery(last) ? text.slice(0, -1) : text;
	const segments = marked.split("/");
	if (segments.some((seg) => seg.includes("\0") && seg.replaceAll("\0", "") !== "")) return null;
	return segments.map((seg) => (seg.includes("\0") ? ":param" : seg)).join("/");
}

/**
 * A run-time part glued to a URL's last word and named as its query string (`` `/api/links${queryString}` ``,
 * `${getQueryString(opts)}`, `${qs}`, `${searchParams}`): the query, no part of the path. Only so named: a
 * part glued to a word may be the path's rest (`/v1${path}`) or an id's tail (`link_${nanoid(7)}`).
 */
export function gluedQuery(substitution: string): boolean {
	return /quer(y|ies)|search|(^|[^A-Za-z])qs([^A-Za-z]|$)/i.test(substitution);
}

/** `'/posts/old?date=' + d`: a string whose query starts before the first `+` names its path alone. */
function concatenatedPath(expression: string): string | null {
	const m = /^(['"])(\/[^'"?#]*)[?#][^'"]*\1\s*\+/.exec(expression.trim());
	return m?.[2] ?? null;
}

/** Does the trunk put an HTTP method in its keys? */
export function usesMethods(spec: TrunkSpec): boolean {
	return spec.idioms.some((i) => (i.kind === "call" || i.kind === "new") && i.key.method !== undefined);
}

/**
 * The one registered `VERB /path` a path of unknown method reaches, or null when none or several verbs'
 * routes fit (`/x/:param` with both `GET /x/:id` and `ALL /x/:id` registered says not which).
 */
function bindAnyVerb(
	path: string,
	registered: ReadonlySet<string>,
	patterns: readonly string[],
): string | null {
	const fits = new Set<string>();
	for (const verb of new Set([...registered].map((k) => k.slice(0, k.indexOf(" "))))) {
		const bound = bindToPatterns(`${verb} /${path.replace(/^\/+/, "")}`, registered, patterns);
		if (registered.has(bound)) fits.add(bound);
	}
	return fits.size === 1 ? ([...fits][0] as string) : null;
}

/**
 * A dispatch key bound to a registered pattern; `GET /x` also reaches an `ALL /x` registration, and
 * a path without its method (a fetch wrapper's call naming none) the one verb's route that fits.
 */
export function bindMethodKey(
	key: string,
	registered: ReadonlySet<string>,
	patterns: readonly string[],
	methods: boolean,
): string {
	const bound = bindToPatterns(key, registered, patterns);
	if (!methods || registered.has(bound)) return bound;
	const space = key.indexOf(" ");
	if (space < 0) return bindAnyVerb(key, registered, patterns) ?? bound;
	const all = bindToPatterns(`ALL${key.slice(space)}`, registered, patterns);
	return registered.has(all) ? all : bound;
}

/**
 * Template keys written identically on both sides (`publish(\`team/${id}/added\`)` and
 * `asyncIterator(\`team/${teamId}/added\`)`) meet on their shape, `team/:param/added`: only when
 * both a register and a dispatch site have that shape, so a lone template stays unbound.
 */
export function bindTemplates(sites: DispatchSiteRecord[], c: Compiled): void {
	const groups = new Map<string, DispatchSiteRecord[]>();
	for (const s of sites) {
		if (s.key !== null) continue;
		const t = c.trunks.get(s.trunk);
		if (!t || usesMethods(t.spec)) continue;
		const form = templateForm(s.expression);
		// A shape that is all run time (`${a}` or `${a}.${b}`) says nothing about the key.
		if (!form || !/[A-Za-z0-9]{2}/.test(form.replaceAll(":param", ""))) continue;
		const key = normalizeKey(form, t.normalize);
		const id = `${s.trunk}\0${key}`;
		const list = groups.get(id) ?? [];
		list.push(s);
		groups.set(id, list);
	}
	for (const [id, list] of groups) {
		if (!list.some((s) => s.side === "register") || !list.some((s) => s.side === "dispatch")) continue;
		const key = id.slice(id.indexOf("\0") + 1);
		for (const s of list) {
			s.key = key;
			s.rawKey = s.expression;
		}
	}
}

/**
 * Concrete (or differently-named) REST paths bound to the registered `:param` pattern they match. A
 * client path that reaches no route as it is may once one of the trunk's `appPrefixes` is cut from its
 * front (`/api/v1/users/42` → `users/:id` where the app serves under `api/v1`: idioms/app-prefix.ts).
 */
export function bindParams(
	sites: DispatchSiteRecord[],
	c: Compiled,
	appPrefixes: ReadonlyMap<string, readonly AppBase[]> = new Map(),
): void {
	for (const [name, t] of c.trunks) {
		if (!t.spec.normalize.params) continue;
		const registered = new Set<string>();
		for (const s of sites) if (s.trunk === name && s.side === "register" && s.key) registered.add(s.key);
		const patterns = [...registered].filter(hasParams);
		const methods = usesMethods(t.spec);
		const bases = appPrefixes.get(name) ?? [];
		// A path with an app's base path cut from its front (longest base first), and the routes served under it.
		const cut = (path: string): { rest: string; routes: ReadonlySet<string> }[] =>
			bases
				.filter((b) => path.startsWith(`${b.base}/`))
				.map((b) => ({ rest: path.slice(b.base.length + 1), routes: b.routes }));
		// A keyed client call (`GET /api/v1/users/:param`) bound to the route it reaches once a base path is cut.
		const underBase = (key: string): string | null => {
			const space = methods ? key.indexOf(" ") : -1;
			const method = space > 0 ? key.slice(0, space) : "";
			for (const { rest, routes } of cut(key.slice(space + 1).replace(/^\/+/, ""))) {
				const k = method ? `${method} /${rest}` : rest;
				const bound = bindMethodKey(k, registered, patterns, methods);
				if (routes.has(bound)) return bound;
			}
			return null;
		};
		// With no `:param` route, only an any-method route (`ALL /ping`) or an app's base path can still take a dispatch key.
		const anyMethod = methods && [...registered].some((k) => k.startsWith("ALL "));
		if (patterns.length === 0 && !anyMethod && bases.length === 0) continue;
		const bind = (s: DispatchSiteRecord, path: string, served?: ReadonlySet<string>): boolean => {
			let bound: string | null;
			if (!methods) bound = bindToPatterns(path, registered, patterns);
			else {
				// The verb of an unbound call is known when it was extracted in this run; otherwise bind
				// only when exactly one verb's route fits.
				const known = unboundMethod.get(s);
				bound = known
					? bindMethodKey(`${known} /${path}`, registered, patterns, true)
					: bindAnyVerb(path, registered, patterns);
			}
			if (bound === null || !registered.has(bound) || (served && !served.has(bound))) return false;
			s.key = bound;
			s.rawKey = s.expression;
			return true;
		};
		for (const s of sites) {
			if (s.trunk !== name || s.side !== "dispatch") continue;
			if (s.key) {
				const bound = bindMethodKey(s.key, registered, patterns, methods);
				s.key = registered.has(bound) ? bound : (underBase(bound) ?? bound);
				continue;
			}
			// `/v1/files.upload/${id}`: run-time parts filling whole segments are parameters.
			const asPattern = templateAsPath(s.expression) ?? concatenatedPath(s.expression);
			if (!asPattern) continue;
			const path = normalizeKey(asPattern, t.normalize);
			if (bind(s, path)) continue;
			for (const { rest, routes } of cut(path)) if (bind(s, rest, routes)) break;
		}
	}
}
