/**
 * The expression under the wrappers that change only its type: `(x)`, `x as T`, `x satisfies T`,
 * `<T>x`, `x!`. One rule, two entry points: `skipWrappers` on compiler nodes (the definition walk and
 * the trunk walk) and `unwrap` on ts-morph nodes (the trunk idioms), which asks `skipWrappers`.
 */
// The compiler ts-morph bundles: the walks that call this hold its nodes (kind numbers are per version).
import { type Node, ts } from "#ts-morph";

/** A wrapper that changes only its `expression`'s type. */
export type TypeOnlyWrapper =
	| ts.ParenthesizedExpression
	| ts.AsExpression
	| ts.NonNullExpression
	| ts.SatisfiesExpression
	| ts.TypeAssertion;

function isTypeOnlyWrapper(n: ts.Node): n is TypeOnlyWrapper {
	return (
		ts.isParenthesizedExpression(n) ||
		ts.isAsExpression(n) ||
		ts.isNonNullExpression(n) ||
		ts.isSatisfiesExpression(n) ||
		ts.isTypeAssertionExpression(n)
	);
}

export function skipWrappers(node: ts.Expression): ts.Expression;
export function skipWrappers(node: ts.Node): ts.Node;
export function skipWrappers(node: ts.Node): ts.Node {
	let n = node;
	while (isTypeOnlyWrapper(n)) n = n.expression;
	return n;
}

/**
 * `skipWrappers` on a ts-morph node: the compiler node it decides on, found by following the same
 * `expression` links down (public API; the same ts-morph node objects, no re-wrapping).
 */
export function unwrap(node: Node): Node {
	const inner = skipWrappers(node.compilerNode);
	let n = node;
	while (n.compilerNode !== inner) n = (n as Node<TypeOnlyWrapper>).getNodeProperty("expression");
	return n;
}

/**
 * Calls whose callback computes a value there and then (`items.map(x => …)`, `text.replace(re, m => …)`,
 * `p.then(r => …)`) or runs later on a timer (`setTimeout(() => …)`, whose result is a handle): handed
 * to a keyed call (`cache.set(key, setTimeout(…))`), such a call is a value, not a wrapped handler.
 * Matched on the called name, bare or as a method.
 */
const DATA_CALLBACK_METHODS = new Set([
	"setTimeout",
	"setInterval",
	"setImmediate",
	"requestAnimationFrame",
	"requestIdleCallback",
	"queueMicrotask",
	"nextTick",
	"replace",
	"replaceAll",
	"map",
	"flatMap",
	"filter",
	"reduce",
	"forEach",
	"find",
	"findIndex",
	"some",
	"every",
	"sort",
	"then",
	"catch",
	"finally",
]);

/**
 * The inline function an argument is, or the one inline function a wrapper call around it is given
 * (`socket.on('x', action(async (e) => …))`, `debounce(() => …, 100)`): the code that runs on the key
 * is that function, not the wrapper. One call level; none when the call hands over several functions
 * or is one of DATA_CALLBACK_METHODS.
 */
export function wrappedCallback(arg: ts.Node): ts.ArrowFunction | ts.FunctionExpression | undefined {
	const n = skipWrappers(arg);
	if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) return n;
	if (!ts.isCallExpression(n)) return undefined;
	const callee = skipWrappers(n.expression);
	const name = ts.isPropertyAccessExpression(callee)
		? callee.name.text
		: ts.isIdentifier(callee)
			? callee.text
			: undefined;
	if (name !== undefined && DATA_CALLBACK_METHODS.has(name)) return undefined;
	const fns = n.arguments
		.map((a) => skipWrappers(a))
		.filter(
			(a): a is ts.ArrowFunction | ts.FunctionExpression =>
				ts.isArrowFunction(a) || ts.isFunctionExpression(a),
		);
	return fns.length === 1 ? fns[0] : undefined;
}
