/**
 * What a request wrapper's inner call says beyond the key's parameter (wrapper-facts.ts records it,
 * wrapper-clients.ts follows it): the base a URL-join puts in front of the path
 * (`urljoin(apiRoot, path)`), the HTTP verb chosen by a parameter (`axios[method](url)`), and the
 * verbs a wrapper passes its inner step as words (`request('put', path, body)`).
 */
import type { SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import { skipWrappers } from "../../syntax/unwrap.js";
import { isTransport } from "./call-shape.js";
import { onePath } from "./http-requests.js";

/** Functions that join URL parts with one slash between them (`url-join`, `urlJoin`, `joinURL`, `joinPaths`). */
const URL_JOIN = /^(url-?join|join-?url|join-?paths?)$/i;

/**
 * `urljoin(base, path)`: the base constant's path (`/api/v2`) and the part after it, which carries the
 * key; null for any other expression, or a base that is no one constant path.
 */
export function joinedUrl(
	a: ts.Expression,
	sf: () => SourceFile,
): { base: string; rest: ts.Expression } | null {
	const e = skipWrappers(a);
	if (!ts.isCallExpression(e) || e.arguments.length !== 2) return null;
	const fn = skipWrappers(e.expression);
	const name = ts.isIdentifier(fn) ? fn.text : ts.isPropertyAccessExpression(fn) ? fn.name.text : "";
	if (!URL_JOIN.test(name)) return null;
	const [first, rest] = e.arguments as unknown as [ts.Expression, ts.Expression];
	const b = skipWrappers(first);
	const base = ts.isStringLiteralLike(b) ? b.text : onePath(b, sf());
	return base && /^\/?[\w.~-]+(\/[\w.~-]+)*\/?$/.test(base) ? { base, rest } : null;
}

/**
 * `axios[method](url, …)`: a transport client's verb picked at run time by an identifier (the
 * wrapper's parameter, checked where the fact is made); the call reads as the client's `request`.
 */
export function computedVerbCall(
	cn: ts.CallExpression,
): { receiver: string; name: string; nameNode: ts.Node; verb: ts.Identifier } | null {
	const e = skipWrappers(cn.expression);
	if (!ts.isElementAccessExpression(e)) return null;
	const verb = skipWrappers(e.argumentExpression);
	const recv = skipWrappers(e.expression);
	if (!ts.isIdentifier(verb) || !(ts.isIdentifier(recv) || ts.isPropertyAccessExpression(recv))) return null;
	const receiver = recv.getText().replace(/\s+/g, "");
	return isTransport(receiver, "request") ? { receiver, name: "request", nameNode: verb, verb } : null;
}

const VERB_WORD = /^(get|post|put|patch|delete)$/i;

/** HTTP verbs a call passes as string words, by argument position (`request('put', path)` → `{ 0: "PUT" }`). */
export function verbArguments(
	args: readonly ts.Expression[],
	keyPos: number,
): Record<number, string> | undefined {
	let out: Record<number, string> | undefined;
	args.forEach((raw, i) => {
		const a = skipWrappers(raw);
		if (i !== keyPos && ts.isStringLiteralLike(a) && VERB_WORD.test(a.text)) {
			out ??= {};
			out[i] = a.text.toUpperCase();
		}
	});
	return out;
}
