/**
 * Requests a transport call makes: the path it is given (a template with run-time segments read as a
 * `:param` path, a guarded SWR URL, a constant path in front) and the HTTP method it names.
 */
import type { SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import { skipWrappers } from "../../syntax/unwrap.js";
import { gluedQuery, templateAsPath, withoutBaseUrl } from "../bind.js";
import { isTransport } from "./call-shape.js";
import { HTTP_VERBS } from "./families.js";
import { keyLike, literalKeys } from "./literal-keys.js";

/** The one path a constant holds (`routes.verification` → `/api/experience/verification`), or null. */
export function onePath(e: ts.Expression, sf: SourceFile): string | null {
	if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return null;
	const keys = literalKeys(e, sf, true);
	const only = keys?.length === 1 ? keys[0] : undefined;
	return only && /^\/?[\w.~-]+(\/[\w.~:-]+)*$/.test(only) ? only : null;
}

/**
 * The URL a transport is given when a guard may withhold it: SWR's conditional fetch, `useSWR(id && `/x/${id}`)`
 * or `useSWR(ready ? '/x' : null)`, requests the URL or nothing at all, never the guard.
 */
export function requestedUrl(a: ts.Expression): ts.Expression {
	const e = skipWrappers(a);
	let url: ts.Expression | undefined;
	if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
		url = e.right;
	else if (ts.isConditionalExpression(e)) {
		const none = (x: ts.Expression) => {
			const v = skipWrappers(x);
			return v.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(v) && v.text === "undefined");
		};
		url = none(e.whenFalse) ? e.whenTrue : none(e.whenTrue) ? e.whenFalse : undefined;
	}
	const inner = url && skipWrappers(url);
	// A string written there, the one request the call can make; anything else is read as before.
	return inner && (ts.isStringLiteralLike(inner) || ts.isTemplateExpression(inner)) ? inner : a;
}

/** Client methods that take a path and fetch-style options (`{ method: 'POST' }`). */
const TRANSPORT_WITH_OPTIONS = new Set(["fetch", "request"]);

/**
 * A template literal request path whose run-time parts each fill a whole segment, as a `:param`
 * path (`` `/orders/${id}/cancel` `` → `/orders/:param/cancel`); null for anything else (a base URL
 * in front, `${base}/x`, or no literal segment to join on). `relative`: given straight to a transport,
 * a path with no leading slash is one too (`` api.patch(`orders/${id}`) ``: ky's `prefixUrl` refuses a
 * leading slash), read as `/orders/:param`.
 */
export function templatePathKey(
	a: ts.Expression,
	relative = false,
	constant?: (e: ts.Expression) => string | null,
): string[] | null {
	if (!ts.isTemplateExpression(a)) return null;
	// `${this.baseUrl}/x/${id}`: a base URL in front, named so, is no part of the path.
	const base = withoutBaseUrl(a.getText()) !== a.getText().trim();
	// `${routes.verification}/social/${id}/verify`: a constant path in front is the path's start.
	const first = a.templateSpans[0];
	const prefix = !base && a.head.text === "" && first && constant ? constant(first.expression) : null;
	const lead = base || prefix !== null;
	let head = base
		? (first?.literal.text ?? "")
		: prefix !== null
			? `${prefix}${first?.literal.text ?? ""}`
			: a.head.text;
	// A relative path needs a literal first segment of its own (`orders/`), never `${x}/…` or `?q=`.
	if (relative && !base && /^[\w~-][\w.~-]*\//.test(head)) head = `/${head}`;
	if (!head.startsWith("/")) return null;
	// The path only: a query (`?token=${t}`) is cut at the first `?` of a literal part. A part that is
	// one of two strings (`` `/api/${v1 ? "v1" : "v2"}/items` ``) is each of them: a path per choice.
	let texts = [head];
	const spans = lead ? a.templateSpans.slice(1) : a.templateSpans;
	for (const [i, span] of spans.entries()) {
		if (texts.some((t) => t.includes("?"))) break;
		// `/api/links${queryString}`: the last part, glued to a word and named as a query, is the query.
		const glued = texts.every((t) => /[A-Za-z0-9_]$/.test(t)) && span.literal.text === "";
		if (glued && i === spans.length - 1 && gluedQuery(span.expression.getText())) break;
		const choices = literalChoices(span.expression) ?? [`\${p}`];
		texts = texts.flatMap((t) => choices.map((c) => `${t}${c}${span.literal.text}`));
	}
	const paths: string[] = [];
	for (const raw of texts.slice(0, MAX_PATH_CHOICES)) {
		const text = raw.replace(/[?#].*$/, "");
		const path = text.includes("${") ? templateAsPath(`\`${text}\``) : text;
		// A literal first segment (`/v1/…`, not `/${base}/…`) and a word somewhere to join on.
		if (!path || !/^\/[\w.~-]+(\/|$)/.test(path) || !/[A-Za-z]{2}/.test(path.replaceAll(":param", "")))
			return null;
		if (!keyLike(path)) return null;
		paths.push(path);
	}
	return [...new Set(paths)];
}

/** Paths a template may name at most through its two-string choices. */
const MAX_PATH_CHOICES = 4;

/** `cond ? "v1" : "v2"`: the two path segments a conditional of two plain strings names; else undefined. */
function literalChoices(e: ts.Expression): string[] | undefined {
	const c = skipWrappers(e);
	if (!ts.isConditionalExpression(c)) return undefined;
	const sides = [skipWrappers(c.whenTrue), skipWrappers(c.whenFalse)];
	const segment = (x: ts.Expression) => ts.isStringLiteralLike(x) && /^[\w.~-]+$/.test(x.text);
	return sides.every(segment) ? sides.map((x) => (x as ts.StringLiteralLike).text) : undefined;
}

/**
 * The HTTP method of a call: an HTTP verb called on a receiver (`router.post`, `client.get`), or a
 * bare transport's options (`fetch(url, { method: 'PUT' })`, GET when they name none).
 */
export function httpMethodOf(
	callee: { receiver: string; name: string },
	cn: ts.CallExpression | ts.NewExpression,
): string | undefined {
	const verb = callee.name.replace(/^\$/, "");
	if (callee.receiver !== "" && HTTP_VERBS.has(verb)) return verb === "del" ? "DELETE" : verb.toUpperCase();
	// A bare transport, or a client's own `fetch`/`request` taking fetch's options (`this.client.fetch(u, { method })`).
	const options =
		callee.receiver === ""
			? isTransport("", callee.name)
			: TRANSPORT_WITH_OPTIONS.has(callee.name) && isTransport(callee.receiver, callee.name);
	if (!options) return undefined;
	const opts = cn.arguments?.[1];
	if (!opts) return "GET";
	if (!ts.isObjectLiteralExpression(opts)) return undefined;
	return optionsMethod(opts) ?? (opts.properties.some(isMethodProperty) ? undefined : "GET");
}

const isMethodProperty = (p: ts.ObjectLiteralElementLike): p is ts.PropertyAssignment =>
	ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "method";

/**
 * The method a fetch-style options object names (`{ method: 'POST' }`), or undefined. A wrapper's
 * call naming none says nothing: the wrapper may set its own (its key then binds where one verb fits).
 */
export function optionsMethod(opts: ts.Expression | undefined): string | undefined {
	if (!opts || !ts.isObjectLiteralExpression(opts)) return undefined;
	const p = opts.properties.find(isMethodProperty);
	return p && ts.isStringLiteralLike(p.initializer) ? p.initializer.text.toUpperCase() : undefined;
}

/** A request method written as an argument after the path: `makeRequest(base, `/items/${id}`, "PUT", body)`. */
const METHOD_WORD = /^(GET|POST|PUT|PATCH|DELETE)$/i;

export function verbArgument(args: readonly ts.Expression[], pos: number): string | undefined {
	for (const raw of args.slice(pos + 1)) {
		const a = skipWrappers(raw);
		if (ts.isStringLiteralLike(a) && METHOD_WORD.test(a.text)) return a.text.toUpperCase();
	}
	return undefined;
}
