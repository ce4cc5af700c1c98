/**
 * Keyed calls: every call that carries a literal (or const) key in its first two arguments — with or
 * without a handler — is a candidate, grouped later by its shape (receiver, called name, key position).
 * The entry of the per-file pass for calls: it hands each call to the families that read more of it.
 */
import type { CallExpression, NewExpression, SourceFile } from "ts-morph";
import { ts } from "#ts-morph";
import type { DispatchSiteRecord, SiteContext } from "../../index/types.js";
import { chainHandlerIndex, inlineFunctionOf } from "../handler.js";
import { calledName, checkerOf, throughWrappers, wrap } from "../walk.js";
import { creatorCandidates } from "./actions.js";
import { calleeOf, isTransport, maySend } from "./call-shape.js";
import { CANDIDATE, type CandidateInfo, recordOf } from "./candidates.js";
import { classEventCandidate } from "./class-events.js";
import { factoryInstanceCandidate, HELD_RECEIVER } from "./factory-instances.js";
import {
	ACTIONS,
	HTTP_VERBS,
	INSTANCE_VERBS,
	KEY_PROPERTY,
	LOOKUP_VERBS,
	PROXY_VERBS,
	VERB_PAIRS,
} from "./families.js";
import { calleeDef, commandRegistry, factoryHandler, handlerOf } from "./handler-refs.js";
import {
	httpMethodOf,
	onePath,
	optionsMethod,
	requestedUrl,
	templatePathKey,
	verbArgument,
} from "./http-requests.js";
import { definesJob, namedKeys } from "./jobs.js";
import { heldInstance, instanceCandidate } from "./keyed-instances.js";
import { constantOf, literalKeys } from "./literal-keys.js";
import { busOf } from "./named-buses.js";
import { mayHoldCandidates, objectCandidates, proxyCandidate } from "./object-registries.js";
import { computedVerbCall, verbArguments } from "./request-urls.js";
import { type FileFacts, facadeUseCandidate, registrationCandidate } from "./services.js";
import { wrapperFact } from "./wrapper-facts.js";

/** Methods of built-ins that take a string: their callee is never an in-repo wrapper worth resolving. */
const NOT_WRAPPERS = new Set([
	"push",
	"includes",
	"indexOf",
	"startsWith",
	"endsWith",
	"split",
	"join",
	"replace",
	"replaceAll",
	"match",
	"test",
	"concat",
	"querySelector",
	"querySelectorAll",
	"getElementById",
	"getAttribute",
	"setAttribute",
	"hasAttribute",
	"removeAttribute",
	"getItem",
	"setItem",
	"removeItem",
	"log",
	"debug",
	"info",
	"warn",
	"error",
	"trace",
	"toLocaleString",
	"localeCompare",
	"padStart",
	"padEnd",
	"require",
]);

const IGNORED_RECEIVERS = new Set([
	"console",
	"Math",
	"JSON",
	"Object",
	"Array",
	"Promise",
	"Reflect",
	"Number",
]);

/**
 * A receiver longer than this is an expression (a call chain, an inline object), not a registry's name: calls
 * on it group by its text, so each would be a shape of its own, and its text would weigh on every row.
 */
const MAX_RECEIVER = 60;

/**
 * Candidates of one call (the caller checked no preset idiom took it). The checks run on the compiler
 * node; `wrapped` gives ts-morph's node, made only for a call that passes them (most calls are no
 * candidate, and wrapping each one was most of discovery's cost).
 */
export function callCandidates(
	sf: SourceFile,
	cn: ts.CallExpression | ts.NewExpression,
	wrapped: () => CallExpression | NewExpression,
	ctx: SiteContext,
	out: DispatchSiteRecord[],
	facts: FileFacts,
): void {
	const isCall = ts.isCallExpression(cn);
	const asCall = wrapped as () => CallExpression;
	// `axios[method](url)` in a request wrapper: a fact only (its key is the wrapper's parameter).
	const computed = isCall ? computedVerbCall(cn) : null;
	if (computed) {
		wrapperFact(sf, cn, computed, ctx, out, undefined, computed.verb);
		return;
	}
	if (isCall) facadeUseCandidate(sf, cn, ctx, facts);
	const args = cn.arguments ?? ts.factory.createNodeArray();
	// A call with no argument is a candidate only as a proxy call: its receiver text is not worth making.
	if (args.length === 0 && !(isCall && PROXY_VERBS.has(calledName(cn) ?? ""))) return;
	const callee = calleeOf(cn);
	if (!callee) return;
	// `trpc.post.list.useQuery()`: a proxy call names its key in the callee, arguments or not. Its receiver is
	// the procedure's path, as long as the routers nest deep, so the receiver cap below is not for it.
	if (isCall && PROXY_VERBS.has(callee.name)) proxyCandidate(asCall, callee, ctx, out);
	if (args.length === 0) return;
	if (isCall) classEventCandidate(cn, asCall, callee, ctx, out);
	if (callee.receiver.length > MAX_RECEIVER) return;
	const root = /^[\w$]+/.exec(callee.receiver)?.[0];
	if ((root && IGNORED_RECEIVERS.has(root)) || callee.name === "require") return;
	if (isCall) {
		// Only a call that may send is worth a wrapper fact (most calls pass some parameter somewhere).
		if (maySend(callee.name)) wrapperFact(sf, cn, callee, ctx, out);
		if (args.some((a) => ts.isNewExpression(a))) registrationCandidate(asCall(), callee, ctx, out);
		if (ACTIONS.senders.has(callee.name) && args.some((a) => ts.isCallExpression(a)))
			creatorCandidates(asCall(), ctx, out);
	} else if (VERB_PAIRS[`new ${callee.name}`]) {
		// `register(queueName, fn) { new Worker(queueName, fn) }`: a function registering through a paired
		// constructor wraps it; its callers are the registry (registersVia, infer.ts).
		wrapperFact(sf, cn, { ...callee, name: `new ${callee.name}` }, ctx, out);
	}
	const transport = isCall && isTransport(callee.receiver, callee.name);
	// The in-repo definition the callee resolves to, asked once per call (both key positions and the
	// registering callee ask it of the same expression).
	let resolvedCallee: string | null | undefined;
	const calleeId = () => {
		if (resolvedCallee === undefined) resolvedCallee = calleeDef(cn.expression, checkerOf(sf), ctx);
		return resolvedCallee;
	};
	for (let pos = 0; pos < Math.min(2, args.length); pos++) {
		const a = transport ? requestedUrl(args[pos] as ts.Expression) : (args[pos] as ts.Expression);
		// The key's expressions: the argument itself, or the `name` of an object (`enqueue({ name: JOB })`) or of
		// a list of them (`addBulk([{ name: A }, …])`, `enqueueAll(xs.map((x) => ({ name: B, data: x })))`).
		let keyExprs: ts.Expression[] = [a];
		if (ts.isObjectLiteralExpression(a) && mayHoldCandidates(a))
			objectCandidates(sf, cn, args[pos], callee, pos, ctx, out);
		if (ts.isObjectLiteralExpression(a) || ts.isArrayLiteralExpression(a) || ts.isCallExpression(a)) {
			// A call only, never `new X({ name })`; nor a call given the job definition itself
			// (`createQueue({ name, process })` makes the queue: jobs.ts registers it, nothing is sent).
			keyExprs = isCall && !definesJob(a) ? namedKeys(a) : [];
			if (keyExprs.length === 0) continue;
		}
		const found = keyExprs.map((e) => literalKeys(e, sf, transport));
		// A request path built at run time, `/admin/products/${id}`: its run-time segments are parameters.
		// Passed to a transport, or to an in-repo function that may wrap one (`zodfetch(Schema, url, init)`,
		// the URL in any of the first two positions): inference keeps the latter only where wrapper
		// facts show that parameter reaching a transport (wrapper-facts.ts, reachesTransport).
		let throughWrapper = false;
		if (found[0] === null && keyExprs[0] === a && isCall) {
			if (transport) found[0] = templatePathKey(a, true, (e) => onePath(e, sf));
			else if (!NOT_WRAPPERS.has(callee.name) && ts.isTemplateExpression(a)) {
				found[0] = templatePathKey(a);
				throughWrapper = found[0] !== null;
			}
		}
		if (found.some((k) => k === null)) continue;
		const keys = [...new Set(found.length === 1 ? (found[0] as string[]) : (found.flat() as string[]))];
		const keyExpr = keyExprs[0] as ts.Expression;
		let handlerArg: number | null = null;
		let handler: string | null = null;
		// The last function argument: middlewares come first (`router.get('/x', auth, list)` is handled by `list`).
		// A route's chain (an HTTP verb) is handled by its own inline function (`asyncHandler(async …)`) before the
		// shared references after it (`respond`); elsewhere a trailing call is an option, `computed(() => …)`.
		const own = HTTP_VERBS.has(callee.name) ? chainHandlerIndex(args, pos + 1) : -1;
		const inline = own > pos ? inlineFunctionOf(args[own] as ts.Node) : undefined;
		if (inline) {
			const fn = wrap(sf, inline);
			handler = ctx.defIdOf(fn) ?? ctx.enclosingDefId(fn);
			handlerArg = own === args.length - 1 ? -1 : own;
		}
		for (let h = args.length - 1; h > pos && handler === null; h--) {
			const raw = args[h] as ts.Expression;
			if (
				ts.isArrowFunction(raw) ||
				ts.isFunctionExpression(raw) ||
				ts.isIdentifier(raw) ||
				ts.isPropertyAccessExpression(raw) ||
				ts.isCallExpression(raw) ||
				ts.isObjectLiteralExpression(raw) ||
				(ts.isNewExpression(raw) && commandRegistry(callee))
			) {
				const id =
					handlerOf(raw, sf, ctx) ?? (ts.isCallExpression(raw) ? factoryHandler(wrap(sf, raw), ctx) : null);
				if (id) {
					handlerArg = h === args.length - 1 ? -1 : h;
					handler = id;
					break;
				}
			}
		}
		const method = throughWrapper
			? (optionsMethod(args[pos + 1]) ?? verbArgument(args, pos))
			: httpMethodOf(callee, cn);
		// `request('put', path)`: the verb a wrapper picks by its parameter (wrapper-clients.ts reads it).
		const verbs = method || !isCall ? undefined : verbArguments(args, pos);
		const held = pos === 0 && !isCall && handler === null ? heldInstance(cn) : null;
		const constant = constantOf(keyExpr);
		const property =
			keyExpr !== a && ts.isPropertyAssignment(keyExpr.parent) && ts.isIdentifier(keyExpr.parent.name)
				? keyExpr.parent.name.text
				: KEY_PROPERTY;
		// A getter whose result is called at once (`handlers.get('x')?.(payload)`) runs what it gets.
		const invoked = isCall && LOOKUP_VERBS.has(callee.name) && resultCalled(cn);
		const bus = isCall && pos === 0 && keyExpr === a ? busOf(cn, callee.name) : null;
		const info: CandidateInfo = {
			...(keyExpr !== a ? { named: true as const } : {}),
			...(property !== KEY_PROPERTY ? { keyProperty: property } : {}),
			...(keyExpr !== a && !ts.isObjectLiteralExpression(a) ? { listed: true as const } : {}),
			...(invoked ? { invoked: true as const } : {}),
			...(throughWrapper ? { viaWrapper: true as const } : {}),
			...(method ? { method } : {}),
			...(verbs ? { verbs } : {}),
			...(constant ? { constant } : {}),
			...(held ? { held: true as const } : {}),
			...(held === "emitted" ? { emitted: true as const } : {}),
			...(bus ? { bus } : {}),
			form: "call",
			receiver: callee.receiver,
			name: isCall ? callee.name : `new ${callee.name}`,
			arg: pos,
			keys,
			handlerArg,
			handler,
			// Only for a callee that can be an in-repo wrapper (built-in string/array/DOM/log methods cannot).
			callee: handler || NOT_WRAPPERS.has(callee.name) ? null : calleeId(),
			...(handler && isCall ? registeringCallee(calleeId()) : {}),
		};
		// On compiler nodes: most candidates never need the call or the key wrapped.
		out.push(recordOf(CANDIDATE, info, cn, keyExpr, sf.compilerNode, ctx));
	}
	// Keyed or not (`queue.add('job-name')` also names the job), the instance's own key is sent too.
	if (INSTANCE_VERBS.has(callee.name) && isCall && HELD_RECEIVER.test(callee.receiver)) {
		if (/^[\w$]+$/.test(callee.receiver)) instanceCandidate(asCall(), callee, ctx, out);
		factoryInstanceCandidate(asCall(), callee.name, ctx, out);
	}
}

/** Is a call's result called in turn (`get('x')()`, `get('x')?.(p)`, `(get('x'))!()`)? */
function resultCalled(cn: ts.CallExpression | ts.NewExpression): boolean {
	const at = throughWrappers(cn, (p) => ts.isParenthesizedExpression(p) || ts.isNonNullExpression(p));
	return ts.isCallExpression(at.parent) && at.parent.expression === at;
}

/** A registering call's in-repo callee (`JobHub.register`), which may wrap a paired constructor (`new Worker`). */
function registeringCallee(via: string | null): { registersVia?: string } {
	return via ? { registersVia: via } : {};
}
