/**
 * A call's shape as discovery groups it: its (receiver, name), whether it puts a request on the wire
 * (a transport, a fetch factory's result), and whether its name may send a key at all.
 */
import { ts } from "#ts-morph";
import { withGlobalRoot } from "../../syntax/global-aliases.js";
import { skipWrappers } from "../../syntax/unwrap.js";
import { chainRoot } from "../callee.js";
import { DISPATCH_VERBS, HTTP_VERBS, INSTANCE_VERBS, SEND_NAME, TRANSPORTS, VERB_PAIRS } from "./families.js";

const PAIRED = new Set(Object.values(VERB_PAIRS).flat());

/** A call that puts a request on the wire: a bare transport (`fetch`), or a transport verb on a client (`this.http.post`, `this.client.fetch`). */
export function isTransport(receiver: string, name: string): boolean {
	if (receiver === "") return TRANSPORTS.bare.has(name) || FETCH_FACTORY.test(name);
	// A client's verb first: most calls are none, and the receiver's last segment is read only for one.
	if (!TRANSPORTS.names.has(name)) return false;
	const segment = receiver.split(".").pop() ?? "";
	const last = segment.replace(/\(\)$/, "");
	// A factory only where it is called on its own (`createAuthenticatedKy(token)`); a method's result
	// (`this.getSafeAxios()`) is any client of the class's, a third party's API included (Postiz's providers).
	const client =
		TRANSPORTS.receivers.has(last) ||
		(segment === receiver && segment.endsWith("()") && TRANSPORTS.factoryTail.test(last));
	return client && TRANSPORTS.names.has(name);
}

/**
 * A transport word inside a camel-case name: the inner steps of a fetch wrapper (`doZodFetchWithRetries`,
 * `sendRequestOnce`), which SEND_NAME (a send word first or last) does not read.
 */
const TRANSPORT_WORD = /[a-z](Fetch|Request)(?![a-z])/;

/**
 * An HTTP verb ending a camel-case name (`apiPost`, `v3Put`): a request wrapper, which another wrapper
 * may call in turn (`postForm(path, form)` → `apiPost(path, form)` → the transport).
 */
const HTTP_VERB_TAIL = /[a-z0-9](Get|Post|Put|Patch|Delete)$/;

/** A called name that can put a key on its way: a send verb, an HTTP verb or transport, a paired verb. */
export function maySend(name: string): boolean {
	return (
		SEND_NAME.test(name) ||
		TRANSPORT_WORD.test(name) ||
		HTTP_VERB_TAIL.test(name) ||
		DISPATCH_VERBS.has(name) ||
		HTTP_VERBS.has(name.replace(/^\$/, "")) ||
		TRANSPORTS.bare.has(name) ||
		INSTANCE_VERBS.has(name) ||
		PAIRED.has(name)
	);
}

/** A character one of `normalizeReceiver`'s rewrites reads: white space, `?.`, `!`, an argument list, a type argument. */
const NEEDS_NORMALIZING = /[\s?!(<]/;

/** `this.api?.x!`, `io.to(room)` → `this.api.x`, `io.to()`: one spelling per receiver shape. */
export function normalizeReceiver(text: string): string {
	// Most receivers (`this.queue`, `emitter`) hold none of the characters the rewrites below touch.
	if (!NEEDS_NORMALIZING.test(text)) return text;
	let t = text
		.replace(/\s+/g, "")
		.replace(/\?\./g, ".")
		.replace(/!(?=\.|$)/g, "");
	for (let i = 0; i < 4 && /\([^()]+\)/.test(t); i++) t = t.replace(/\([^()]+\)/g, "()");
	return t.replace(/<[^<>]*>/g, "");
}

/**
 * `calleeOf(cn)?.name` without the receiver's text (its chain root, its normalised spelling): for a
 * pass that keeps a few names only and would make the receiver of every call of the file.
 */
export function calleeNameOf(cn: ts.CallExpression | ts.NewExpression): string | undefined {
	const e = skipWrappers(cn.expression);
	if (ts.isIdentifier(e)) return e.text;
	if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) return e.name.text;
	// The other shapes make no receiver text.
	return calleeOf(cn)?.name;
}

/** The callee of a call as (receiver, name), from the compiler node; null for computed callees. */
export function calleeOf(
	cn: ts.CallExpression | ts.NewExpression,
): { receiver: string; name: string; nameNode: ts.Node } | null {
	const e = skipWrappers(cn.expression);
	if (ts.isIdentifier(e)) return { receiver: "", name: e.text, nameNode: e };
	if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) {
		// `bus.on('a', f).on('b', g)`: every link is a call on `bus`.
		// `const { ipcRenderer } = window`: the local is the global's property, one receiver with it.
		const root = chainRoot(e.expression, [e.name.text]);
		const receiver = withGlobalRoot(root, normalizeReceiver(root.getText()));
		return { receiver, name: e.name.text, nameNode: e.name };
	}
	// A fetch a factory returns, called at once: `useRequestFetch()('/api/todos')` (named `useRequestFetch()`).
	if (ts.isCallExpression(e) && e.arguments.length === 0 && ts.isIdentifier(e.expression))
		if (FETCH_FACTORY.test(`${e.expression.text}()`))
			return { receiver: "", name: `${e.expression.text}()`, nameNode: e.expression };
	// A transport a higher-order function wraps, called at once: `wrapThrowsAsync(fetch)(url, init)`.
	const wrappedTransport = ts.isCallExpression(e) ? transportArgument(e) : undefined;
	if (wrappedTransport) return { receiver: "", name: wrappedTransport.text, nameNode: wrappedTransport };
	return null;
}

/** `withRetry(fetch)`: the bare transport a one-argument call is given, if any. */
function transportArgument(e: ts.CallExpression): ts.Identifier | undefined {
	const only = e.arguments.length === 1 ? skipWrappers(e.arguments[0] as ts.Expression) : undefined;
	return only && ts.isIdentifier(only) && TRANSPORTS.bare.has(only.text) ? only : undefined;
}

/** A called fetch factory's name (`useRequestFetch()`, `createFetch()`): what it returns is a bare transport. */
export const FETCH_FACTORY = /^[\w$]*[fF]etch\(\)$/;

/**
 * `useRequestFetch()(url, …)`: a call of what a fetch factory returns, with an argument; or of a
 * transport a higher-order function wraps (`wrapThrowsAsync(fetch)(url, …)`).
 */
export function isFetchFactoryCall(cn: ts.CallExpression): boolean {
	const e = cn.expression;
	return (
		cn.arguments.length > 0 &&
		ts.isCallExpression(e) &&
		((e.arguments.length === 0 &&
			ts.isIdentifier(e.expression) &&
			FETCH_FACTORY.test(`${e.expression.text}()`)) ||
			transportArgument(e) !== undefined)
	);
}
